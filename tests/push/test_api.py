"""The push API: the key, a seat's choices, its devices; bad subscriptions refused whole."""

from __future__ import annotations

import base64
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.features.push.models import PushSettings, PushSubscription
from service.features.push.service import MAX_DEVICES
from service.plumbing.extensions import db
from tests.push.helpers import server_key
from tests.service.helpers import assert_error, auth, create_game
from tests.support.push_service import PushService, b64url


def stored(app: Flask) -> list[PushSubscription]:
    """Return every subscription row (detached)."""
    with app.app_context():
        found = db.session.scalars(select(PushSubscription)).all()
        db.session.expunge_all()
    return list(found)


def test_it_hands_out_the_application_server_key_as_an_uncompressed_point(
        client: FlaskClient) -> None:
    key = base64.urlsafe_b64decode(server_key(client) + "==")
    assert len(key) == 65 and key[0] == 4


def test_a_seat_reads_and_sets_its_choices(client: FlaskClient) -> None:
    game = create_game(client)
    headers = auth(game.seat_tokens[1])
    answer = client.get(game.url("/push"), headers=headers)
    assert answer.get_json() == {"channels": "mail", "mail_waits": False, "talk": "all",
                                 "devices": 0}
    answer = client.put(game.url("/push"), json={"channels": "both", "mail_waits": True},
                        headers=headers)
    assert answer.get_json() == {"channels": "both", "mail_waits": True, "talk": "all",
                                 "devices": 0}
    answer = client.put(game.url("/push"), json={"talk": "none"}, headers=headers)
    assert answer.get_json()["channels"] == "both" and answer.get_json()["talk"] == "none"


def test_bad_choices_are_refused_and_change_nothing(push_app: Flask,
                                                     client: FlaskClient) -> None:
    game = create_game(client)
    headers = auth(game.seat_tokens[1])
    for body in ({"channels": "pigeon"}, {"talk": "some"}, {}, {"mail_waits": "maybe"}):
        assert client.put(game.url("/push"), json=body, headers=headers).status_code == 422
    with push_app.app_context():
        assert db.session.scalars(select(PushSettings)).all() == []


def test_only_a_seat_has_choices_and_devices(client: FlaskClient,
                                              push_service: PushService) -> None:
    game = create_game(client)
    browser = push_service.subscribe(server_key(client))
    for token in (game.creator_token, game.spectator_token):
        assert_error(client.get(game.url("/push"), headers=auth(token)), 403, "auth/forbidden")
        assert_error(client.put(game.url("/push/subscription"), json=browser.to_json(),
                                headers=auth(token)), 403, "auth/forbidden")
    assert_error(client.get(game.url("/push")), 401, "auth/missing_token")


def test_a_device_subscribes_once_and_unsubscribes(push_app: Flask, client: FlaskClient,
                                                   push_service: PushService) -> None:
    game = create_game(client)
    headers = auth(game.seat_tokens[0])
    browser = push_service.subscribe(server_key(client))
    for _ in range(2):  # the same endpoint again: nothing added
        answer = client.put(game.url("/push/subscription"), json=browser.to_json(),
                            headers=headers)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        # a seat that heard by mail alone now hears on its device too
        assert answer.get_json() == {"subscribed": True, "channels": "both",
                                     "mail_waits": False, "talk": "all", "devices": 1}
    assert client.get(game.url("/push"), headers=auth(game.seat_tokens[1])).get_json()[
        "devices"] == 0  # the other seat's
    answer = client.delete(game.url("/push/subscription"),
                           json={"endpoint": browser.endpoint}, headers=headers)
    assert answer.get_json() == {"subscribed": False, "channels": "both", "mail_waits": False,
                                 "talk": "all", "devices": 0}
    assert stored(push_app) == []


