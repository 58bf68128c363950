"""service.features.mailin.needed: a move by mail is answered only when the seat's next email
will not follow within moments (one mail per turn), or when the seat asked for every answer."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

import engine
from engine.state import MONSTER, GameState, evolve
from service.features.mailin.needed import comes_back, next_mail_follows
from service.features.mailin.service import receive
from service.kernel.models import Game
from service.kernel.monster import resolve_monster_phase
from service.kernel.narration import diagram
from service.kernel.store import load_state
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.mailin.helpers import ANN, actions_of, address_of, answers, inbound_rows, reply
from tests.service.helpers import API, NewGame, auth, create_game
from tests.support.ports import HOST
from tests.support.smtp_server import SmtpServer
from worker.relay import relay

BOB = "bob@example.com"
# Turn 1: each player enters two figures, then their waiting ones flip; then the monster.
TURN_ONE = ("green 5 +NNNN", "red 5 +WWWW", "green 4 +NNN", "red 4 +WWW")
TURN_ONE_OF_THREE = ("green 5 +NNNN", "red 5 +WWWW", "blue 5 +NN", "green 4 +NNN",
                     "red 4 +WWW", "blue 4 +WW")
CID = "cid@example.com"
NOBODY: frozenset[int] = frozenset()


def two(seat: int = 0, **changes: Any) -> GameState:
    """Return a new two-player game waiting for ``seat``, with ``changes``."""
    state = engine.new_game(["green", "red"], seed=7, start_seat=seat)
    return evolve(state, **changes) if changes else state


def moved(state: GameState, colour: str, keep: int = 0) -> GameState:
    """Return ``state`` with all but ``keep`` of ``colour``'s figures marked as moved."""
    left = keep
    figures = []
    for figure in state.figures:
        if figure.colour == colour and left == 0:
            figure = evolve(figure, moved=True)
        elif figure.colour == colour:
            left -= 1
        figures.append(figure)
    return evolve(state, figures=tuple(figures))


def test_the_seats_own_turn_again_and_the_end_come_back_to_it() -> None:
    assert comes_back(two(0), 0, NOBODY, every_event=False)
    over = evolve(two(1), phase="over", to_move=None)
    assert comes_back(over, 0, NOBODY, every_event=False)


def test_a_person_next_does_not_come_back() -> None:
    assert not comes_back(two(1), 0, NOBODY, every_event=True)


def test_the_monster_phase_comes_back_only_to_a_seat_that_hears_of_it() -> None:
    monster = evolve(two(0), phase=MONSTER, to_move=None)
    assert comes_back(monster, 0, NOBODY, every_event=True)
    assert not comes_back(monster, 0, NOBODY, every_event=False)


def test_a_computer_or_a_plan_next_moves_until_a_person_is_asked() -> None:
    # The computer (red) moves once, then green is to move: the seat itself.
    assert comes_back(two(1), 0, frozenset({1}), every_event=False)
    # Green has moved all it can: red moves its four, then the monster.
    done = moved(two(1), "green")
    assert comes_back(done, 0, frozenset({1}), every_event=True)
    assert not comes_back(done, 0, frozenset({1}), every_event=False)
    # Three seats: after the computer (red) comes blue, a person.
    three = engine.new_game(["green", "red", "blue"], seed=7, start_seat=1)
    assert not comes_back(three, 0, frozenset({1}), every_event=True)
    assert comes_back(three, 0, frozenset({1, 2}), every_event=False)
    # The seat's own plan moves for it too: then it is red's turn, a person.
    assert not comes_back(two(0), 0, frozenset({0}), every_event=True)


def take(app: Flask, raw: bytes) -> Any:
    """Hand a raw message to the service as a door does."""
    with app.app_context():
        return receive(raw)


def people(client: FlaskClient) -> NewGame:
    """Create a game of Ann (seat 0, to move) and Bob (seat 1), both with an address."""
    return create_game(client, [{"name": "Ann", "email": ANN}, {"name": "Bob", "email": BOB}])


def play(app: Flask, game: NewGame, lines: tuple[str, ...]) -> None:
    """Make each move by mail, Ann's and Bob's in turn, from Ann's."""
    for number, line in enumerate(lines):
        seat = number % 2
        [result] = take(app, reply(address_of(app, game, seat), line,
                                   sender=(ANN, BOB)[seat]))
        assert result.status == "applied", line


def set_seat(client: FlaskClient, game: NewGame, seat: int, **settings: str) -> None:
    """Set the seat's notification settings through the API, as its page does."""
    response = client.put(f"{API}/games/{game.id}/notifications", json=settings,
                          headers=auth(game.seat_tokens[seat]))
    assert response.status_code == 200, response.get_data(as_text=True)


