"""service.features.mailin.routes: the HTTP door with and without its secret, a seat's log,
settings."""

from __future__ import annotations

import base64
import logging
from collections.abc import Callable
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.features.mailin.parse import MAX_PARTS
from tests.mailin.helpers import (
    LEGAL,
    POISONS,
    actions_of,
    address_of,
    inbound_rows,
    new_game,
    poison,
    reply,
)
from tests.service.helpers import API, assert_error, auth

SECRET = "inbound-secret-for-tests"
DOOR = f"{API}/mail/inbound"


@pytest.fixture
def door(make_app: Callable[..., Flask]) -> Flask:
    """Return an app whose HTTP door is open with ``SECRET``."""
    return make_app(MAIL_INBOUND_SECRET=SECRET, MAIL_INBOUND_MAX_BYTES=20_000)


def post(app: Flask, raw: bytes, headers: dict[str, str] | None = None,
         query: str = "") -> object:
    """POST a raw message to the door."""
    return app.test_client().post(DOOR + query, data=raw, headers={
        "Content-Type": "message/rfc822", **(headers or {})})


def test_it_takes_a_message_with_the_secret_header(door: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    response = post(door, reply(address_of(door, game), LEGAL),
                    {"X-FF-Inbound-Secret": SECRET})
    assert response.status_code == 200, response.get_data(as_text=True)
    [result] = response.get_json()["results"]
    assert (result["status"], result["code"], result["duplicate"]) == ("applied", None, False)
    assert actions_of(door, game) == ["green 5 +"]


def test_it_takes_the_secret_as_basic_auth_password(door: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    basic = base64.b64encode(f"mail:{SECRET}".encode()).decode()
    response = post(door, reply(address_of(door, game), "board"),
                    {"Authorization": f"Basic {basic}"})
    assert response.status_code == 200
    assert response.get_json()["results"][0]["status"] == "answered"


@pytest.mark.parametrize("headers", [
    {}, {"X-FF-Inbound-Secret": "wrong"}, {"X-FF-Inbound-Secret": SECRET[:-1]},
    {"Authorization": "Basic " + base64.b64encode(b"mail:nope").decode()},
    {"Authorization": "Basic !!!"}, {"Authorization": f"Bearer {SECRET}"},
])
def test_without_the_secret_it_refuses_and_touches_nothing(door: Flask, client: FlaskClient,
                                                           headers: dict[str, str]) -> None:
    game = new_game(client)
    response = post(door, reply(address_of(door, game), LEGAL), headers)
    assert_error(response, 401, "mail/bad_secret")
    assert inbound_rows(door) == [] and actions_of(door, game) == []


def test_the_door_is_closed_without_a_configured_secret(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    response = post(app, reply(address_of(app, game), LEGAL), {"X-FF-Inbound-Secret": ""})
    assert_error(response, 404, "mail/inbound_closed")


def test_a_message_over_the_limit_is_refused(door: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    raw = reply(address_of(door, game), LEGAL + "\n" + "x" * 30_000)
    response = post(door, raw, {"X-FF-Inbound-Secret": SECRET})
    assert_error(response, 413, "request/too_large")
    assert inbound_rows(door) == []


@pytest.mark.parametrize("kind", POISONS)
def test_a_message_that_can_never_be_read_is_refused_for_good_in_one_log_line(
        make_app: Callable[..., Flask], client: FlaskClient, caplog: pytest.LogCaptureFixture,
        kind: str) -> None:
    door = make_app(MAIL_INBOUND_SECRET=SECRET)  # the default size limit lets it in
    game = new_game(client)
    caplog.set_level(logging.INFO)
    response = post(door, poison(kind, address_of(door, game)), {"X-FF-Inbound-Secret": SECRET})
    error = assert_error(response, 422, "mail/unreadable")
    assert f"more than {MAX_PARTS} parts" in error["message"]
    assert inbound_rows(door) == [] and actions_of(door, game) == []
    [line] = [record for record in caplog.records if record.levelno >= logging.INFO]
    assert line.levelno == logging.WARNING and line.exc_info is None
    assert "cannot be read" in line.getMessage() and "\n" not in line.getMessage()


def test_a_message_for_no_reply_address_is_unprocessable(door: Flask) -> None:
    response = post(door, reply("someone@example.org", LEGAL), {"X-FF-Inbound-Secret": SECRET})
    assert_error(response, 422, "mail/not_for_us")


def test_the_envelope_can_name_the_recipient_and_the_null_sender(
        door: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    to = address_of(door, game)
    raw = reply("undisclosed-recipients:;", LEGAL)
    query = "?" + urlencode({"to": to, "from": ""})
    response = post(door, raw, {"X-FF-Inbound-Secret": SECRET}, query)
    [result] = response.get_json()["results"]
    assert (result["status"], result["code"]) == ("ignored", "mail/automatic")


def test_the_seat_reads_its_log_and_reply_address(door: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    to = address_of(door, game)
    for _ in range(2):
        post(door, reply(to, LEGAL, message_id="<twice@example.com>"),
             {"X-FF-Inbound-Secret": SECRET})
    body = client.get(f"{API}/games/{game.id}/mail/inbound",
                      headers=auth(game.seat_tokens[0])).get_json()
    assert body["reply_address"] == to
    [message] = body["messages"]
    assert (message["status"], message["command"], message["duplicates"]) == (
        "applied", LEGAL, 1)
    other = client.get(f"{API}/games/{game.id}/mail/inbound",
                       headers=auth(game.seat_tokens[1])).get_json()
    assert other["messages"] == []  # each seat sees its own mail only
    assert_error(client.get(f"{API}/games/{game.id}/mail/inbound",
                            headers=auth(game.spectator_token)), 403, "auth/forbidden")


def test_only_the_creator_sets_the_sender_check(client: FlaskClient) -> None:
    game = new_game(client)
    url = f"{API}/games/{game.id}/mail/settings"
    assert client.get(url, headers=auth(game.seat_tokens[1])).get_json() == {
        "sender_must_match": True}
    assert_error(client.put(url, json={"sender_must_match": False},
                            headers=auth(game.seat_tokens[0])), 403, "auth/forbidden")
    assert_error(client.put(url, json={"sender_must_match": "maybe"},
                            headers=auth(game.creator_token)), 422, "request/invalid")
    response = client.put(url, json={"sender_must_match": False},
                          headers=auth(game.creator_token))
    assert response.get_json() == {"sender_must_match": False}
    assert client.get(url, headers=auth(game.spectator_token)).get_json() == {
        "sender_must_match": False}
