"""The monster preview at the table: chosen at creation, shown in the game's rules, public
facts only."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

import engine
from service.kernel.models import Game
from service.plumbing.extensions import db
from tests.records.test_export import stored_state
from tests.service.helpers import NewGame, assert_error, auth, create_game, read
from tests.takebacks.test_api import TWO, move


def preview(client: FlaskClient, game: NewGame, token: str, **body: Any) -> Any:
    """Ask the game's preview with ``token``."""
    return client.post(game.url("/preview"), json=body, headers=auth(token))


def test_the_preview_is_off_unless_the_creator_chose_it(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    assert read(client, game, game.spectator_token)["monster_preview"] is False
    assert_error(preview(client, game, game.seat_tokens[0]), 409, "preview/off")


def test_it_shows_each_cards_walk_after_the_move_being_chosen(app: Flask,
                                                             client: FlaskClient) -> None:
    game = create_game(client, TWO, monster_preview=True)
    assert read(client, game, game.spectator_token)["monster_preview"] is True
    move(client, game, 0, "green 5 +NN")
    answer = preview(client, game, game.seat_tokens[1], notation="red 5 +WWNN")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert body["after"] == "red 5 +WWNN" and body["version"] == 1
    state = stored_state(app, game)
    after = engine.apply_action(state, engine.parse_action("red 5 +WWNN", state, 1), 1).state
    assert body["walks"] == [walk.to_dict() for walk in engine.monster_walks(after)]
    assert [w["card"] for w in body["walks"]] == ["10", "5", "7", "8"]
    assert read(client, game, game.spectator_token)["version"] == 1  # nothing was played
    here = preview(client, game, game.spectator_token).get_json()
    assert here["after"] is None


def test_it_tells_nothing_of_the_piles_order(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO, monster_preview=True)
    first = preview(client, game, game.seat_tokens[0], notation="green 5 +NN").get_json()
    with app.app_context():  # the same game with its pile in another order
        row = db.session.get(Game, game.id)
        state = dict(row.state)
        db.session.execute(update(Game).where(Game.id == game.id).values(
            state={**state, "pile": list(reversed(state["pile"])), "rng": 12345}))
        db.session.commit()
    again = preview(client, game, game.seat_tokens[0], notation="green 5 +NN").get_json()
    assert again == first


def test_a_move_the_rules_refuse_gets_their_reason(client: FlaskClient) -> None:
    game = create_game(client, TWO, monster_preview=True)
    assert_error(preview(client, game, game.seat_tokens[0], notation="green 5 NNNNNN"), 422,
                 "move/illegal")
    assert_error(preview(client, game, game.seat_tokens[0], notation="x",
                         action={"type": "flip", "figure": "green1"}), 422, "request/invalid")
