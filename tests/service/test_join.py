"""POST /api/v1/games/{id}/join: taking an open seat with the invite code."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.service.conftest import PUBLIC_URL
from tests.service.helpers import API, NewGame, assert_error, auth, create_game, read

OPEN_TWO = [{"name": "Ann"}, {"open": True}, {"open": True}]


def join(client: FlaskClient, game: NewGame, **body: Any):
    """Join ``game`` with its invite code (overridable) and ``body``."""
    return client.post(game.url("/join"), json={"invite_code": game.invite_code, **body})


def test_it_gives_the_first_open_seat_and_its_token_to_the_joiner(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_TWO)
    response = join(client, game, name="Bob", email="bob@example.com")
    assert response.status_code == 201
    body = response.get_json()
    assert (body["seat"], body["colour"]) == (1, "red")
    assert body["link"] == f"{PUBLIC_URL}/play/{game.id}#t={body['token']}"
    assert body["game"]["viewer"] == {"kind": "seat", "seat": 1,
                                      "language": None, "time_zone": None}
    assert body["game"]["seats"][1] == {"seat": 1, "colour": "red", "name": "Bob",
                                        "open": False, "email": "bob@example.com",
                                        "vacation_days_left": 0, "missed_deadlines": 0,
                                        "absent": False, "computer": None}
    assert body["game"]["status"] == "open"
    assert read(client, game, body["token"])["viewer"]["seat"] == 1


def test_the_last_seat_taken_starts_the_game(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_TWO)
    join(client, game, name="Bob")
    body = join(client, game, name="Cy").get_json()
    assert body["seat"] == 2
    view = body["game"]
    assert (view["status"], view["phase"], view["version"]) == ("active", "figures", 0)
    assert view["started_at"] is not None
    assert view["position"]["legal"]["seat"] == view["to_move"] == 0


def test_it_takes_the_seat_asked_for(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_TWO)
    assert join(client, game, name="Cy", seat=2).get_json()["seat"] == 2
    assert join(client, game, name="Bob").get_json()["seat"] == 1


def test_it_sends_no_email_and_keeps_the_address_to_the_seat(app: Flask,
                                                             client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_TWO)
    body = join(client, game, name="Bob", email="bob@example.com").get_json()
    with app.app_context():
        assert db.session.scalars(select(Outbox)).all() == []
    assert "email" not in read(client, game, game.creator_token)["seats"][1]
    assert read(client, game, body["token"])["seats"][1]["email"] == "bob@example.com"


def test_it_refuses_a_seat_that_is_taken(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_TWO)
    error = assert_error(join(client, game, name="Bob", seat=0), 409, "seat/taken")
    assert error["details"] == {"seat": 0}  # the API's seat number, from 0
    assert error["message"] == "Seat 1 (green) is taken."  # for people, from 1


def test_it_refuses_a_seat_the_game_does_not_have(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_TWO)
    error = assert_error(join(client, game, name="Bob", seat=5), 422, "seat/not_found")
    assert error["message"] == "This game has 3 seats."  # OPEN_TWO: a named seat, two open


def test_it_refuses_a_wrong_invite_code(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_TWO)
    other = create_game(client, seats=OPEN_TWO)
    assert_error(join(client, game, name="Bob", invite_code=other.invite_code), 403,
                 "invite/invalid")


def test_a_game_without_open_seats_takes_no_invite_code(client: FlaskClient) -> None:
    game = create_game(client)
    assert_error(join(client, game, name="Bob", invite_code="x" * 43), 403, "invite/invalid")


def test_it_refuses_to_join_a_full_game(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_TWO)
    join(client, game, name="Bob")
    join(client, game, name="Cy")
    error = assert_error(join(client, game, name="Dee"), 409, "game/not_open")
    assert error["details"] == {"status": "active"}


def test_it_refuses_to_join_a_cancelled_game(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_TWO)
    client.post(game.url("/cancel"), headers=auth(game.creator_token))
    assert_error(join(client, game, name="Bob"), 409, "game/not_open")


def test_it_answers_404_for_an_unknown_game(client: FlaskClient) -> None:
    game = create_game(client, seats=OPEN_TWO)
    response = client.post(f"{API}/games/{'B' * 22}/join",
                           json={"invite_code": game.invite_code, "name": "Bob"})
    assert_error(response, 404, "game/not_found")


@pytest.mark.parametrize(("body", "field"), [
    ({"name": "Bob", "invite_code": None}, "invite_code"),
    ({"name": "Bob", "invite_code": "short"}, "invite_code"),
    ({"name": "Bob", "invite_code": "x" * 40 + "\u0000"}, "invite_code"),
    ({}, "name"),
    ({"name": "B\u0000b"}, "name"),
    ({"name": "\u202eboB"}, "name"),
    ({"name": "Bob", "email": "bob"}, "email"),
    ({"name": "Bob", "seat": -1}, "seat"),
    ({"name": "Bob", "seat": 2**31}, "seat"),
    ({"name": "Bob", "token": "x"}, "token"),
], ids=["null-code", "short-code", "nul-in-code", "no-name", "nul-in-name", "bidi-override-in-name",
        "bad-email",
        "negative-seat", "huge-seat", "unknown-field"])
def test_it_refuses_an_invalid_request(client: FlaskClient, body: dict[str, Any],
                                       field: str) -> None:
    game = create_game(client, seats=OPEN_TWO)
    error = assert_error(join(client, game, **body), 422, "request/invalid")
    assert field in error["details"]["fields"]["json"]
