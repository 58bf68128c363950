"""service.features.mailin.tools: nudge, back, plan, plan clear and answers by mail, each
through the use case the page uses, answered in the seat's words; and what is not understood
is answered with at most eight suggestions."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.features.mailin.models import InboundMail
from service.features.mailin.service import receive
from service.kernel.models import Event, Seat
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.mailin.helpers import (
    ANN,
    LEGAL,
    actions_of,
    address_of,
    answers,
    inbound_rows,
    reply,
)
from tests.service.helpers import API, NewGame, auth, create_game

BOB = "bob@example.com"


def take(app: Flask, raw: bytes) -> Any:
    """Hand a raw message to the service as a door does; return its one result."""
    with app.app_context():
        [result] = receive(raw)
        return result


def people(client: FlaskClient, bob_language: str | None = None) -> NewGame:
    """Create a game of Ann (seat 0, to move) and Bob (seat 1), both with an address."""
    game = create_game(client, [{"name": "Ann", "email": ANN}, {"name": "Bob", "email": BOB}])
    if bob_language:
        chosen = client.put(f"{API}/games/{game.id}/language", json={"language": bob_language},
                            headers=auth(game.seat_tokens[1]))
        assert chosen.status_code == 200, chosen.get_data(as_text=True)
    return game


def bob_says(app: Flask, game: NewGame, text: str) -> Any:
    """Send Bob's reply ``text``; return its result."""
    return take(app, reply(address_of(app, game, 1), text, sender=BOB))


def last_answer(app: Flask) -> str:
    """Return the text of the newest answer."""
    return str(answers(app)[-1]["text"])


def event_types(app: Flask, game: NewGame) -> list[str]:
    """Return the types of the game's events, in order."""
    with app.app_context():
        types = list(db.session.scalars(select(Event.type).where(Event.game_id == game.id)
                                        .order_by(Event.seq)))
        db.session.rollback()
        return types


def test_nudge_nudges_the_seat_the_game_waits_for_once_a_day(app: Flask,
                                                             client: FlaskClient) -> None:
    game = people(client)
    result = bob_says(app, game, "Nudge!")
    assert (result.status, result.code) == ("answered", "mail/nudge")
    text = last_answer(app)
    assert text.startswith("Your nudge was sent\n")
    assert "Ann got an email: the game waits for their move." in text
    assert "One nudge a day: the next may go at " in text
    assert event_types(app, game)[-1] == "nudged"
    with app.app_context():
        nudges = db.session.scalars(select(Outbox.dedupe_key).where(
            Outbox.dedupe_key.like(f"mail:{game.id}:0:nudge:%"))).all()
        db.session.rollback()
    assert len(nudges) == 1
    again = bob_says(app, game, "nudge")
    assert (again.status, again.code) == ("refused", "nudge/too_soon")
    assert "This game was nudged less than a day ago." in last_answer(app)
    own = take(app, reply(address_of(app, game), "nudge"))
    assert (own.status, own.code) == ("refused", "nudge/yourself")


def test_back_takes_the_seat_back_from_the_computer_with_its_moves_on_its_turn(
        app: Flask, client: FlaskClient) -> None:
    game = people(client)
    take(app, reply(address_of(app, game), LEGAL))  # Bob's turn now
    handed = client.put(f"{API}/games/{game.id}/seats/1/computer", json={"level": "easy"},
                        headers=auth(game.creator_token))
    assert handed.status_code == 200, handed.get_data(as_text=True)
    result = bob_says(app, game, "I'm back")
    assert (result.status, result.code) == ("answered", "mail/back")
    text = last_answer(app)
    assert text.startswith("Your seat is yours again\n")
    assert "It is your turn: answer with your move." in text and "red 5 +" in text
    with app.app_context():
        seat = db.session.get(Seat, (game.id, 1))
        assert seat is not None and seat.computer is None
        db.session.rollback()
    assert event_types(app, game)[-1] == "computer_seat"
    already = bob_says(app, game, "back")
    assert (already.status, already.code) == ("answered", "mail/back")
    assert "The computer does not play your seat: it is yours already." in last_answer(app)


def test_plan_shows_the_seats_plan_and_plan_clear_drops_it(app: Flask,
                                                           client: FlaskClient) -> None:
    game = people(client)
    planned = bob_says(app, game, "red 5 +WWWW\nred 4 +WWW")  # not his turn: all planned
    assert planned.code == "mail/planned"
    shown = bob_says(app, game, "plan")
    assert (shown.status, shown.code) == ("answered", "mail/plan")
    text = last_answer(app)
    assert "1. red 5 +WWWW; 2. red 4 +WWW" in text
    assert "To drop it, answer 'plan clear'." in text
    dropped = bob_says(app, game, "clear plan")
    assert (dropped.status, dropped.code) == ("answered", "mail/plan_clear")
    assert "Your turn plan was dropped" in last_answer(app)
    bob_says(app, game, "Plan")  # not "plan" again: the same message would be a duplicate
    assert "You have no turn plan for this game turn." in last_answer(app)
    bob_says(app, game, "plan cancel")
    assert "You had no turn plan: nothing was dropped." in last_answer(app)


