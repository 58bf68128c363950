"""Helpers of the push tests: a seat's device through the API, the push rows, the relay."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.service.helpers import NewGame, auth
from tests.support.push_service import Browser, PushService
from worker.relay import relay


def server_key(client: FlaskClient) -> str:
    """Return the application server key the API hands out."""
    response = client.get("/api/v1/push/key")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["available"] is True
    return str(response.get_json()["public_key"])


def choose(client: FlaskClient, game: NewGame, seat: int, **choices: Any) -> dict[str, Any]:
    """Set a seat's push choices through the API; return the answer."""
    response = client.put(game.url("/push"), json=choices, headers=auth(game.seat_tokens[seat]))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def device(client: FlaskClient, push_service: PushService, game: NewGame, seat: int,
           **choices: Any) -> Browser:
    """Subscribe a new device of ``seat`` as its page would (push on by default); return it."""
    browser = push_service.subscribe(server_key(client))
    response = client.put(game.url("/push/subscription"), json=browser.to_json(),
                          headers=auth(game.seat_tokens[seat]))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["subscribed"] is True
    choose(client, game, seat, **{"channels": "push", **choices})
    return browser


def rows(app: Flask, kind: str) -> list[Outbox]:
    """Return the outbox rows of ``kind``, oldest first (detached)."""
    with app.app_context():
        found = db.session.scalars(select(Outbox).where(Outbox.kind == kind)
                                   .order_by(Outbox.id)).all()
        db.session.expunge_all()
    return list(found)


def run_jobs(app: Flask, kind: str = "push") -> list[str]:
    """Run the relay on every pending row of ``kind``, at the time the last is due (a retry
    runs without waiting); return each row's new status."""
    pending = [row for row in rows(app, kind) if row.status == "pending"]
    with app.app_context():
        now = max([utcnow(), *(row.next_attempt_at for row in pending)])
        outcomes = relay([row.id for row in pending], now)
    return [outcomes[row.id] for row in pending]
