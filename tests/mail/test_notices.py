"""service.features.mail.notices: who is emailed about each change of a game, and what the email
says."""

from __future__ import annotations

import re
from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from service.features.mail import seats as mail_seats
from service.features.mail.addresses import read_reply_address
from service.kernel.models import SeatNotifications
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from tests.mail.helpers import email_rows, set_mode, topics_by_seat
from tests.service.helpers import (
    NewGame,
    auth,
    create_game,
    play_one,
    play_until,
    read,
    run_monster_jobs,
    token_of,
)

BOTH = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]


def after_invitations(app: Flask) -> list[tuple[int | None, str | None]]:
    """Return (seat, topic) of the email rows that are not invitations."""
    return [t for t in topics_by_seat(app) if t[1] != "invite"]


def to_monster_result(app: Flask, client: FlaskClient, game: NewGame) -> None:
    """Play to the first monster phase and resolve it."""
    play_until(app, client, game, "monster")
    assert run_monster_jobs(app) == 1


def test_the_seat_to_move_gets_your_move_with_the_board_and_a_link_that_works(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    play_one(client, game)
    [row] = email_rows(app, "turn")
    payload = row.payload
    assert (payload["to"], payload["seat"], payload["game_id"]) == ("bob@example.com", 1, game.id)
    assert payload["subject"] == f"[Game {game.id[:6]}] Your move — turn 1, stage 1"
    assert payload["thread"] == f"invite:{game.id}:1"  # one thread per seat and game
    assert row.dedupe_key == f"mail:{game.id}:1:turn:1"
    assert payload["text"].startswith(
        f"Hello Bob, it is your move (red) in Game {game.id[:6]}, turn 1, stage 1.\n")
    assert "Ann (green) brought green " in payload["text"]  # what happened since Bob's move
    assert "\n 1  M>  " in payload["text"] and "\nred: " in payload["text"]  # board, words
    assert payload["html"].count("<tr>") == 12  # the board as a table: a head and 11 rows
    [link] = [w for w in payload["text"].split() if "#t=" in w]
    view = read(client, game, token_of(link))
    assert view["viewer"].items() >= {"kind": "seat", "seat": 1}.items()


def test_your_move_shows_what_the_others_said_at_the_table_since_the_seats_last_move(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    talk = f"/api/v1/games/{game.id}/messages"
    assert client.post(talk, json={"text": "Bob here, <i>ready</i>"},
                       headers=auth(game.seat_tokens[1])).status_code == 201
    assert client.post(talk, json={"text": "Good luck, Bob!"},
                       headers=auth(game.seat_tokens[0])).status_code == 201
    play_one(client, game)
    [row] = email_rows(app, "turn")
    text, html = row.payload["text"], row.payload["html"]
    assert "Said at the table:\n- Ann (green): Good luck, Bob!\n" in text
    assert "ready" not in text  # Bob's own words are not repeated to him
    assert "Good luck, Bob!" in html
    assert text.index("Said at the table") < text.index("Reply with your move")


def test_the_invited_seat_to_move_gets_no_second_email_when_the_game_starts(
    app: Flask, client: FlaskClient
) -> None:
    create_game(client, seats=BOTH)
    assert topics_by_seat(app) == [(0, "invite"), (1, "invite")]


def test_the_last_join_that_starts_the_game_prompts_the_seat_to_move(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=[{"name": "Ann", "email": "ann@example.com"},
                                      {"open": True}])
    response = client.post(game.url("/join"), json={"invite_code": game.invite_code,
                                                     "name": "Bob"})
    assert response.status_code == 201
    assert topics_by_seat(app) == [(0, "invite"), (0, "turn")]


def test_after_a_monster_phase_the_others_hear_of_its_walk_and_the_next_seat_is_prompted(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    set_mode(client, game, 0, "every_event")
    set_mode(client, game, 1, "every_event")
    to_monster_result(app, client, game)
    view = read(client, game, game.spectator_token)
    mover, other = view["to_move"], 1 - view["to_move"]
    [monster] = email_rows(app, "monster")
    assert monster.payload["seat"] == other
    assert monster.dedupe_key == f"mail:{game.id}:{other}:monster:{view['version']}"
    assert "The monster drew" in monster.payload["text"]
    turn = email_rows(app, "turn")[-1]
    assert turn.payload["seat"] == mover
    assert "\n- The monster drew " in turn.payload["text"]  # in a few sentences
    assert " went to " not in turn.payload["text"]  # not step by step


def test_a_seat_in_my_turn_mode_hears_of_no_monster_phase(app: Flask,
                                                          client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    set_mode(client, game, 0, "my_turn")
    set_mode(client, game, 1, "my_turn")
    to_monster_result(app, client, game)
    assert email_rows(app, "monster") == []
    assert email_rows(app, "turn")


def test_seats_in_digest_or_none_mode_get_no_email_about_the_game(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    set_mode(client, game, 0, "digest")
    set_mode(client, game, 1, "none")
    to_monster_result(app, client, game)
    assert after_invitations(app) == []


def test_at_the_end_every_seat_gets_the_results(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    set_mode(client, game, 1, "my_turn")
    play_until(app, client, game, "over")
    over = email_rows(app, "over")
    assert sorted(r.payload["seat"] for r in over) == [0, 1]
    text = over[0].payload["text"]
    assert re.search(r"\bwon\b", text)  # who won (or that nobody did), and why
    assert "Ann (green): " in text and "Bob (red): " in text and " out, eaten " in text
    assert "your move" not in text.lower()  # the end invites no move


def test_a_seat_active_on_its_page_in_the_last_minute_gets_no_email(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    with app.app_context():
        mail_seats.mark_present(game.id, 1)  # Bob's page is open (its live stream marks it)
    play_one(client, game)
    assert email_rows(app, "turn") == []
    with app.app_context():
        db.session.execute(update(SeatNotifications).values(
            last_active_at=utcnow() - timedelta(seconds=61)))
        db.session.commit()
    play_one(client, game)  # Bob moves (through the API, not the page)
    play_one(client, game)  # Ann moves: Bob's turn again
    assert [r.dedupe_key for r in email_rows(app, "turn") if r.payload["seat"] == 1] == [
        f"mail:{game.id}:1:turn:3"]


def test_a_seat_reading_the_game_through_the_api_still_gets_its_email(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    read(client, game, game.seat_tokens[1])  # a script of Bob's, or a bot: no page open
    play_one(client, game)
    assert [r.payload["seat"] for r in email_rows(app, "turn")] == [1]


def test_spectator_and_creator_reads_are_not_a_seat_s_activity(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    read(client, game, game.spectator_token)
    read(client, game, game.creator_token)
    play_one(client, game)
    assert [r.payload["seat"] for r in email_rows(app, "turn")] == [1]


def test_names_from_users_are_escaped_in_the_html(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=[
        {"name": "<script>alert(1)</script>", "email": "ann@example.com"},
        {"name": "Bob & \"Co\" <b>", "email": "bob@example.com"}])
    play_one(client, game)
    play_one(client, game)
    html = " ".join(r.payload["html"] for r in email_rows(app))
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Bob &amp; &quot;Co&quot; &lt;b&gt;" in html


def test_each_game_email_names_its_unsubscribe_link_in_the_headers(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    play_one(client, game)
    assert email_rows(app, "turn")
    for row in email_rows(app):
        if row.payload["topic"] == "invite":
            continue
        headers = row.payload["headers"]
        seat = row.payload["seat"]
        assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert headers["List-Unsubscribe"].startswith(
            f"<https://ff.example/api/v1/unsubscribe/{game.id}.{seat}.")
        assert headers["List-Unsubscribe"][1:-1] in row.payload["text"]


def test_the_mail_link_token_is_one_per_seat_however_many_emails(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    for _ in range(3):
        play_one(client, game)
    links = {w for r in email_rows(app, "turn") for w in r.payload["text"].split() if "#t=" in w}
    assert len(links) == 2  # Ann's and Bob's
    for link in links:
        response = client.get(game.url(), headers=auth(token_of(link)))
        assert response.status_code == 200


def test_replies_go_to_the_seat_s_own_address(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    play_one(client, game)
    rows = email_rows(app)
    assert {r.payload["topic"] for r in rows} == {"invite", "turn"}
    with app.app_context():
        for row in rows:
            assert read_reply_address(row.payload["reply_to"]) == (game.id, row.payload["seat"])


def test_a_configured_unsubscribe_address_is_offered_beside_the_link(make_app) -> None:
    app = make_app(MAIL_UNSUBSCRIBE_MAILTO="unsubscribe@ff.example")
    client = app.test_client()
    game = create_game(client, seats=BOTH)
    play_one(client, game)
    [row] = email_rows(app, "turn")
    link, mailto = row.payload["headers"]["List-Unsubscribe"].split(", ")
    token = link.strip("<>").rsplit("/", 1)[1]
    assert mailto == f"<mailto:unsubscribe@ff.example?subject=unsubscribe%20{token}>"