def test_answers_all_gets_every_answer_and_answers_needed_goes_back(
        app: Flask, client: FlaskClient) -> None:
    game = people(client)
    result = take(app, reply(address_of(app, game), "answers all"))
    assert (result.status, result.code) == ("answered", "mail/answers_all")
    text = last_answer(app)
    assert "You get an answer to every email you send to this game" in text
    assert "To change it, answer 'answers needed'." in text
    stored = client.get(f"{API}/games/{game.id}/notifications",
                        headers=auth(game.seat_tokens[0])).get_json()
    assert stored["answers"] == "every"
    take(app, reply(address_of(app, game), LEGAL))
    assert "Done: green 5 +." in last_answer(app)  # the full answer, with the board
    take(app, reply(address_of(app, game), "answers"))
    assert "To change it, answer 'answers needed'." in last_answer(app)
    take(app, reply(address_of(app, game), "Answers: needed"))
    assert "You get an answer only when you need one" in last_answer(app)
    assert client.get(f"{API}/games/{game.id}/notifications",
                      headers=auth(game.seat_tokens[0])).get_json()["answers"] == "needed"


@pytest.mark.parametrize(("line", "code", "says"), [
    ("anstupsen", "mail/nudge", "Dein Anstupser wurde verschickt"),
    ("plan löschen", "mail/plan_clear", "Du hattest keinen Zugplan"),
    ("Antworten alle", "mail/answers_all", "'antworten nötig'"),
    ("zurück", "mail/back", "Der Computer spielt deinen Platz nicht"),
])
def test_each_command_is_read_and_answered_in_the_seats_own_words(
        app: Flask, client: FlaskClient, line: str, code: str, says: str) -> None:
    game = people(client, bob_language="de")
    result = bob_says(app, game, line)
    assert (result.status, result.code) == ("answered", code)
    assert says in last_answer(app)


def test_what_is_not_understood_out_of_turn_is_answered_with_the_commands(
        app: Flask, client: FlaskClient) -> None:
    game = people(client, bob_language="es")
    result = bob_says(app, game, "¿Qué tal?")
    assert (result.status, result.code) == ("refused", "move/invalid")
    [answer] = answers(app)
    lines = [line.strip() for line in answer["text"].splitlines()]
    suggestions = [line for line in lines if line.split(" ")[0] in {
        "tablero", "plan", "avisar", "di", "respuestas", "idioma", "ayuda", "volver"}]
    assert [line.split()[0] for line in suggestions] == [
        "tablero", "plan", "avisar", "di", "respuestas", "idioma", "ayuda"]
    assert len(suggestions) <= 8
    # Every suggestion is read back as the command it names.
    for suggestion in suggestions[:3]:
        bob_says(app, game, suggestion.split("  ")[0])
    codes = [row.code for row in inbound_rows(app)[1:]]
    assert codes == ["mail/board", "mail/plan", "mail/nudge"]


def test_what_is_not_understood_on_the_seats_turn_is_answered_with_its_moves(
        app: Flask, client: FlaskClient) -> None:
    game = people(client)
    take(app, reply(address_of(app, game), "Hello there"))
    text = last_answer(app)
    assert text.startswith("Your email was not understood\n")
    assert "These are the moves you can make now" in text and "green 4 +NNN" in text


def test_a_command_left_unfinished_is_carried_out_by_its_next_delivery(
        app: Flask, client: FlaskClient) -> None:
    game = people(client)
    raw = reply(address_of(app, game), "answers all")
    take(app, raw)
    with app.app_context():  # as if the process had died after the use case, before the answer
        db.session.query(Outbox).filter(Outbox.dedupe_key.like("mailin:%")).delete()
        db.session.query(InboundMail).update({"status": "received", "code": None})
        db.session.commit()
    again = take(app, raw)
    assert (again.status, again.code, again.duplicate) == ("answered", "mail/answers_all",
                                                           False)
    assert len(answers(app)) == 1
    assert actions_of(app, game) == []


def test_an_answer_to_a_stranger_says_nothing_about_replying_with_a_move(
        app: Flask, client: FlaskClient) -> None:
    game = people(client)
    take(app, reply(address_of(app, game), "nudge", sender="mallory@example.com"))
    [answer] = answers(app)
    assert "Answer with your move" not in answer["text"] and "'board'" not in answer["text"]
    assert "Answer with your move" not in answer["html"]
