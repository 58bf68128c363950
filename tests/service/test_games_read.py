"""GET /api/v1/games/{id}: the view of a seat, a spectator or the creator; ETags; refusals."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from service.plumbing.extensions import db
from tests.service.helpers import (
    API,
    advance,
    assert_error,
    auth,
    create_game,
    play_one,
    play_until,
    read,
)


def test_a_seat_sees_its_position_legal_moves_diagram_and_own_email(
    client: FlaskClient,
) -> None:
    game = create_game(client)
    view = read(client, game, game.seat_tokens[0])
    assert view["viewer"] == {"kind": "seat", "seat": 0, "language": None, "time_zone": None}
    assert view["seats"][0]["email"] == "ann@example.com"
    assert "email" not in view["seats"][1]
    legal = view["position"]["legal"]
    assert (legal["seat"], legal["kind"]) == (0, "figure")
    move = legal["figures"][0]["moves"][0]
    assert set(move) >= {"figure", "path", "to", "escapes", "pushes"}
    assert view["diagram"].splitlines()[0].split() == list("abcdefghijklmnop")
    assert view["position"]["cards_left"] == 8
    assert view["outcome"] is None


def test_a_spectator_and_the_creator_see_no_email_address(client: FlaskClient) -> None:
    game = create_game(client)
    for token in (game.spectator_token, game.creator_token):
        view = read(client, game, token)
        assert all("email" not in seat for seat in view["seats"])
        assert view["position"]["viewer"] is None


def test_the_other_seat_sees_the_legal_moves_of_the_player_to_move(
    client: FlaskClient,
) -> None:
    game = create_game(client)
    assert read(client, game, game.seat_tokens[1])["position"]["legal"]["seat"] == 0


def test_it_answers_304_with_no_body_while_the_etag_is_current(client: FlaskClient) -> None:
    game = create_game(client)
    first = client.get(game.url(), headers=auth(game.seat_tokens[0]))
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')
    again = client.get(game.url(), headers={**auth(game.seat_tokens[0]), "If-None-Match": etag})
    assert again.status_code == 304
    assert again.data == b""
    assert again.headers["ETag"] == etag


def test_the_etag_changes_with_each_move_and_differs_per_viewer(client: FlaskClient) -> None:
    game = create_game(client)
    seat0 = client.get(game.url(), headers=auth(game.seat_tokens[0])).headers["ETag"]
    seat1 = client.get(game.url(), headers=auth(game.seat_tokens[1])).headers["ETag"]
    assert seat0 != seat1
    play_one(client, game)
    after = client.get(game.url(), headers={**auth(game.seat_tokens[0]), "If-None-Match": seat0})
    assert after.status_code == 200
    assert after.headers["ETag"] != seat0
    assert after.get_json()["version"] == 1


def test_an_etag_of_another_viewer_gets_the_full_view(client: FlaskClient) -> None:
    game = create_game(client)
    spectator = client.get(game.url(), headers=auth(game.spectator_token)).headers["ETag"]
    response = client.get(game.url(), headers={**auth(game.seat_tokens[0]),
                                               "If-None-Match": spectator})
    assert response.status_code == 200


def test_the_etag_changes_when_a_seat_is_taken(client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Ann"}, {"open": True}, {"open": True}])
    before = client.get(game.url(), headers=auth(game.creator_token)).headers["ETag"]
    client.post(game.url("/join"), json={"invite_code": game.invite_code, "name": "Bob"})
    response = client.get(game.url(), headers={**auth(game.creator_token),
                                               "If-None-Match": before})
    assert response.status_code == 200
    assert response.get_json()["seats"][1]["name"] == "Bob"


def test_a_finished_game_shows_its_outcome(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    play_until(app, client, game, "over")
    view = read(client, game, game.spectator_token)
    assert (view["status"], view["phase"], view["to_move"]) == ("finished", "over", None)
    assert view["outcome"] == view["position"]["outcome"]
    assert set(view["outcome"]) == {"winners", "reason", "escaped", "eaten"}
    assert view["finished_at"] is not None
    assert view["position"]["legal"] == {"seat": None, "kind": None}


def test_reading_costs_the_same_number_of_queries_however_long_the_game(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client)
    statements: list[str] = []

    def record(conn, cursor, statement, parameters, context, executemany) -> None:
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        read(client, game, game.seat_tokens[0])  # records the seat's activity (a write)
        statements.clear()
        read(client, game, game.seat_tokens[0])  # within a few seconds: no write
        fresh = len(statements)
        for _ in range(12):
            advance(app, client, game)
        statements.clear()
        read(client, game, game.seat_tokens[0])
    finally:
        event.remove(engine, "before_cursor_execute", record)
    assert len(statements) == fresh
    assert not any("actions" in s or "events" in s for s in statements)


def test_it_needs_a_token(client: FlaskClient) -> None:
    game = create_game(client)
    response = client.get(game.url())
    assert_error(response, 401, "auth/missing_token")
    assert response.headers["WWW-Authenticate"] == "Bearer"


@pytest.mark.parametrize("header", ["Basic dXNlcjpwYXNz", "Bearer", "Bearer short",
                                    "Bearer not/a+token=at-all-ok", "Token abcdefghijklmnopqrstu"])
def test_it_takes_a_malformed_authorization_header_for_no_token(
    client: FlaskClient, header: str
) -> None:
    game = create_game(client)
    assert_error(client.get(game.url(), headers={"Authorization": header}), 401,
                 "auth/missing_token")


def test_it_refuses_a_token_of_another_game(client: FlaskClient) -> None:
    game, other = create_game(client), create_game(client)
    assert_error(client.get(game.url(), headers=auth(other.seat_tokens[0])), 403,
                 "auth/forbidden")


def test_it_refuses_an_unknown_token(client: FlaskClient) -> None:
    game = create_game(client)
    assert_error(client.get(game.url(), headers=auth("x" * 43)), 403, "auth/forbidden")


@pytest.mark.parametrize("game_id", ["A" * 22, "short", "A" * 23, "A" * 21 + "!",
                                     "%00" + "A" * 19])
def test_it_answers_404_for_a_game_that_does_not_exist(client: FlaskClient,
                                                        game_id: str) -> None:
    token = create_game(client).seat_tokens[0]
    assert_error(client.get(f"{API}/games/{game_id}", headers=auth(token)), 404,
                 "game/not_found")


def test_it_refuses_other_methods_with_allow(client: FlaskClient) -> None:
    game = create_game(client)
    response = client.delete(game.url(), headers=auth(game.creator_token))
    assert_error(response, 405, "http/method_not_allowed")
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}
