"""Helpers of the webhook tests: games with an open seat, endpoints, what the relay does, and
connections recorded instead of made."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.service.helpers import NewGame, auth, create_game
from worker.relay import relay

PUBLIC_HOOK = "https://1.1.1.1/hooks/ff"  # a public address, never contacted by the API tests
ONE_OPEN = [{"name": "Ann"}, {"open": True}]
WATCH = "Watch the game"  # the chat formats' link line, in English


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


def sentence_of(text: str) -> str:
    """Return a chat message's sentence: its text but the last line, the link to the game."""
    sentence, _, last = text.rpartition("\n")
    assert WATCH in last, text
    return sentence


def webhook_jobs(app: Flask) -> list[dict[str, Any]]:
    """Return the payloads of the webhook outbox rows, oldest first."""
    with app.app_context():
        rows = db.session.scalars(select(Outbox.payload).where(Outbox.kind == "webhook")
                                  .order_by(Outbox.id)).all()
        db.session.rollback()
    return list(rows)


def run_webhook_jobs(app: Flask) -> list[str]:
    """Run the outbox relay on every pending webhook row, at the time the last of them is due
    (so a retry runs without waiting); return each row's new status (sent, pending, failed)."""
    with app.app_context():
        rows = db.session.execute(
            select(Outbox.id, Outbox.next_attempt_at)
            .where(Outbox.kind == "webhook", Outbox.status == "pending").order_by(Outbox.id)
        ).all()
        db.session.rollback()
        now = max([utcnow(), *(row.next_attempt_at for row in rows)])
        outcomes = relay([row.id for row in rows], now)
    return [outcomes[row.id] for row in rows]


def refuse_connections(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Record every connection opened from now on (its address and port), and refuse it;
    return the record."""
    opened: list[tuple[str, int]] = []

    def create_connection(address: tuple[str, int], *args: Any, **kwargs: Any) -> None:
        opened.append(address)
        raise ConnectionRefusedError("not in this test")

    monkeypatch.setattr(socket, "create_connection", create_connection)
    return opened
