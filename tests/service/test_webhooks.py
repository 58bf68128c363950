"""/api/v1/games/{id}/webhooks: managing endpoints; who sees which; refused targets."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.service.helpers import API, assert_error, auth, create_game
from tests.webhooks.helpers import (
    PUBLIC_HOOK,
    add_hook,
    hook,
    open_game,
    start,
    webhook_jobs,
)


def test_the_creator_adds_a_game_webhook_and_sees_its_secret_only_once(
        client: FlaskClient) -> None:
    game = open_game(client)
    created = hook(client, game, game.creator_token, events=["move.due", "game.over"],
                   format="discord")
    assert created["secret"].startswith("whsec_") and len(created["secret"]) > 40
    assert created["seat"] is None
    assert (created["url"], created["format"], created["enabled"]) == (PUBLIC_HOOK, "discord",
                                                                       True)
    assert created["events"] == ["move.due", "game.over"]
    listed = client.get(game.url("/webhooks"), headers=auth(game.creator_token)).get_json()
    one = client.get(game.url(f"/webhooks/{created['id']}"),
                     headers=auth(game.creator_token)).get_json()
    assert listed == {"items": [one]}
    assert "secret" not in one
    assert created["secret"] not in str(listed)


def test_a_seat_manages_its_own_webhooks_and_never_sees_another_seats(
        client: FlaskClient) -> None:
    game = create_game(client)
    ann, bob = game.seat_tokens[0], game.seat_tokens[1]
    anns = hook(client, game, ann)
    games = hook(client, game, game.creator_token)
    assert anns["seat"] == 0
    assert client.get(game.url("/webhooks"), headers=auth(bob)).get_json() == {"items": []}
    assert [e["id"] for e in client.get(game.url("/webhooks"), headers=auth(ann))
            .get_json()["items"]] == [anns["id"]]
    assert [e["id"] for e in client.get(game.url("/webhooks"), headers=auth(game.creator_token))
            .get_json()["items"]] == [games["id"]]
    for token, endpoint in ((bob, anns), (bob, games), (ann, games), (game.creator_token, anns)):
        url = game.url(f"/webhooks/{endpoint['id']}")
        assert_error(client.get(url, headers=auth(token)), 404, "webhook/not_found")
        assert_error(client.delete(url, headers=auth(token)), 404, "webhook/not_found")
        assert_error(client.patch(url, json={"enabled": False}, headers=auth(token)), 404,
                     "webhook/not_found")
        assert_error(client.post(url + "/ping", headers=auth(token)), 404, "webhook/not_found")
        assert_error(client.get(url + "/deliveries", headers=auth(token)), 404,
                     "webhook/not_found")


def test_a_spectator_or_no_token_may_not_manage_webhooks(client: FlaskClient) -> None:
    game = create_game(client)
    assert_error(add_hook(client, game, game.spectator_token), 403, "auth/forbidden")
    assert_error(client.get(game.url("/webhooks"), headers=auth(game.spectator_token)), 403,
                 "auth/forbidden")
    assert_error(client.get(game.url("/webhooks")), 401, "auth/missing_token")
    other = create_game(client)
    assert_error(add_hook(client, game, other.creator_token), 403, "auth/forbidden")
    assert_error(client.get(f"{API}/games/{'x' * 22}/webhooks",
                            headers=auth(game.creator_token)), 404, "game/not_found")


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:8000/hook", "http://localhost/hook", "http://10.1.2.3/",
    "http://192.168.0.10/", "http://169.254.169.254/latest/meta-data", "http://[::1]/",
    "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/", "http://224.0.0.1/", "http://100.64.0.1/",
])
def test_a_private_loopback_link_local_or_multicast_target_is_refused(
        client: FlaskClient, url: str) -> None:
    game = create_game(client)
    error = assert_error(add_hook(client, game, game.creator_token, url), 422,
                         "webhook/private_address")
    assert error["details"] == {"url": url}
    assert client.get(game.url("/webhooks"), headers=auth(game.creator_token)).get_json() == {
        "items": []}


@pytest.mark.parametrize(("setting", "allowed"), [(True, True), ("true", True),
                                                  ("False", False), ("no", False)])
def test_private_targets_are_allowed_only_when_the_configuration_says_so(
        make_app: Callable[..., Flask], setting: object, allowed: bool) -> None:
    client = make_app(WEBHOOK_ALLOW_PRIVATE=setting).test_client()
    game = create_game(client)
    response = add_hook(client, game, game.creator_token, "http://127.0.0.1:9/hook")
    if allowed:
        assert response.status_code == 201 and response.get_json()["enabled"]
    else:
        assert_error(response, 422, "webhook/private_address")


@pytest.mark.parametrize(("url", "code"), [
    ("ftp://1.1.1.1/", "request/invalid"),  # refused by the request's documented pattern
    ("https://user:pw@1.1.1.1/", "request/invalid"),
    ("https:///no-host", "request/invalid"),
    ("http://1.1.1.1:99999/", "webhook/invalid_url"),
    ("https://no-such-host.invalid/", "webhook/unresolvable"),
])
def test_a_url_that_cannot_be_a_webhook_is_refused_with_its_reason(
        client: FlaskClient, url: str, code: str) -> None:
    game = create_game(client)
    assert_error(add_hook(client, game, game.creator_token, url), 422, code)


@pytest.mark.parametrize("spec", [
    {"events": ["move.made"]}, {"format": "teams"}, {"url": ""}, {"url": "https://1.1.1.1/\x00"},
    {"events": "game.over"},
])
def test_an_invalid_request_is_refused_field_by_field(client: FlaskClient, spec: dict) -> None:
    game = create_game(client)
    body = {"url": PUBLIC_HOOK, **spec}
    response = client.post(game.url("/webhooks"), json=body, headers=auth(game.creator_token))
    error = assert_error(response, 422, "request/invalid")
    assert set(error["details"]["fields"]["json"]) == set(spec)


def test_the_owner_updates_disables_and_deletes_a_webhook(client: FlaskClient) -> None:
    game = create_game(client)
    token = game.seat_tokens[1]
    endpoint = hook(client, game, token)
    url = game.url(f"/webhooks/{endpoint['id']}")
    changed = client.patch(url, json={"url": "https://8.8.8.8/x?y=1", "events": ["game.over",
                           "game.over"], "format": "slack", "enabled": False},
                           headers=auth(token))
    assert changed.status_code == 200
    body = changed.get_json()
    assert (body["url"], body["events"], body["format"], body["enabled"]) == (
        "https://8.8.8.8/x?y=1", ["game.over"], "slack", False)
    assert_error(client.post(url + "/ping", headers=auth(token)), 409, "webhook/disabled")
    assert_error(client.patch(url, json={"url": "http://127.0.0.1/"}, headers=auth(token)),
                 422, "webhook/private_address")
    assert client.get(url, headers=auth(token)).get_json()["url"] == "https://8.8.8.8/x?y=1"
    assert client.delete(url, headers=auth(token)).status_code == 204
    assert_error(client.get(url, headers=auth(token)), 404, "webhook/not_found")


@pytest.mark.parametrize("wrong", ["99999999999999999999999", "9" * 5000, "0", "-1", "x1", "１"])
def test_an_id_that_names_no_row_is_not_found(client: FlaskClient, wrong: str) -> None:
    game = create_game(client)
    token = game.creator_token
    endpoint = hook(client, game, token)
    assert_error(client.get(game.url(f"/webhooks/{wrong}"), headers=auth(token)), 404,
                 "webhook/not_found")
    assert_error(client.post(game.url(f"/webhooks/{endpoint['id']}/deliveries/{wrong}"
                                      "/redeliver"), headers=auth(token)), 404,
                 "webhook/delivery_not_found")


def test_an_owner_has_at_most_five_webhooks_per_game(client: FlaskClient) -> None:
    game = create_game(client)
    for _ in range(5):
        hook(client, game, game.creator_token)
    assert_error(add_hook(client, game, game.creator_token), 409, "webhook/too_many")
    hook(client, game, game.seat_tokens[0])  # a seat's count is its own


def test_no_webhook_is_added_to_a_cancelled_game(client: FlaskClient) -> None:
    game = create_game(client)
    client.post(game.url("/cancel"), headers=auth(game.creator_token))
    assert_error(add_hook(client, game, game.creator_token), 409, "game/ended")


def test_a_ping_is_written_for_the_worker(app: Flask, client: FlaskClient) -> None:
    game = open_game(client)
    endpoint = hook(client, game, game.creator_token)
    response = client.post(game.url(f"/webhooks/{endpoint['id']}/ping"),
                           headers=auth(game.creator_token))
    assert response.status_code == 202
    message_id = response.get_json()["message_id"]
    [job] = webhook_jobs(app)
    assert job["message_id"] == message_id and job["type"] == "ping"
    assert job["body"]["type"] == "ping" and job["body"]["game_id"] == game.id


def test_redelivering_an_unknown_delivery_is_not_found(client: FlaskClient) -> None:
    game = open_game(client)
    endpoint = hook(client, game, game.creator_token)
    assert_error(client.post(game.url(f"/webhooks/{endpoint['id']}/deliveries/5/redeliver"),
                             headers=auth(game.creator_token)), 404,
                 "webhook/delivery_not_found")


def test_the_delivery_log_of_a_new_webhook_is_empty(client: FlaskClient) -> None:
    game = open_game(client)
    endpoint = hook(client, game, game.creator_token)
    start(client, game)
    page = client.get(game.url(f"/webhooks/{endpoint['id']}/deliveries?limit=10"),
                      headers=auth(game.creator_token)).get_json()
    assert page == {"items": [], "next_after": 0, "has_more": False}


def test_the_openapi_document_describes_every_webhook_operation(client: FlaskClient) -> None:
    paths = client.get(f"{API}/openapi.json").get_json()["paths"]
    prefix = "/api/v1/games/{game_id}/webhooks"
    assert set(paths[prefix]) >= {"get", "post"}
    assert set(paths[prefix + "/{endpoint_id}"]) >= {"get", "patch", "delete"}
    assert "post" in paths[prefix + "/{endpoint_id}/ping"]
    assert "get" in paths[prefix + "/{endpoint_id}/deliveries"]
    assert "post" in paths[prefix + "/{endpoint_id}/deliveries/{delivery_id}/redeliver"]
    document = client.get(f"{API}/openapi.json").get_json()
    created = paths[prefix]["post"]["responses"]["201"]["content"]["application/json"]["schema"]
    schemas = document["components"]["schemas"]
    assert "secret" in schemas[created["$ref"].rsplit("/", 1)[1]]["properties"]
    listed = paths[prefix]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    item = schemas[listed["$ref"].rsplit("/", 1)[1]]["properties"]["items"]["items"]
    assert "secret" not in schemas[item["$ref"].rsplit("/", 1)[1]]["properties"]
