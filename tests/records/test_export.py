"""A game's record through the API: JSON that replays to the game's own position, the seed only
once the game is over, and text to read in the reader's language."""

from __future__ import annotations

import json
import random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

import engine
from service.kernel.models import Game
from service.plumbing.extensions import db
from tests.engine.test_records import keys_in
from tests.service.helpers import (
    NewGame,
    advance,
    assert_error,
    auth,
    create_game,
    phase_of,
    read,
    submit,
)
from tests.takebacks.test_api import TWO, ask, move


def record(client: FlaskClient, game: NewGame, token: str, **query: str) -> Any:
    """Return the game's record as the holder of ``token`` reads it."""
    response = client.get(game.url("/record"), query_string=query, headers=auth(token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json() if query.get("format", "json") == "json" else response


def stored_state(app: Flask, game: NewGame) -> engine.GameState:
    """Return the engine state the game's row holds."""
    with app.app_context():
        state = engine.state_from_dict(db.session.get(Game, game.id).state)
        db.session.rollback()
        return state


def play_to_the_end(app: Flask, client: FlaskClient, game: NewGame) -> None:
    """Play legal actions (each the move that ends nearest the exit, so the game ends soon)
    and the monster phases until the game is over."""
    for _ in range(3000):
        if phase_of(app, game) == "over":
            return
        advance(app, client, game)
    raise AssertionError("the game did not end")


def test_a_finished_games_record_replays_to_its_very_final_state(app: Flask,
                                                                  client: FlaskClient) -> None:
    game = create_game(client, TWO, takebacks="free")
    move(client, game, 0, "green 5 +NN")
    assert ask(client, game, 0).get_json()["status"] == "done"
    play_to_the_end(app, client, game)
    data = record(client, game, game.seat_tokens[1])
    assert data["setup"]["seed"] == stored_state(app, game).seed
    assert any("takeback" in entry for entry in data["entries"])
    replayed = engine.read_record(json.loads(json.dumps(data)))
    assert replayed.seeded
    assert replayed.state == stored_state(app, game)
    assert data["game"]["seats"][0] == {"seat": 0, "colour": "green", "name": "Ann",
                                        "computer": None}
    assert "ann@example.com" not in json.dumps(data)


def test_a_record_of_a_game_under_way_holds_no_secret(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    rng = random.Random(3)
    for _ in range(40):
        advance(app, client, game, rng)
    data = record(client, game, game.spectator_token)
    assert not keys_in(data) & {"seed", "pile", "rng", "setup"}
    state = stored_state(app, game)
    assert str(state.seed) not in json.dumps(data)
    replayed = engine.read_record(data, seed=11)
    assert engine.records.public_position(replayed.state) == \
        engine.records.public_position(state)


def test_the_record_as_text_reads_in_the_readers_words(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO, name="Friday night")
    move(client, game, 0, "green 5 +NN")
    response = record(client, game, game.seat_tokens[0], format="text")
    assert response.mimetype == "text/plain"
    assert 'filename="Friday-night-' in response.headers["Content-Disposition"]
    text = response.get_data(as_text=True)
    assert text.startswith("Fearsome Floors: Friday night\n")
    assert "  1. Ann (green): green 5 +NN" in text
    german = client.get(game.url("/record"), query_string={"format": "text"},
                        headers={**auth(game.seat_tokens[0]), "Accept-Language": "de"})
    assert "  1. Ann (Grün): grün 5 +NN" in german.get_data(as_text=True)


def test_a_game_not_started_has_no_record(client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann"}, {"open": True}])
    assert_error(client.get(game.url("/record"), headers=auth(game.creator_token)), 409,
                 "game/not_started")


def test_only_a_token_of_the_game_reads_its_record(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    assert_error(client.get(game.url("/record")), 401, "auth/missing_token")
    other = create_game(client, TWO)
    assert client.get(game.url("/record"),
                      headers=auth(other.spectator_token)).status_code in (403, 404)
    assert submit(client, game, 0, 0, notation="green 5 +NN").status_code == 201
    assert read(client, game, game.spectator_token)["version"] == 1
