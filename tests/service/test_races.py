"""Real races: many threads hit a real threaded HTTP server on the real database at once."""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import requests
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.serving import make_server

from service.features.webhooks.models import WebhookEndpoint
from service.features.webhooks.service import MAX_ENDPOINTS
from service.kernel.models import Action, Event, Game, Token
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from service.plumbing.sealing import unseal
from tests.service.helpers import auth, create_game
from tests.support.ports import HOST

THREADS = 32
HOOK = "http://127.0.0.1:9/hook"


@pytest.fixture
def server(app: Flask) -> Iterator[str]:
    """Serve ``app`` from a threaded HTTP server on a free port; return its base URL."""
    httpd = make_server(HOST, 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join()


def at_once(count: int, request: Callable[[], requests.Response]) -> list[requests.Response]:
    """Send ``count`` requests from as many threads, released together by a barrier."""
    barrier = threading.Barrier(count)
    responses: list[requests.Response] = []
    lock = threading.Lock()

    def run() -> None:
        barrier.wait()
        response = request()
        with lock:
            responses.append(response)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return responses


def stored(app: Flask, game_id: str) -> dict[str, Any]:
    """Return what the database holds about a game."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        return {
            "version": game.version,
            "state_version": game.state["version"] if game.state else None,
            "status": game.status,
            "actions": db.session.scalar(select(func.count()).select_from(Action)),
            "events": db.session.scalar(select(func.count()).select_from(Event)),
            "event_count": game.event_count,
            "seat_tokens": db.session.scalar(select(func.count()).select_from(Token)
                                             .where(Token.kind == "seat")),
        }


def test_of_32_submissions_of_one_turn_exactly_one_is_accepted(
    app: Flask, client: FlaskClient, server: str
) -> None:
    game = create_game(client)
    url = f"{server}{game.url('/actions')}"
    body = {"expected_version": 0, "action": {"type": "move", "figure": "green5", "path": "+W"}}
    responses = at_once(THREADS, lambda: requests.post(
        url, json=body, headers=auth(game.seat_tokens[0]), timeout=60))
    statuses = Counter(r.status_code for r in responses)
    assert statuses == {201: 1, 409: THREADS - 1}
    refused = {r.json()["error"]["code"] for r in responses if r.status_code == 409}
    assert refused == {"game/stale_version"}
    [accepted] = [r.json() for r in responses if r.status_code == 201]
    events = len(accepted["events"])
    assert stored(app, game.id) == {"version": 1, "state_version": 1, "status": "active",
                                    "actions": 1, "events": events, "event_count": events,
                                    "seat_tokens": 2}
    for response in responses:
        if response.status_code == 409:
            assert response.json()["error"]["details"]["game"]["version"] == 1


def test_32_retries_with_one_idempotency_key_all_get_the_one_response(
    app: Flask, client: FlaskClient, server: str
) -> None:
    game = create_game(client)
    url = f"{server}{game.url('/actions')}"
    body = {"expected_version": 0, "notation": "green 5 +W"}
    headers = {**auth(game.seat_tokens[0]), "Idempotency-Key": "the-one-key"}
    responses = at_once(THREADS, lambda: requests.post(url, json=body, headers=headers,
                                                       timeout=60))
    assert {r.status_code for r in responses} == {201}
    assert len({r.content for r in responses}) == 1
    assert stored(app, game.id)["actions"] == 1


def test_of_joiners_racing_for_the_last_seat_exactly_one_gets_it(
    app: Flask, client: FlaskClient, server: str
) -> None:
    game = create_game(client, seats=[{"name": "Ann"}, {"open": True}])
    url = f"{server}{game.url('/join')}"
    responses = at_once(8, lambda: requests.post(
        url, json={"invite_code": game.invite_code, "name": "Racer"}, timeout=60))
    assert Counter(r.status_code for r in responses) == {201: 1, 409: 7}
    assert {r.json()["error"]["code"] for r in responses if r.status_code == 409} <= {
        "seat/taken", "game/not_open"}
    facts = stored(app, game.id)
    assert (facts["status"], facts["version"], facts["seat_tokens"]) == ("active", 0, 2)


def test_concurrent_webhook_creations_keep_the_limit_of_each_owner(
        app: Flask, server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_PRIVATE", True)
    game = create_game(app.test_client())
    owners = [game.creator_token, game.seat_tokens[0]]
    counter = itertools.count()

    def create() -> requests.Response:
        token = owners[next(counter) % 2]
        return requests.post(f"{server}/api/v1/games/{game.id}/webhooks", json={"url": HOOK},
                             headers=auth(token), timeout=30)

    responses = at_once(THREADS, create)
    codes = Counter((r.status_code, r.json().get("error", {}).get("code")) for r in responses)
    assert codes == {(201, None): 2 * MAX_ENDPOINTS,
                     (409, "webhook/too_many"): THREADS - 2 * MAX_ENDPOINTS}, codes
    with app.app_context():
        stored_endpoints = Counter(db.session.scalars(select(WebhookEndpoint.seat)))
    assert stored_endpoints == {None: MAX_ENDPOINTS, 0: MAX_ENDPOINTS}


def test_of_32_concurrent_creations_inviting_one_address_only_its_daily_few_are_mailed(
        app: Flask, server: str) -> None:
    limit = app.config["INVITATIONS_PER_ADDRESS_PER_DAY"]
    seats = [{"name": "Ann", "email": "victim@example.com"}, {"name": "Bob"}]
    responses = at_once(THREADS, lambda: requests.post(
        f"{server}/api/v1/games", json={"seats": seats}, timeout=60))
    assert {r.status_code for r in responses} == {201}
    held = [r.json()["held_invitations"] for r in responses]
    assert Counter(len(h) for h in held) == {0: limit, 1: THREADS - limit}
    with app.app_context():
        invites = [row for row in db.session.scalars(select(Outbox))
                   if unseal(row.payload).get("topic") == "invite"]
    assert len(invites) == limit
