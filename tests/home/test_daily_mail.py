"""PUT /api/v1/home/daily-mail and GET /api/v1/home's ``daily_mail``: the list of an address's
games chooses one mail a day for all of them, the same choice its games' settings show."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.home.helpers import ANN, HOME, home_token, read_home
from tests.service.helpers import assert_error, auth, create_game

DAILY = f"{HOME}/daily-mail"


def test_the_list_of_games_chooses_the_daily_mail_its_games_then_show(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Ann", "email": ANN}, {"name": "Bob"}])
    token = home_token(app, client)
    assert read_home(client, token)["daily_mail"] == {
        "email": ANN, "daily": False, "hour": 8, "time_zone": "UTC", "language": "en"}
    chosen = client.put(DAILY, json={"daily": True, "hour": 18}, headers=auth(token))
    assert chosen.status_code == 200, chosen.get_data(as_text=True)
    assert chosen.get_json() | {"email": ANN} == {
        "email": ANN, "daily": True, "hour": 18, "time_zone": "UTC", "language": "en"}
    assert read_home(client, token)["daily_mail"]["daily"] is True
    seat = client.get(game.url("/daily-mail"), headers=auth(game.seat_tokens[0])).get_json()
    assert (seat["daily"], seat["hour"]) == (True, 18)


def test_only_a_genuine_home_link_chooses(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Ann", "email": ANN}, {"name": "Bob"}])
    assert_error(client.put(DAILY, json={"daily": True}), 401, "auth/missing_token")
    assert_error(client.put(DAILY, json={"daily": True}, headers=auth(game.seat_tokens[0])),
                 401, "home/invalid_link")
    token = home_token(app, client)
    assert_error(client.put(DAILY, json={}, headers=auth(token)), 422, "request/invalid")
    assert_error(client.put(DAILY, json={"hour": 25}, headers=auth(token)), 422,
                 "request/invalid")
