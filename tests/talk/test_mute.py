"""PUT /api/v1/games/{id}/seats/{seat}/mute: the creator stops a seat posting, and lets it
post again."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.service.helpers import assert_error, create_game
from tests.talk.helpers import THREE, mute, muted_rows, page


def test_the_creator_mutes_and_unmutes_a_seat(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    for _ in range(2):  # twice: the second changes nothing
        response = mute(client, game, 2, True)
        assert response.status_code == 200, response.get_data(as_text=True)
        assert response.get_json() == {"seat": 2, "muted": True}
    assert muted_rows(app) == [(game.id, 2)]
    assert page(client, game, game.seat_tokens[2])["muted"] == [2]
    for _ in range(2):
        assert mute(client, game, 2, False).get_json() == {"seat": 2, "muted": False}
    assert muted_rows(app) == []
    assert page(client, game, game.spectator_token)["muted"] == []


def test_the_page_lists_every_muted_seat_in_order(client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    mute(client, game, 2, True)
    mute(client, game, 0, True)
    assert page(client, game, game.creator_token)["muted"] == [0, 2]


def test_only_the_creator_mutes(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    for token in (game.seat_tokens[0], game.spectator_token):
        assert_error(mute(client, game, 1, True, token), 403, "auth/forbidden")
    assert muted_rows(app) == []


@pytest.mark.parametrize("seat", ["3", "99", "x", "-1", "٣", "007"])
def test_a_seat_the_game_does_not_have_is_refused(app: Flask, client: FlaskClient,
                                                  seat: str) -> None:
    game = create_game(client, seats=THREE)
    error = assert_error(mute(client, game, seat, True), 422, "seat/not_found")
    assert error["details"] == {"seat": seat}
    assert muted_rows(app) == []


def test_the_body_must_say_true_or_false(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    for body in ({}, {"muted": 1}, {"muted": "true"}):
        response = client.put(game.url("/seats/1/mute"), json=body,
                              headers={"Authorization": f"Bearer {game.creator_token}"})
        assert_error(response, 422, "request/invalid")
    assert muted_rows(app) == []
