"""A device subscribed through the link to "my games": pushed to for every seat it lists."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.home.helpers import home_token
from tests.push.helpers import rows, run_jobs, server_key
from tests.service.helpers import assert_error, auth, create_game, play_one
from tests.support.push_service import PushService

HOME = "/api/v1/home/push/subscription"


def test_a_device_subscribed_by_the_home_link_hears_of_every_seat_of_its_address(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    first = create_game(client, seats=[{"name": "Ann", "email": "ann@example.com"},
                                       {"name": "Bob", "email": "bob@example.com"}])
    second = create_game(client, seats=[{"name": "Cy", "email": "cy@example.com"},
                                        {"name": "Bob", "email": "bob@example.com"}])
    browser = push_service.subscribe(server_key(client))
    token = home_token(push_app, client, "bob@example.com")
    answer = client.put(HOME, json=browser.to_json(), headers=auth(token))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json() == {"subscribed": True, "seats": 2}
    for game in (first, second):  # each seat now hears on its devices too
        view = client.get(game.url("/push"), headers=auth(game.seat_tokens[1])).get_json()
        assert (view["channels"], view["devices"]) == ("both", 1)
    play_one(client, first)
    play_one(client, second)
    assert run_jobs(push_app) == ["sent", "sent"]
    assert sorted(p.json()["game_id"] for p in push_service.wait_for(2)) == sorted(
        [first.id, second.id])
    answer = client.delete(HOME, json={"endpoint": browser.endpoint}, headers=auth(token))
    assert answer.get_json() == {"subscribed": False, "seats": 2}
    assert client.get(first.url("/push"), headers=auth(first.seat_tokens[1])).get_json()[
        "devices"] == 0
    assert len(rows(push_app, "push")) == 2


def test_the_home_route_wants_a_home_token(client: FlaskClient,
                                           push_service: PushService) -> None:
    browser = push_service.subscribe(server_key(client))
    assert_error(client.put(HOME, json=browser.to_json()), 401, "auth/missing_token")
    assert_error(client.put(HOME, json=browser.to_json(), headers=auth("x" * 40)), 401,
                 "home/invalid_link")
