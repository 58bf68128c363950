"""Helpers of the webhook tests: games with an open seat, endpoints, and what the relay does."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update
from werkzeug.test import TestResponse

from service.extensions import db
from service.models import Outbox
from tests.service.helpers import NewGame, auth, create_game
from worker.jobs import Job, TransportError, handler_for

PUBLIC_HOOK = "https://1.1.1.1/hooks/ff"  # a public address, never contacted by the API tests
ONE_OPEN = [{"name": "Ann"}, {"open": True}]


def open_game(client: FlaskClient) -> NewGame:
    """Create a two-seat game whose seat 1 is open, so webhooks can be added before it starts."""
    return create_game(client, seats=ONE_OPEN)


def start(client: FlaskClient, game: NewGame) -> int:
    """Take the open seat as Bob, which starts the game; return Bob's seat and keep his token."""
    response = client.post(game.url("/join"), json={"invite_code": game.invite_code,
                                                     "name": "Bob"})
    assert response.status_code == 201, response.get_data(as_text=True)
    body = response.get_json()
    game.seat_tokens[body["seat"]] = body["token"]
    return body["seat"]


def add_hook(client: FlaskClient, game: NewGame, token: str, url: str = PUBLIC_HOOK,
             **spec: Any) -> TestResponse:
    """Ask for a webhook with ``token``."""
    return client.post(game.url("/webhooks"), json={"url": url, **spec}, headers=auth(token))


def hook(client: FlaskClient, game: NewGame, token: str, url: str = PUBLIC_HOOK,
         **spec: Any) -> dict[str, Any]:
    """Add a webhook with ``token``; return the created endpoint (with its secret)."""
    response = add_hook(client, game, token, url, **spec)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def webhook_jobs(app: Flask) -> list[dict[str, Any]]:
    """Return the payloads of the webhook outbox rows, oldest first."""
    with app.app_context():
        rows = db.session.scalars(select(Outbox.payload).where(Outbox.kind == "webhook")
                                  .order_by(Outbox.id)).all()
        db.session.rollback()
    return list(rows)


def run_webhook_jobs(app: Flask) -> list[str]:
    """Do once what the relay does with every pending webhook row, due or not: claim it, call
    the handler, record the outcome. Return each row's new status (sent, pending, failed)."""
    handler, retry = handler_for("webhook")
    statuses = []
    with app.app_context():
        rows = db.session.execute(
            select(Outbox.id, Outbox.payload, Outbox.dedupe_key, Outbox.attempts)
            .where(Outbox.kind == "webhook", Outbox.status == "pending").order_by(Outbox.id)
        ).all()
        db.session.rollback()
        for row in rows:
            job = Job(row.id, "webhook", row.payload, row.dedupe_key, row.attempts + 1)
            status, error = "sent", None
            try:
                handler(job)
            except TransportError as failure:
                given_up = failure.permanent or job.attempt >= retry.max_attempts
                status, error = ("failed" if given_up else "pending"), str(failure)
            db.session.execute(update(Outbox).where(Outbox.id == row.id).values(
                status=status, attempts=job.attempt, last_error=error))
            db.session.commit()
            statuses.append(status)
    return statuses
