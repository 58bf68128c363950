"""Sandboxes: from any position of a game or an imported record, one person plays every seat,
chooses the monster's card, lets the computer play seats, goes back; the game is untouched
and the real order of the cards is never in it."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

import engine
from service.features.sandbox.models import Sandbox
from service.plumbing.extensions import db
from service.retention import prune
from tests.records.test_export import play_to_the_end, record, stored_state
from tests.service.helpers import NewGame, advance, assert_error, auth, create_game, read
from tests.takebacks.test_api import TWO, move

API = "/api/v1"


def opened(client: FlaskClient, game: NewGame, token: str, **body: Any) -> dict[str, Any]:
    """Open a sandbox of ``game`` with ``token``; return the answer."""
    response = client.post(game.url("/sandbox"), json=body, headers=auth(token))
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def act(client: FlaskClient, box: dict[str, Any], path: str, **body: Any) -> Any:
    """POST to a sandbox's ``path`` at its current version; return the response."""
    view = box["sandbox"]
    return client.post(f"{API}/sandboxes/{view['id']}{path}",
                       json={"expected_version": view["version"], **body},
                       headers=auth(box["token"]))


def then(box: dict[str, Any], response: Any) -> dict[str, Any]:
    """Return ``box`` holding the view a successful change answered."""
    assert response.status_code == 200, response.get_data(as_text=True)
    return {**box, "sandbox": response.get_json()}


def test_a_sandbox_of_a_game_plays_on_without_touching_the_game(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, "green 5 +NN")
    before = read(client, game, game.spectator_token)
    box = opened(client, game, game.seat_tokens[1])
    assert box["link"].startswith("https://ff.example/sandbox/") and "#t=" in box["link"]
    assert box["sandbox"]["position"]["to_move"] == 1
    box = then(box, act(client, box, "/actions", notation="red 5 +WW"))
    box = then(box, act(client, box, "/actions", notation="green 4 +W"))
    assert box["sandbox"]["version"] == 3
    assert read(client, game, game.spectator_token) == before


def test_a_sandbox_opens_at_any_version_the_game_reached(app: Flask,
                                                         client: FlaskClient) -> None:
    game = create_game(client, TWO)
    rng = random.Random(2)
    for _ in range(25):
        advance(app, client, game, rng)
    box = opened(client, game, game.spectator_token, version=3)
    assert box["sandbox"]["version"] == 3 and box["sandbox"]["origin_version"] == 3
    assert len(box["sandbox"]["entries"]) == 3
    error = assert_error(client.post(game.url("/sandbox"), json={"version": 999},
                                     headers=auth(game.spectator_token)), 422,
                         "sandbox/no_such_version")
    assert "999" in error["message"]


