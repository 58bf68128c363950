"""POST /api/v1/games/{id}/messages: a seat posts to its game's table, within the limits."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from service.features.talk.service import BURST, MAX_LENGTH
from service.kernel.models import Game
from service.kernel.vocabulary import FINISHED
from service.plumbing.extensions import db
from tests.deadlines.conftest import SettableClock
from tests.service.helpers import API, assert_error, auth, create_game, read
from tests.talk.helpers import THREE, mute, page, post, say, stored

MESSAGE_FIELDS = {"seq", "seat", "name", "colour", "text", "created_at"}


def test_a_seat_posts_and_gets_its_message_back(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    message = say(client, game, 1, "Good luck, all!")
    assert set(message) == MESSAGE_FIELDS
    assert message["seat"] == 1 and message["name"] == "Bob" and message["colour"] == "red"
    assert message["text"] == "Good luck, all!"
    assert message["created_at"].endswith("Z") and message["seq"] > 0
    version = read(client, game, game.spectator_token)["version"]
    assert stored(app) == [(game.id, 1, "Good luck, all!", version)]


def test_the_text_is_stripped_and_keeps_its_line_breaks(client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    assert say(client, game, 0, "  \r\nfirst line\r\nsecond\rthird\tend  \n")["text"] == \
        "first line\nsecond\nthird end"


def test_markup_is_stored_and_returned_as_written(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    text = '<b>hi</b> <script>alert("x")</script> &amp; <img src=x onerror=alert(1)>'
    assert say(client, game, 0, text)["text"] == text
    assert [m["text"] for m in page(client, game, game.spectator_token)["items"]] == [text]
    assert stored(app)[0][2] == text


def test_a_message_of_exactly_the_limit_is_taken(client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    assert say(client, game, 0, "  " + "é" * MAX_LENGTH + "  ")["text"] == "é" * MAX_LENGTH


@pytest.mark.parametrize(("text", "code"), [
    ("", "talk/empty"),
    (" \n\t\r\n ", "talk/empty"),
    ("x" * (MAX_LENGTH + 1), "talk/too_long"),
    ("a\u0000b", "talk/invalid_text"),
    ("a\u0007b", "talk/invalid_text"),
    ("Ann\u202etuo", "talk/invalid_text"),
    ("a\u2066b", "talk/invalid_text"),
])
def test_a_text_out_of_bounds_is_refused_and_nothing_is_written(
        app: Flask, client: FlaskClient, text: str, code: str) -> None:
    game = create_game(client, seats=THREE)
    error = assert_error(post(client, game, game.seat_tokens[0], text), 422, code)
    if code == "talk/too_long":
        assert error["details"] == {"length": MAX_LENGTH + 1, "limit": MAX_LENGTH}
        assert error["message"] == "The message has 501 characters; the limit is 500."
    assert stored(app) == []


@pytest.mark.parametrize("body", [{}, {"text": 5}, {"text": None}, {"text": ["hi"]}])
def test_a_body_without_a_text_string_is_invalid(app: Flask, client: FlaskClient,
                                                 body: dict) -> None:
    game = create_game(client, seats=THREE)
    response = client.post(game.url("/messages"), json=body, headers=auth(game.seat_tokens[0]))
    assert_error(response, 422, "request/invalid")
    assert stored(app) == []


def test_only_a_seat_posts(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    other = create_game(client, seats=THREE)
    for token in (game.creator_token, game.spectator_token, other.seat_tokens[0]):
        assert_error(post(client, game, token, "hi"), 403, "auth/forbidden")
    assert_error(client.post(game.url("/messages"), json={"text": "hi"}), 401,
                 "auth/missing_token")
    assert_error(client.post(f"{API}/games/{'x' * 22}/messages", json={"text": "hi"},
                             headers=auth(game.seat_tokens[0])), 404, "game/not_found")
    assert stored(app) == []


def test_a_cancelled_game_takes_no_message(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    say(client, game, 0, "before")
    cancelled = client.post(game.url("/cancel"), headers=auth(game.creator_token))
    assert cancelled.status_code == 200, cancelled.get_data(as_text=True)
    assert_error(post(client, game, game.seat_tokens[1], "after"), 409, "game/cancelled")
    assert [row[2] for row in stored(app)] == ["before"]
    assert [m["text"] for m in page(client, game, game.seat_tokens[1])["items"]] == ["before"]


def test_players_talk_while_waiting_for_others_while_paused_and_after_the_end(
        app: Flask, client: FlaskClient) -> None:
    waiting = create_game(client, seats=[{"name": "Ann"}, {"open": True}])
    say(client, waiting, 0, "Who else is coming?")
    game = create_game(client, seats=THREE)
    paused = client.post(game.url("/pause"), headers=auth(game.creator_token))
    assert paused.status_code == 200, paused.get_data(as_text=True)
    say(client, game, 0, "Coffee break")
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game.id).values(status=FINISHED))
        db.session.commit()
    say(client, game, 1, "Well played")
    assert [row[2] for row in stored(app)] == ["Who else is coming?", "Coffee break",
                                               "Well played"]


def test_a_seat_posts_at_most_ten_messages_in_ten_minutes(
        app: Flask, client: FlaskClient, clock: SettableClock) -> None:
    game = create_game(client, seats=THREE)
    for number in range(BURST):
        say(client, game, 0, f"message {number}")
        clock.advance(seconds=30)
    # The first of the ten was 300 s ago: it leaves the window in 300 s.
    refused = post(client, game, game.seat_tokens[0], "one too many")
    error = assert_error(refused, 429, "talk/too_many")
    assert refused.headers["Retry-After"] == "300"
    assert error["details"] == {"limit": BURST, "window_seconds": 600, "retry_after": 300}
    assert error["message"] == ("You have posted 10 messages in 10 minutes, the most allowed. "
                                "Try again in 300 seconds.")
    assert len(stored(app)) == BURST
    say(client, game, 1, "Another seat has its own count")
    clock.advance(seconds=299)
    assert_error(post(client, game, game.seat_tokens[0], "still too soon"), 429,
                 "talk/too_many")
    clock.advance(seconds=1)
    say(client, game, 0, "now it fits")
    assert len(stored(app)) == BURST + 2


def test_a_muted_seat_may_not_post_until_it_is_unmuted(app: Flask,
                                                       client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    assert mute(client, game, 1, True).status_code == 200
    error = assert_error(post(client, game, game.seat_tokens[1], "let me speak"), 403,
                         "talk/muted")
    assert error["details"]["muted_at"].endswith("Z")
    say(client, game, 0, "The others still talk")
    assert mute(client, game, 1, False).status_code == 200
    say(client, game, 1, "Thank you")
    assert [(row[1], row[2]) for row in stored(app)] == [(0, "The others still talk"),
                                                         (1, "Thank you")]
