"""Table talk by mail: a reply's ``say`` line posts to the game's table, with or without a
move, and every answer says what became of it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

import engine
from service.features.mailin.commands import SAY, choose, command_of
from service.features.mailin.parse import said_text
from service.features.mailin.service import receive
from service.features.talk.models import GameMessage
from service.plumbing.extensions import db
from tests.mailin.helpers import ANN, LEGAL, actions_of, address_of, answers, reply
from tests.service.helpers import API, NewGame, auth, create_game

BOB = "bob@example.com"


def new_game(client: FlaskClient) -> NewGame:
    """Create a two-seat game, both seats with an address: Ann (seat 0) to move, Bob."""
    return create_game(client, seats=[{"name": "Ann", "email": ANN},
                                      {"name": "Bob", "email": BOB}])


def take(app: Flask, raw: bytes) -> list:
    with app.app_context():
        return receive(raw)


def messages_of(app: Flask, game_id: str) -> list[tuple[int, str]]:
    with app.app_context():
        rows = db.session.scalars(select(GameMessage).where(GameMessage.game_id == game_id)
                                  .order_by(GameMessage.id)).all()
        said = [(row.seat, row.text) for row in rows]
        db.session.rollback()
        return said


def test_a_say_line_is_read_with_the_lines_after_it_up_to_a_blank_line() -> None:
    assert said_text("green 5 +\nsay Good luck,\nall of you!\n\nAnn") == (
        "Good luck,\nall of you!")
    assert said_text("Say: hi") == "hi"
    assert said_text("say\nhello\n") == "hello"
    assert said_text("Saying nothing\nsayonara") is None  # "say" must stand alone
    assert said_text("green 5 +") is None
    assert command_of("say hi").kind == SAY


def test_a_say_line_is_not_taken_for_the_move() -> None:
    state = engine.new_game(["green", "red"], seed=7, start_seat=0)
    command, error = choose(["say 5 to a1", "green 5 +"], state, 0)
    assert command is not None and command.text == "green 5 +" and error is None


def test_a_reply_with_only_a_say_posts_it_and_is_answered(app: Flask,
                                                          client: FlaskClient) -> None:
    game = new_game(client)
    [result] = take(app, reply(address_of(app, game, 1), "say Good luck, <b>Ann</b>!\n\nBob",
                               sender=BOB))
    assert (result.status, result.code) == ("answered", "mail/said")
    assert messages_of(app, game.id) == [(1, "Good luck, <b>Ann</b>!")]
    assert actions_of(app, game) == []
    text = answers(app)[0]["text"]
    assert "Your message was posted to the table." in text
    listed = client.get(f"{API}/games/{game.id}/messages", headers=auth(game.seat_tokens[0]))
    assert [m["text"] for m in listed.get_json()["items"]] == ["Good luck, <b>Ann</b>!"]


def test_a_reply_with_a_move_and_a_say_does_both_and_says_so(app: Flask,
                                                             client: FlaskClient) -> None:
    game = new_game(client)
    [result] = take(app, reply(address_of(app, game), f"{LEGAL}\nsay Your turn, Bob."))
    assert result.status == "applied"
    assert actions_of(app, game) == ["green 5 +"]
    assert messages_of(app, game.id) == [(0, "Your turn, Bob.")]
    text = answers(app)[0]["text"]
    assert "Your message was posted to the table." in text
    assert "Your move green 5 + was made; Bob is next." in text


def test_a_say_out_of_turn_is_posted_and_the_move_refused(app: Flask,
                                                          client: FlaskClient) -> None:
    game = new_game(client)
    [result] = take(app, reply(address_of(app, game, 1), "red 5 +\nsay sorry, too early",
                               sender=BOB))
    assert (result.status, result.code) == ("refused", "move/not_your_turn")
    assert messages_of(app, game.id) == [(1, "sorry, too early")]
    text = answers(app)[0]["text"]
    assert "Your message was posted to the table." in text and "Now Ann (green) is to move" in text


def test_a_muted_seat_is_told_its_message_was_not_posted(app: Flask,
                                                         client: FlaskClient) -> None:
    game = new_game(client)
    muted = client.put(f"{API}/games/{game.id}/seats/1/mute", json={"muted": True},
                       headers=auth(game.creator_token))
    assert muted.status_code == 200
    [result] = take(app, reply(address_of(app, game, 1), "say hello",
                               sender=BOB))
    assert (result.status, result.code) == ("answered", "mail/said")
    assert messages_of(app, game.id) == []
    assert "Your message was not posted to the table: The game's creator has muted your seat" \
        in answers(app)[0]["text"]


def test_a_say_delivered_twice_is_posted_once(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    raw = reply(address_of(app, game), "say once only")
    take(app, raw)
    [again] = take(app, raw)
    assert again.duplicate
    assert messages_of(app, game.id) == [(0, "once only")]
