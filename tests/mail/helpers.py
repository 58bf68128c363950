"""Helpers of the email tests: the email rows of the outbox, a seat's preference."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from service.plumbing.sealing import unseal
from tests.service.helpers import NewGame, auth


def email_rows(app: Flask, topic: str | None = None) -> list[Outbox]:
    """Return the email rows of the outbox, oldest first (only ``topic``'s when given), each
    payload as the worker builds the mail from it: its sealed links opened."""
    with app.app_context():
        rows = db.session.scalars(select(Outbox).where(Outbox.kind == "email")
                                  .order_by(Outbox.id)).all()
        db.session.expunge_all()
        for row in rows:
            row.payload = unseal(row.payload)
    return [r for r in rows if topic is None or r.payload.get("topic") == topic]


def topics_by_seat(app: Flask) -> list[tuple[int | None, str | None]]:
    """Return (seat, topic) of each email row, oldest first."""
    return [(r.payload.get("seat"), r.payload.get("topic")) for r in email_rows(app)]


def set_mode(client: FlaskClient, game: NewGame, seat: int, mode: str) -> dict[str, Any]:
    """Set a seat's email mode through the API; return the answer."""
    response = client.put(game.url("/notifications"), json={"email_mode": mode},
                          headers=auth(game.seat_tokens[seat]))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()
