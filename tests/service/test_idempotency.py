"""Idempotency-Key on submissions: a retry gets the identical response; the move applies once."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from service.kernel.models import Action, Game
from service.plumbing.extensions import db
from tests.service.helpers import assert_error, create_game, play_one, submit

KEY = {"Idempotency-Key": "move-7f3a"}
MOVE = {"action": {"type": "move", "figure": "green5", "path": "+W"}}


def applied(app: Flask, game_id: str) -> tuple[int, int]:
    """Return the game's version and the number of actions stored."""
    with app.app_context():
        return (db.session.get(Game, game_id).version,
                db.session.scalar(select(func.count()).select_from(Action)))


def test_a_retry_gets_the_identical_response_and_applies_once(app: Flask,
                                                              client: FlaskClient) -> None:
    game = create_game(client)
    first = submit(client, game, 0, 0, headers=KEY, **MOVE)
    retry = submit(client, game, 0, 0, headers=KEY, **MOVE)
    assert first.status_code == retry.status_code == 201
    assert retry.get_data() == first.get_data()
    assert "Idempotent-Replayed" not in first.headers
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert applied(app, game.id) == (1, 1)


def test_a_retry_after_the_game_moved_on_still_gets_the_first_response(
    client: FlaskClient,
) -> None:
    game = create_game(client)
    first = submit(client, game, 0, 0, headers=KEY, **MOVE)
    play_one(client, game)
    assert submit(client, game, 0, 0, headers=KEY, **MOVE).get_data() == first.get_data()


def test_key_order_in_the_body_does_not_matter(client: FlaskClient) -> None:
    game = create_game(client)
    first = submit(client, game, 0, 0, headers=KEY, **MOVE)
    reordered = client.post(
        game.url("/actions"),
        data='{"action": {"path": "+W", "type": "move", "figure": "green5"}, '
             '"expected_version": 0}',
        content_type="application/json",
        headers={"Authorization": f"Bearer {game.seat_tokens[0]}", **KEY},
    )
    assert reordered.get_data() == first.get_data()


def test_the_same_key_with_another_body_is_refused(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    submit(client, game, 0, 0, headers=KEY, **MOVE)
    response = submit(client, game, 0, 1, headers=KEY, notation="flip 1")
    assert_error(response, 422, "idempotency/key_reused")
    assert applied(app, game.id) == (1, 1)


def test_keys_belong_to_one_caller(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    submit(client, game, 0, 0, headers=KEY, **MOVE)
    response = submit(client, game, 1, 1, headers=KEY, notation="flip 1")
    assert response.status_code == 201
    assert applied(app, game.id) == (2, 2)


def test_a_refused_request_is_not_remembered(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    refused = submit(client, game, 0, 0, headers=KEY, notation="green 5 +E")
    assert_error(refused, 422, "move/illegal")
    assert submit(client, game, 0, 0, headers=KEY, **MOVE).status_code == 201


def test_without_a_key_a_repeat_is_a_stale_submission(client: FlaskClient) -> None:
    game = create_game(client)
    submit(client, game, 0, 0, **MOVE)
    assert_error(submit(client, game, 0, 0, **MOVE), 409, "game/stale_version")


@pytest.mark.parametrize("key", ["", "x" * 256, "caf\u00e9", "two words"],
                         ids=["empty", "too-long", "non-ascii", "space"])
def test_it_refuses_a_malformed_key(client: FlaskClient, key: str) -> None:
    game = create_game(client)
    headers = {"Idempotency-Key": key.encode().decode("latin-1")}
    error = assert_error(submit(client, game, 0, 0, headers=headers, **MOVE), 422,
                         "request/invalid")
    assert "Idempotency-Key" in error["details"]["fields"]["headers"]