def test_the_monster_turns_up_the_card_chosen_and_shows_each_cards_walk(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    box = opened(client, game, game.seat_tokens[0])
    walks = box["sandbox"]["walks"]
    assert [w["card"] for w in walks] == ["10", "5", "7", "8"]  # the first card is no hit
    rng = random.Random(1)
    while box["sandbox"]["phase"] != "monster":
        view = box["sandbox"]
        legal = view["position"]["legal"]["figures"]
        moves = [m for f in legal for m in f["moves"]]
        pick = rng.choice(moves)
        box = then(box, act(client, box, "/actions",
                            action={"type": "move", "figure": pick["figure"],
                                    "path": pick["path"]}))
    expected = next(w for w in box["sandbox"]["walks"] if w["card"] == "7")
    box = then(box, act(client, box, "/monster", card="7"))
    last = box["sandbox"]["entries"][-1]["monster"]
    assert last["card"] == "7"
    assert (last["square"], last["facing"], last["eaten"]) == (
        expected["square"], expected["facing"], expected["eaten"])
    assert_error(act(client, box, "/monster", card="7"), 409, "game/wrong_phase")


def test_the_computer_plays_the_seats_it_is_given(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    box = opened(client, game, game.seat_tokens[0])
    box = then(box, client.put(f"{API}/sandboxes/{box['sandbox']['id']}/computer",
                               json={"expected_version": 0, "seats": {"1": "easy"}},
                               headers=auth(box["token"])))
    box = then(box, act(client, box, "/actions", notation="green 5 +NN"))
    assert box["sandbox"]["version"] == 2  # the computer answered for red at once
    assert box["sandbox"]["to_move"] == 0
    assert box["sandbox"]["computer"] == {"1": "easy"}


def test_going_back_drops_what_came_after(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    box = opened(client, game, game.seat_tokens[0])
    box = then(box, act(client, box, "/actions", notation="green 5 +NN"))
    box = then(box, act(client, box, "/actions", notation="red 5 +WW"))
    box = then(box, act(client, box, "/back", version=1))
    assert box["sandbox"]["to_move"] == 1 and len(box["sandbox"]["entries"]) == 1
    assert_error(act(client, {**box, "sandbox": {**box["sandbox"], "version": 0}},
                     "/actions", notation="red 4 +W"), 409, "sandbox/stale_version")


def test_a_sandbox_of_a_game_under_way_holds_none_of_its_secrets(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    rng = random.Random(4)
    for _ in range(30):
        advance(app, client, game, rng)
    real = stored_state(app, game)
    box = opened(client, game, game.seat_tokens[0])
    with app.app_context():
        row = db.session.get(Sandbox, box["sandbox"]["id"])
        stored = json.dumps([row.start, row.entries, row.state])
        own = engine.state_from_dict(row.state)
        db.session.rollback()
    assert str(real.seed) not in stored and str(real.rng) not in stored
    assert sorted(own.pile) == sorted(real.pile)
    assert own.seed != real.seed
    assert "seed" not in json.dumps(box["sandbox"]["position"])


def test_an_imported_record_of_a_finished_game_replays_to_its_final_state(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    play_to_the_end(app, client, game)
    data = record(client, game, game.spectator_token)
    response = client.post(f"{API}/sandboxes", json={"record": data})
    assert response.status_code == 201, response.get_data(as_text=True)
    check = response.get_json()["check"]
    assert check == {"entries": len(data["entries"]), "seeded": True,
                     "final_version": stored_state(app, game).version, "end_checked": True,
                     "outcome": data["outcome"]}
    view = response.get_json()["sandbox"]
    assert view["position"]["figures"] == read(client, game, game.spectator_token)[
        "position"]["figures"]


def test_a_record_that_does_not_replay_is_refused_with_its_entry_and_nothing_is_stored(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, "green 5 +NN")
    move(client, game, 1, "red 5 +WW")
    data = record(client, game, game.spectator_token)
    broken = copy.deepcopy(data)
    broken["entries"][1]["action"]["path"] = "+NNNNNNNNNN"
    error = assert_error(client.post(f"{API}/sandboxes", json={"record": broken}), 422,
                         "record/invalid")
    assert error["details"]["entry"] == 2 and error["message"].startswith("entry 2: ")
    unknown = assert_error(client.post(f"{API}/sandboxes", json={"record": {**data,
                                                                           "rules": 9}}),
                           422, "record/invalid")
    assert "rules version 9" in unknown["message"]
    assert_error(client.post(f"{API}/sandboxes", json={"record": {"moves": []}}), 422,
                 "record/invalid")
    with app.app_context():
        assert db.session.scalars(select(Sandbox)).all() == []
        db.session.rollback()


def test_a_sandbox_is_its_tokens_alone_and_pruned_once_kept_long_enough(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    box = opened(client, game, game.seat_tokens[0])
    url = f"{API}/sandboxes/{box['sandbox']['id']}"
    assert_error(client.get(url, headers=auth(game.seat_tokens[0])), 404, "sandbox/not_found")
    assert client.get(url, headers=auth(box["token"])).status_code == 200
    with app.app_context():
        row = db.session.get(Sandbox, box["sandbox"]["id"])
        expires = row.expires_at
        db.session.rollback()
        assert prune(expires)["sandboxes"] == 1
    assert_error(client.get(url, headers=auth(box["token"])), 404, "sandbox/not_found")
