"""Takebacks by mail: ``undo`` asks, ``yes`` and ``no`` answer, in each seat's own words, through
the use cases the page uses; a message delivered twice takes nothing more back."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from service.features.mailin.models import InboundMail
from service.plumbing.extensions import db
from tests.mailin.helpers import ANN, address_of, reply, version_of
from tests.mailin.test_tools import BOB, bob_says, last_answer, people, take
from tests.service.helpers import API, auth, create_game, read, submit
from tests.takebacks.test_api import state_of


def test_undo_asks_the_next_player_who_agrees_with_yes(app: Flask,
                                                      client: FlaskClient) -> None:
    game = people(client)
    assert submit(client, game, 0, 0, notation="green 5 +NN").status_code == 201
    asked = take(app, reply(address_of(app, game, 0), "undo"))
    assert (asked.status, asked.code) == ("answered", "mail/undo")
    assert "Bob must agree first" in last_answer(app)
    assert state_of(client, game, game.seat_tokens[1])["request"]["status"] == "asked"
    agreed = bob_says(app, game, "Yes")
    assert (agreed.status, agreed.code) == ("answered", "mail/yes")
    assert "the move was taken back" in last_answer(app)
    view = read(client, game, game.spectator_token)
    assert view["to_move"] == 0 and view["version"] == 2


def test_no_keeps_the_move(app: Flask, client: FlaskClient) -> None:
    game = people(client)
    submit(client, game, 0, 0, notation="green 5 +NN")
    take(app, reply(address_of(app, game, 0), "undo"))
    refused = bob_says(app, game, "no")
    assert (refused.status, refused.code) == ("answered", "mail/no")
    assert "the moves stand" in last_answer(app)
    assert version_of(app, game) == 1


def test_each_language_has_its_words_for_undo_yes_and_no(app: Flask,
                                                        client: FlaskClient) -> None:
    game = people(client, bob_language="de")
    client.put(f"{API}/games/{game.id}/language", json={"language": "pl"},
               headers=auth(game.seat_tokens[0]))
    submit(client, game, 0, 0, notation="green 5 +NN")
    assert take(app, reply(address_of(app, game, 0), "cofnij")).code == "mail/undo"
    assert bob_says(app, game, "Ja").code == "mail/yes"
    assert version_of(app, game) == 2


def test_undo_with_nothing_to_take_back_says_why(app: Flask, client: FlaskClient) -> None:
    game = people(client)
    result = bob_says(app, game, "undo")
    assert (result.status, result.code) == ("refused", "takeback/nothing")
    assert "no move in this game turn" in last_answer(app)


def test_an_undo_delivered_again_takes_nothing_more_back(app: Flask,
                                                        client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann", "email": ANN}, {"name": "Bob", "email": BOB}],
                       takebacks="free")
    submit(client, game, 0, 0, notation="green 5 +NN")
    submit(client, game, 1, 1, notation="red 5 +WW")
    submit(client, game, 0, 2, notation="green 4 +N")
    message = reply(address_of(app, game, 0), "undo", message_id="<undo-1@example.com>")
    first = take(app, message)
    assert first.code == "mail/undo" and version_of(app, game) == 4
    with app.app_context():  # as if the process died before the answer was written
        row = db.session.get(InboundMail, first.id)
        row.status = "received"
        db.session.commit()
    again = take(app, message)
    assert again.code == "game/stale_version"
    assert version_of(app, game) == 4
    assert read(client, game, game.spectator_token)["position"]["to_move"] == 0