def test_no_table_keeps_an_endpoint_or_key_in_clear(push_app: Flask, client: FlaskClient,
                                                    push_service: PushService) -> None:
    game = create_game(client)
    browser = push_service.subscribe(server_key(client))
    client.put(game.url("/push/subscription"), json=browser.to_json(),
               headers=auth(game.seat_tokens[0]))
    [row] = stored(push_app)
    secrets = [browser.endpoint, browser.endpoint.rsplit("/", 1)[1],
               browser.to_json()["keys"]["auth"], browser.to_json()["keys"]["p256dh"]]
    for column in (row.sealed, row.endpoint_hash):
        assert not any(secret in column for secret in secrets)


def subscription(endpoint: str, p256dh: str | None = None, auth_key: str | None = None
                 ) -> dict[str, object]:
    """Return a subscription body, with good keys unless told otherwise."""
    point = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"endpoint": endpoint, "keys": {"p256dh": p256dh or b64url(point),
                                           "auth": auth_key or b64url(os.urandom(16))}}


@pytest.mark.parametrize(("body", "code"), [
    (subscription("http://push.example.net/x"), "push/invalid_endpoint"),  # not https
    (subscription("https://127.0.0.1/wpush/x"), "push/invalid_endpoint"),  # loopback
    (subscription("https://10.1.2.3/wpush/x"), "push/invalid_endpoint"),  # private
    (subscription("https://169.254.169.254/latest"), "push/invalid_endpoint"),  # metadata
    (subscription("https://localhost/wpush/x"), "push/invalid_endpoint"),
    (subscription("ftp://1.1.1.1/x"), "push/invalid_endpoint"),
    (subscription("https://1.1.1.1/x", auth_key=b64url(b"short")), "push/invalid_keys"),
    (subscription("https://1.1.1.1/x", p256dh=b64url(b"\x04" + bytes(64))),
     "push/invalid_keys"),  # not a point of the curve
    (subscription("https://1.1.1.1/x", p256dh="not base64!"), "push/invalid_keys"),
])
def test_bad_subscriptions_are_refused_with_their_reason_and_nothing_stored(
        push_app: Flask, client: FlaskClient, body: dict[str, object], code: str) -> None:
    game = create_game(client)
    response = client.put(game.url("/push/subscription"), json=body,
                          headers=auth(game.seat_tokens[0]))
    assert_error(response, 422, code)
    assert stored(push_app) == []


def test_a_subscription_without_keys_is_refused(push_app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    response = client.put(game.url("/push/subscription"), json={"endpoint": "https://1.1.1.1/x"},
                          headers=auth(game.seat_tokens[0]))
    assert response.status_code == 422
    assert stored(push_app) == []


def test_a_seat_has_at_most_so_many_devices(push_app: Flask, client: FlaskClient,
                                            push_service: PushService) -> None:
    game = create_game(client)
    key = server_key(client)
    headers = auth(game.seat_tokens[0])
    for _ in range(MAX_DEVICES):
        response = client.put(game.url("/push/subscription"),
                              json=push_service.subscribe(key).to_json(), headers=headers)
        assert response.status_code == 200
    response = client.put(game.url("/push/subscription"),
                          json=push_service.subscribe(key).to_json(), headers=headers)
    assert_error(response, 409, "push/too_many")
    assert len(stored(push_app)) == MAX_DEVICES


def test_devices_subscribed_at_once_stop_at_the_limit(push_app: Flask, client: FlaskClient,
                                                      push_service: PushService) -> None:
    # Under READ COMMITTED each request could count the seat's devices before the others
    # wrote theirs; the seat's row is locked while one counts and adds.
    game = create_game(client)
    key = server_key(client)
    headers = auth(game.seat_tokens[0])
    bodies = [push_service.subscribe(key).to_json() for _ in range(MAX_DEVICES + 6)]
    start = threading.Barrier(len(bodies))

    def subscribe(body: dict[str, object]) -> int:
        start.wait()
        return push_app.test_client().put(game.url("/push/subscription"), json=body,
                                          headers=headers).status_code

    with ThreadPoolExecutor(len(bodies)) as pool:
        codes = list(pool.map(subscribe, bodies))
    assert sorted(codes) == [200] * MAX_DEVICES + [409] * 6
    assert len(stored(push_app)) == MAX_DEVICES
