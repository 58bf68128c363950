"""service.plumbing.headers: every answer that carries a secret (a seat's or the creator's
link or token, an invite, a live ticket, the list of an address's games, the unsubscribe
page whose address is the credential) is kept by no cache and sent as no referrer; the
unsubscribe page has the other pages' policy; answers without a secret are not marked."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.home.helpers import ANN, HOME, home_token
from tests.mail.test_unsubscribe import unsubscribe_path
from tests.service.helpers import API, auth, create_game, game_from


def assert_kept_by_no_cache(response: TestResponse, status: int) -> None:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_every_answer_that_carries_a_secret_is_kept_by_no_cache(
        app: Flask, client: FlaskClient) -> None:
    created = client.post(f"{API}/games", json={
        "seats": [{"name": "Ann", "email": ANN}, {"open": True}], "start_seat": 0})
    assert_kept_by_no_cache(created, 201)  # every seat's link, the creator's token
    game = game_from(created.get_json())
    joined = client.post(game.url("/join"), json={"invite_code": game.invite_code,
                                                  "name": "Bob"})
    assert_kept_by_no_cache(joined, 201)  # the seat's token
    invite = client.post(game.url("/seats/1/invite"), headers=auth(game.creator_token))
    assert_kept_by_no_cache(invite, 201)  # the seat's one-time invite
    ticket = client.post(game.url("/live"), headers=auth(game.spectator_token))
    assert_kept_by_no_cache(ticket, 201)
    home = client.get(HOME, headers=auth(home_token(app, client, ANN)))
    assert_kept_by_no_cache(home, 200)  # a link to each of the address's seats
    hook = client.post(game.url("/webhooks"), json={"url": "https://1.1.1.1/hooks/ff"},
                       headers=auth(game.creator_token))
    assert_kept_by_no_cache(hook, 201)  # the webhook's signing secret, shown this once


def test_the_unsubscribe_pages_have_the_pages_policy_and_no_cache(
        app: Flask, client: FlaskClient) -> None:
    create_game(client, seats=[{"name": "Ann", "email": ANN}, {"name": "Bob"}])
    path = unsubscribe_path(app, 0)
    for response in (client.get(path), client.post(path)):
        assert_kept_by_no_cache(response, 200)
        policy = response.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "form-action 'self'" in policy and "script-src" not in policy
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_an_answer_without_a_secret_and_a_refusal_are_not_marked(client: FlaskClient) -> None:
    game = create_game(client)
    view = client.get(game.url(), headers=auth(game.spectator_token))
    refused = client.post(f"{API}/games", json={"seats": []})
    unknown = client.get(f"{API}/unsubscribe/{'A' * 22}.0.{'B' * 22}")
    assert (view.status_code, refused.status_code, unknown.status_code) == (200, 422, 404)
    for response in (view, refused, unknown):
        assert "no-store" not in response.headers.get("Cache-Control", "")
