"""POST /api/v1/games/{id}/cancel: the creator ends a game."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.service.helpers import API, assert_error, auth, create_game, read, submit


def test_the_creator_cancels_a_game_under_way(client: FlaskClient) -> None:
    game = create_game(client)
    response = client.post(game.url("/cancel"), headers=auth(game.creator_token))
    assert response.status_code == 200
    view = response.get_json()
    assert (view["status"], view["viewer"]["kind"]) == ("cancelled", "creator")
    assert view["finished_at"] is not None
    assert read(client, game, game.seat_tokens[0])["status"] == "cancelled"


def test_the_creator_cancels_a_game_waiting_for_players(client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Ann"}, {"open": True}])
    response = client.post(game.url("/cancel"), headers=auth(game.creator_token))
    assert response.get_json()["status"] == "cancelled"


def test_a_cancelled_game_takes_no_more_actions(client: FlaskClient) -> None:
    game = create_game(client)
    client.post(game.url("/cancel"), headers=auth(game.creator_token))
    assert_error(submit(client, game, 0, 0, notation="flip 1"), 409, "game/cancelled")


def test_it_refuses_to_cancel_twice(client: FlaskClient) -> None:
    game = create_game(client)
    client.post(game.url("/cancel"), headers=auth(game.creator_token))
    error = assert_error(client.post(game.url("/cancel"), headers=auth(game.creator_token)),
                         409, "game/ended")
    assert error["details"] == {"status": "cancelled"}


def test_only_the_creator_may_cancel(client: FlaskClient) -> None:
    game = create_game(client)
    for token in (game.seat_tokens[0], game.spectator_token):
        error = assert_error(client.post(game.url("/cancel"), headers=auth(token)), 403,
                             "auth/forbidden")
        assert error["details"]["token_kind"] in ("seat", "spectator")
    assert read(client, game, game.creator_token)["status"] == "active"


def test_it_needs_the_creator_token(client: FlaskClient) -> None:
    game = create_game(client)
    assert_error(client.post(game.url("/cancel")), 401, "auth/missing_token")
    other = create_game(client)
    assert_error(client.post(game.url("/cancel"), headers=auth(other.creator_token)), 403,
                 "auth/forbidden")


def test_it_answers_404_for_an_unknown_game(client: FlaskClient) -> None:
    token = create_game(client).creator_token
    assert_error(client.post(f"{API}/games/{'C' * 22}/cancel", headers=auth(token)), 404,
                 "game/not_found")


def test_it_takes_only_post(client: FlaskClient) -> None:
    game = create_game(client)
    response = client.get(game.url("/cancel"), headers=auth(game.creator_token))
    assert_error(response, 405, "http/method_not_allowed")
    assert "POST" in response.headers["Allow"]
