"""service.features.mail.daily and the game settings' door to it (GET/PUT
/games/{id}/daily-mail): an address's choice of one mail a day for all its games, kept by
keyed hash only, shared by every game of the address."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.features.mail import daily
from service.features.mail.models import DailyMailChoice
from service.plumbing.extensions import db
from tests.service.helpers import assert_error, auth, create_game
from tests.support.keys import TEST_SECRET_KEY

ANN = "ann@example.com"
NEW_KEY = "a brand new key, long enough: 0123456789abcdef"


def put(client: FlaskClient, url: str, token: str, body: dict[str, Any]) -> Any:
    """PUT ``body`` to ``url`` with ``token``; return the response."""
    return client.put(url, json=body, headers=auth(token))


def test_a_seat_reads_and_sets_its_address_s_choice_shared_by_its_other_games(
    client: FlaskClient,
) -> None:
    first = create_game(client, seats=[{"name": "Ann", "email": ANN}, {"name": "Bob"}])
    second = create_game(client, seats=[{"name": "Bob"}, {"name": "Ann",
                                                          "email": "Ann@Example.com"}])
    url, other = first.url("/daily-mail"), second.url("/daily-mail")
    answer = client.get(url, headers=auth(first.seat_tokens[0]))
    assert answer.status_code == 200
    assert answer.get_json() == {"email": ANN, "daily": False, "hour": 8, "time_zone": "UTC",
                                 "language": "en"}
    assert put(client, url, first.seat_tokens[0], {"daily": True}).get_json()["daily"] is True
    assert put(client, other, second.seat_tokens[1], {"hour": 19}).get_json() == {
        "email": "Ann@Example.com", "daily": True, "hour": 19, "time_zone": "UTC",
        "language": "en"}
    assert client.get(url, headers=auth(first.seat_tokens[0])).get_json()["hour"] == 19
    assert put(client, url, first.seat_tokens[0], {"daily": False}).get_json() | {
        "email": None} == {"email": None, "daily": False, "hour": 19, "time_zone": "UTC",
                           "language": "en"}


def test_the_choice_is_refused_without_an_address_a_seat_or_a_sound_body(
    client: FlaskClient,
) -> None:
    game = create_game(client, seats=[{"name": "Ann", "email": ANN}, {"name": "Bob"}])
    url = game.url("/daily-mail")
    assert_error(client.get(url, headers=auth(game.seat_tokens[1])), 409, "seat/no_email")
    assert_error(put(client, url, game.creator_token, {"daily": True}), 403, "auth/forbidden")
    assert_error(client.put(url, json={"daily": True}), 401, "auth/missing_token")
    for body in ({}, {"hour": 24}, {"hour": -1}, {"daily": "sometimes"}):
        assert_error(put(client, url, game.seat_tokens[0], body), 422, "request/invalid")


def test_no_column_holds_the_address(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Ann", "email": ANN}, {"name": "Bob"}])
    put(client, game.url("/daily-mail"), game.seat_tokens[0], {"daily": True, "hour": 6})
    with app.app_context():
        [row] = db.session.scalars(select(DailyMailChoice)).all()
        assert (row.daily, row.hour, row.sent_on) == (True, 6, None)
        assert "ann" not in row.address_hash and len(row.address_hash) == 64


def test_a_choice_made_before_a_key_rotation_still_counts_and_moves_to_the_new_key(
    app: Flask, make_app: Callable[..., Flask]
) -> None:
    with app.app_context():
        daily.choose(db.session, ANN, daily=True, hour=7)
        db.session.commit()
    rotated = make_app(SECRET_KEY=NEW_KEY, SECRET_KEY_OLD=[TEST_SECRET_KEY])
    with rotated.app_context():
        assert daily.choice_of(db.session, "ANN@example.com") == daily.Choice(True, 7)
        assert daily.replaces_game_mails(db.session, ANN)
        daily.choose(db.session, ANN, hour=9)
        db.session.commit()
        assert db.session.scalars(select(DailyMailChoice.address_hash)).all() == [
            daily.address_hash(ANN)]
    with make_app(SECRET_KEY=NEW_KEY).app_context():
        assert daily.choice_of(db.session, ANN) == daily.Choice(True, 9)


def test_an_address_that_never_chose_gets_a_mail_per_game(app: Flask) -> None:
    with app.app_context():
        assert daily.choice_of(db.session, ANN) == daily.PER_GAME == daily.Choice(False, 8)
        assert not daily.replaces_game_mails(db.session, ANN)
        assert not daily.replaces_game_mails(db.session, None)