def test_a_move_against_the_computer_gets_no_answer_its_next_your_move_follows(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann", "email": ANN}, {"computer": "easy"}])
    [result] = take(app, reply(address_of(app, game), "green 5 +NNNN"))
    assert result.status == "applied" and actions_of(app, game) == ["green 5 +NNNN"]
    assert answers(app) == []
    assert inbound_rows(app)[0].detail.endswith("not answered: the seat's next email follows")


def test_the_last_move_before_the_monster_gets_no_answer_for_a_seat_that_hears_of_it(
        app: Flask, client: FlaskClient) -> None:
    game = people(client)
    for seat in (0, 1):  # both hear of every monster phase
        assert client.put(f"{API}/games/{game.id}/notifications", json={
            "email_mode": "every_event"}, headers=auth(game.seat_tokens[seat])).status_code == 200
    play(app, game, TURN_ONE)
    assert [a["text"].splitlines()[2] for a in answers(app)] == [
        "Your move green 5 +NNNN was made; Bob is next.",
        "Your move red 5 +WWWW was made; Ann is next.",
        "Your move green 4 +NNN was made; Bob is next."]  # red 4 +WWW: the monster's turn


def test_a_seat_mailed_only_on_its_turn_is_told_the_monster_moves_next(
        app: Flask, client: FlaskClient) -> None:
    game = people(client)
    set_seat(client, game, 1, email_mode="my_turn")
    play(app, game, TURN_ONE)
    assert answers(app)[-1]["text"].splitlines()[2] == (
        "Your move red 4 +WWW was made; the monster moves next.")


def test_a_seat_that_asked_for_every_answer_gets_the_new_board(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann", "email": ANN}, {"computer": "easy"}])
    set_seat(client, game, 0, answers="every")
    take(app, reply(address_of(app, game), "green 5 +NNNN"))
    [answer] = answers(app)
    with app.app_context():
        found = db.session.get(Game, game.id)
        assert found is not None
        state = load_state(found)
        assert state is not None
        board = diagram(state)
        db.session.rollback()
    assert "Done: green 5 +NNNN." in answer["text"] and board in answer["text"]


def test_a_seat_without_turn_emails_is_answered(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann", "email": ANN}, {"computer": "easy"}])
    set_seat(client, game, 0, email_mode="digest")
    take(app, reply(address_of(app, game), "green 5 +NNNN"))
    [answer] = answers(app)
    assert answer["text"].splitlines()[2].startswith("Your move green 5 +NNNN was made; ")


@pytest.mark.parametrize(("mode", "follows"), [("every_event", True), ("my_turn", False)])
def test_a_monster_phase_run_before_the_answer_counts_as_the_next_email(
        app: Flask, client: FlaskClient, mode: str, follows: bool) -> None:
    # Cid makes the last move of turn 1; the worker resolves the monster phase before his
    # answer is decided; turn 2 begins with Bob.
    game = create_game(client, [{"name": "Ann", "email": ANN}, {"name": "Bob", "email": BOB},
                                {"name": "Cid", "email": CID}])
    set_seat(client, game, 2, email_mode=mode)
    for number, line in enumerate(TURN_ONE_OF_THREE):
        take(app, reply(address_of(app, game, number % 3), line,
                        sender=(ANN, BOB, CID)[number % 3]))
    assert len(actions_of(app, game)) == 6
    with app.app_context():
        version = resolve_monster_phase(game.id, 6)  # quicker than the answer
        after = db.session.get(Game, game.id)
        assert version is not None and after is not None
        state = load_state(after)
        assert state is not None and state.to_move == 1
        # Seen from just after Cid's move, at version 5: every event mailed him the monster.
        assert next_mail_follows(db.session, after, state, 2, 5) is follows
        db.session.rollback()


@pytest.fixture
def holding_app(make_app: Callable[..., Flask], smtp_server: SmtpServer) -> Flask:
    """Return an app that mails the SMTP server fixture and holds a move's one-line answer
    back for five minutes, as by default."""
    return make_app(SMTP_HOST=HOST, SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                    SMTP_TIMEOUT=5, MAIL_CONFIRM_AFTER_SECONDS=300)


def held_answer(app: Flask) -> Outbox:
    """Return the one answer to inbound mail in the outbox."""
    with app.app_context():
        [row] = db.session.scalars(select(Outbox).where(Outbox.dedupe_key.like("mailin:%")))
        db.session.expunge(row)
    return row


def test_a_moves_one_line_answer_waits_and_goes_if_no_mail_to_the_seat_came_first(
    holding_app: Flask, smtp_server: SmtpServer
) -> None:
    game = people(holding_app.test_client())
    take(holding_app, reply(address_of(holding_app, game), "green 5 +NNNN"))
    row = held_answer(holding_app)
    assert 290 <= (row.next_attempt_at - row.created_at).total_seconds() <= 310
    with holding_app.app_context():
        assert relay([row.id]) == {}  # not due yet: Bob may answer first
        assert relay([row.id], now=utcnow() + timedelta(minutes=6)) == {row.id: "sent"}
    [sent] = smtp_server.messages()
    assert "Your move green 5 +NNNN was made; Bob is next." in str(sent.message)


def test_a_moves_one_line_answer_is_dropped_when_the_seats_next_your_move_came_first(
    holding_app: Flask, smtp_server: SmtpServer
) -> None:
    client = holding_app.test_client()
    game = people(client)
    take(holding_app, reply(address_of(holding_app, game), "green 5 +NNNN"))
    row = held_answer(holding_app)
    # Bob answers within the five minutes: Ann's "your move" is written, and says it all.
    take(holding_app, reply(address_of(holding_app, game, 1), "red 5 +WWWW", sender=BOB))
    with holding_app.app_context():
        assert relay([row.id], now=utcnow() + timedelta(minutes=6)) == {row.id: "sent"}
    assert [m for m in smtp_server.messages() if "was made" in str(m.message)] == []
