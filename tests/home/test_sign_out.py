"""A home link expires after 7 days, and "sign out everywhere" (DELETE /api/v1/home) stops
every link of the address and the seat links they handed out."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.plumbing.columns import utcnow
from tests.home.helpers import HOME, home_token, read_home
from tests.service.helpers import assert_error, auth, create_game, read

BOB = "bob@example.com"


class Clock:
    """A clock that stands still until a test moves it (the app's ``CLOCK``)."""

    def __init__(self) -> None:
        self.now = utcnow()

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock(app: Flask) -> Iterator[Clock]:
    """Set the app's clock for the test."""
    settable = Clock()
    app.config["CLOCK"] = settable
    yield settable
    app.config["CLOCK"] = None


def test_a_link_works_for_seven_days_and_not_after(app: Flask, client: FlaskClient,
                                                   clock: Clock) -> None:
    create_game(client)
    token = home_token(app, client)
    issued = clock.now
    clock.now = issued + timedelta(days=7) - timedelta(seconds=2)
    assert len(read_home(client, token)["games"]) == 1
    clock.now = issued + timedelta(days=7)
    error = assert_error(client.get(HOME, headers=auth(token)), 401, "home/expired_link")
    assert "expired" in error["message"] and error["details"]["expired_at"].endswith("Z")
    assert_error(client.delete(HOME, headers=auth(token)), 401, "home/expired_link")


def test_signing_out_stops_every_link_of_the_address_and_their_seat_links(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    other = create_game(client, seats=[{"name": "Bob", "email": BOB}, {"name": "Cy"}])
    first, second = home_token(app, client), home_token(app, client)
    bobs = home_token(app, client, BOB)
    seat_link = read_home(client, first)["games"][0]["link"]
    bobs_link = read_home(client, bobs)["games"][0]["link"]

    response = client.delete(HOME, headers=auth(second))
    assert response.status_code == 204 and response.get_data() == b""
    for token in (first, second):
        error = assert_error(client.get(HOME, headers=auth(token)), 401, "home/revoked_link")
        assert "signed out" in error["message"]
    assert_error(client.delete(HOME, headers=auth(first)), 401, "home/revoked_link")
    assert_error(client.get(game.url(), headers=auth(seat_link.partition("#t=")[2])), 403,
                 "auth/forbidden")
    assert read(client, game, game.seat_tokens[0])["viewer"]["seat"] == 0  # the first link
    # Another address is untouched.
    assert read_home(client, bobs)["games"][0]["link"] == bobs_link
    assert read(client, other, bobs_link.partition("#t=")[2])["viewer"]["seat"] == 0

    fresh = home_token(app, client)  # a new link works, with new seat links
    new_link = read_home(client, fresh)["games"][0]["link"]
    assert new_link != seat_link
    assert read(client, game, new_link.partition("#t=")[2])["viewer"]["seat"] == 0
