"""POST /api/v1/games: creating a game, and every way a creation is refused."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.kernel.models import Seat, Token
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from service.plumbing.sealing import unseal
from service.plumbing.tokens import hash_secret
from tests.service.conftest import PUBLIC_URL
from tests.service.helpers import API, TWO_PLAYERS, assert_error, create_game, read, token_of

GAMES = f"{API}/games"


def test_it_creates_a_game_of_named_players_that_starts_at_once(client: FlaskClient) -> None:
    response = client.post(GAMES, json={"seats": TWO_PLAYERS, "start_seat": 1})
    assert response.status_code == 201
    body = response.get_json()
    game = body["game"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", game["id"])
    assert (game["status"], game["phase"], game["version"], game["to_move"]) == (
        "active", "figures", 0, 1)
    assert [(s["seat"], s["name"], s["colour"], s["open"]) for s in body["seats"]] == [
        (0, "Ann", "green", False), (1, "Bob", "red", False)]
    assert game["viewer"] == {"kind": "creator", "seat": None}
    assert game["position"]["legal"]["seat"] == 1
    assert "Stage 1" in game["diagram"]
    assert body["invite_code"] is None and body["invite_link"] is None


def test_it_gives_every_seat_its_own_link_under_the_public_url(client: FlaskClient) -> None:
    body = client.post(GAMES, json={"seats": TWO_PLAYERS}).get_json()
    game_id = body["game"]["id"]
    links = [s["link"] for s in body["seats"]] + [body["spectator_link"], body["creator_link"]]
    assert all(link.startswith(f"{PUBLIC_URL}/play/{game_id}#t=") for link in links)
    assert len({token_of(link) for link in links}) == 4
    assert token_of(body["creator_link"]) == body["creator_token"]


def test_each_link_opens_the_game_for_its_holder(client: FlaskClient) -> None:
    game = create_game(client)
    assert read(client, game, game.seat_tokens[1])["viewer"] == {
        "kind": "seat", "seat": 1, "language": None, "time_zone": None}
    assert read(client, game, game.spectator_token)["viewer"] == {"kind": "spectator",
                                                                  "seat": None}
    assert read(client, game, game.creator_token)["viewer"] == {"kind": "creator", "seat": None}


def test_it_makes_a_different_game_id_each_time(client: FlaskClient) -> None:
    assert create_game(client).id != create_game(client).id


def test_it_stores_only_the_hashes_of_tokens(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    secrets = [game.creator_token, game.spectator_token, *game.seat_tokens.values()]
    with app.app_context():
        stored = set(db.session.scalars(select(Token.hash).where(Token.game_id == game.id)))
    assert stored == {hash_secret(secret) for secret in secrets}


def test_it_gives_chosen_colours_and_fills_the_others(client: FlaskClient) -> None:
    seats = [{"name": "A", "colour": "red"}, {"name": "B"}, {"name": "C", "colour": "green"}]
    body = client.post(GAMES, json={"seats": seats}).get_json()
    assert [s["colour"] for s in body["seats"]] == ["red", "blue", "green"]


def test_it_seats_seven_players_with_all_colours(client: FlaskClient) -> None:
    seats = [{"name": f"P{i}"} for i in range(7)]
    body = client.post(GAMES, json={"seats": seats, "options": {"three_hits": True}}).get_json()
    assert len({s["colour"] for s in body["seats"]}) == 7
    assert body["game"]["options"]["three_hits"] is True


def test_it_draws_the_start_player_when_none_is_given(client: FlaskClient) -> None:
    body = client.post(GAMES, json={"seats": TWO_PLAYERS, "start_seat": None}).get_json()
    assert body["game"]["start_seat"] is None
    assert body["game"]["to_move"] in (0, 1)


def test_the_experienced_game_begins_with_the_placement_phase(client: FlaskClient) -> None:
    body = client.post(GAMES, json={"seats": TWO_PLAYERS,
                                    "options": {"experienced": True}}).get_json()
    assert body["game"]["phase"] == "placement"
    assert body["game"]["position"]["legal"]["kind"] == "placement"


def test_a_random_set_up_places_the_tiles_at_once(client: FlaskClient) -> None:
    options = {"experienced": True, "random_setup": True}
    body = client.post(GAMES, json={"seats": TWO_PLAYERS, "options": options}).get_json()
    assert body["game"]["phase"] == "figures"
    assert len(body["game"]["position"]["teleporters"]) == 4


def test_a_game_with_open_seats_waits_with_an_invite_code(client: FlaskClient) -> None:
    seats = [{"name": "Ann"}, {"open": True}, {"open": True}]
    body = client.post(GAMES, json={"seats": seats}).get_json()
    game = body["game"]
    assert (game["status"], game["phase"], game["position"], game["diagram"]) == (
        "open", None, None, None)
    assert [s["link"] is None for s in body["seats"]] == [False, True, True]
    assert body["invite_link"] == f"{PUBLIC_URL}/join/{game['id']}#code={body['invite_code']}"


def test_it_records_the_time_limit_per_move_and_the_deadline(client: FlaskClient) -> None:
    game = create_game(client, move_time_limit=3600)
    view = read(client, game, game.seat_tokens[0])
    assert view["move_time_limit"] == 3600
    assert view["move_deadline"] > view["started_at"]


def test_it_writes_an_invitation_email_for_each_seat_with_an_address(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=[{"name": "Ann", "email": "ann@example.com"},
                                      {"name": "Bob"}, {"name": "Cy", "email": "cy@example.com"}])
    with app.app_context():
        jobs = db.session.scalars(select(Outbox).order_by(Outbox.id)).all()
        emails = [(job.kind, job.payload["to"], job.status) for job in jobs]
        stored = [job.payload["text"] for job in jobs]
        texts = [unseal(job.payload)["text"] for job in jobs]
    assert not any(game.body["seats"][0]["link"] in text for text in stored)  # sealed
    assert emails == [("email", "ann@example.com", "pending"), ("email", "cy@example.com",
                                                                "pending")]
    assert game.body["seats"][0]["link"] in texts[0]
    assert game.body["seats"][2]["link"] in texts[1]


def test_a_game_has_the_name_its_creator_gave_or_one_from_its_id(
    app: Flask, client: FlaskClient
) -> None:
    named = client.post(GAMES, json={"name": "Friday night", "seats": [
        {"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}], "start_seat": 0})
    game = named.get_json()["game"]
    assert game["name"] == "Friday night"
    seat_link = named.get_json()["seats"][1]["link"]
    seen = client.get(f"{GAMES}/{game['id']}",
                      headers={"Authorization": f"Bearer {token_of(seat_link)}"}).get_json()
    assert seen["name"] == "Friday night"
    unnamed = client.post(GAMES, json={"seats": TWO_PLAYERS}).get_json()["game"]
    assert unnamed["name"] == f"Game {unnamed['id'][:6]}"
    with app.app_context():
        [invite] = [job for job in db.session.scalars(select(Outbox))
                    if job.payload.get("topic") == "invite"
                    and job.payload.get("game_id") == game["id"]]
        text = unseal(invite.payload)["text"]
    assert invite.payload["subject"] == "[Friday night] Your seat in a game of Fearsome Floors"
    assert "Reply to this email with your move to play it, for example:" in text
    assert "  flip green " in text  # an example from the seat's own moves


def test_it_stores_the_email_address_as_given(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Ann", "email": "Ann@Example.com"},
                                      {"name": "Bob"}])
    with app.app_context():
        seat = db.session.get(Seat, (game.id, 0))
        assert (seat.email, seat.email_key) == ("Ann@Example.com", "ann@example.com")


@pytest.mark.parametrize(("spec", "field"), [
    ({"seats": [{"name": "Solo"}]}, "seats"),
    ({"seats": [{"name": f"P{i}"} for i in range(8)]}, "seats"),
    ({}, "seats"),
    ({"seats": [{"name": "A"}, {"email": "b@example.com"}]}, "seats"),
    ({"seats": [{"name": "A"}, {"open": True, "name": "B"}]}, "seats"),
    ({"seats": [{"name": ""}, {"name": "B"}]}, "seats"),
    ({"seats": [{"name": "A" * 41}, {"name": "B"}]}, "seats"),
    ({"seats": [{"name": "A\u0000"}, {"name": "B"}]}, "seats"),
    ({"seats": [{"name": "Ann\u202etuo"}, {"name": "B"}]}, "seats"),
    ({"seats": [{"name": "A\u2067B\u2069"}, {"name": "B"}]}, "seats"),
    ({"seats": [{"name": "A", "email": "not an address"}, {"name": "B"}]}, "seats"),
    ({"seats": [{"name": "A", "colour": "pink"}, {"name": "B"}]}, "seats"),
    ({"seats": TWO_PLAYERS, "options": {"fast": True}}, "options"),
    ({"seats": TWO_PLAYERS, "options": {"experienced": "maybe"}}, "options"),
    ({"seats": TWO_PLAYERS, "start_seat": 7}, "start_seat"),
    ({"seats": TWO_PLAYERS, "start_seat": -1}, "start_seat"),
    ({"seats": TWO_PLAYERS, "move_time_limit": 10}, "move_time_limit"),
    ({"seats": TWO_PLAYERS, "move_time_limit": 2**40}, "move_time_limit"),
    ({"seats": TWO_PLAYERS, "colour": "red"}, "colour"),
    ({"seats": TWO_PLAYERS, "name": ""}, "name"),
    ({"seats": TWO_PLAYERS, "name": "N" * 61}, "name"),
    ({"seats": TWO_PLAYERS, "name": "Fri\u202eday"}, "name"),
], ids=["one-seat", "eight-seats", "no-seats", "seat-without-name", "open-seat-with-name",
        "empty-name", "long-name", "nul-in-name", "right-to-left-override-in-name",
        "isolate-in-name", "bad-email",
        "unknown-colour", "unknown-option", "non-boolean-option", "start-seat-too-big",
        "negative-start-seat", "time-limit-too-short", "time-limit-out-of-range",
        "unknown-field", "empty-game-name", "long-game-name", "override-in-game-name"])
def test_it_refuses_an_invalid_request_naming_the_field(
    client: FlaskClient, spec: dict[str, Any], field: str
) -> None:
    error = assert_error(client.post(GAMES, json=spec), 422, "request/invalid")
    assert field in error["details"]["fields"]["json"]


@pytest.mark.parametrize(("spec", "detail"), [
    ({"seats": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]}, None),
    ({"seats": [{"name": "A", "colour": "beige"}, {"name": "B"}]}, "colour"),
    ({"seats": TWO_PLAYERS, "options": {"three_hits": True}}, "option"),
    ({"seats": TWO_PLAYERS, "options": {"random_setup": True}}, "option"),
    ({"seats": TWO_PLAYERS, "start_seat": 2}, None),
], ids=["same-colour-twice", "colour-not-for-two", "three-hits-for-two",
        "random-setup-basic-game", "start-seat-not-a-seat"])
def test_it_refuses_a_set_up_the_engine_refuses_and_writes_nothing(
    app: Flask, client: FlaskClient, spec: dict[str, Any], detail: str | None
) -> None:
    error = assert_error(client.post(GAMES, json=spec), 422, "setup/invalid")
    if detail:
        assert detail in error["details"]
    with app.app_context():
        assert db.session.scalars(select(Seat)).all() == []


def test_it_refuses_a_body_that_is_not_json(client: FlaskClient) -> None:
    response = client.post(GAMES, data="{seats:", content_type="application/json")
    assert_error(response, 400, "request/invalid_json")


def test_it_refuses_a_lone_surrogate_as_not_json(client: FlaskClient) -> None:
    body = '{"seats": [{"name": "A\\ud800"}, {"name": "B"}]}'  # no UTF-8 can carry it
    error = assert_error(client.post(GAMES, data=body, content_type="application/json"), 400,
                         "request/invalid_json")
    assert "surrogate" in error["message"]


def test_it_refuses_a_json_array(client: FlaskClient) -> None:
    assert_error(client.post(GAMES, json=[1, 2]), 422, "request/invalid")
