"""Helpers of the turn plan tests: plan through the API, run the worker's plan jobs, read
the mails written."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from service.features.plans.service import PLAN_JOB
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from service.plumbing.sealing import unseal
from service.plumbing.unit_of_work import read_transaction
from tests.service.helpers import NewGame, auth, submit
from worker import relay

# Ann (green, seat 0) moves first; both have an address, so "your move" mails are written.
TWO = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]


def put_plan(client: FlaskClient, game: NewGame, seat: int, *lines: Any,
             flip_rest: bool = False, token: str | None = None) -> TestResponse:
    """PUT a plan of ``lines`` (notation strings, or line objects) for ``seat``."""
    body = {"lines": [{"notation": line} if isinstance(line, str) else line for line in lines],
            "flip_rest": flip_rest}
    return client.put(game.url("/plan"), json=body,
                      headers=auth(token or game.seat_tokens[seat]))


def read_plan(client: FlaskClient, game: NewGame, seat: int) -> dict[str, Any]:
    """Return the plan of ``seat`` as it reads it, with what it may plan now (``legal``)."""
    response = client.get(game.url("/plan"), headers=auth(game.seat_tokens[seat]))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def plan_of(client: FlaskClient, game: NewGame, seat: int) -> dict[str, Any]:
    """Return the plan of ``seat`` as it reads it, without what it may plan now."""
    plan = read_plan(client, game, seat)
    del plan["legal"]
    return plan


def move(client: FlaskClient, game: NewGame, seat: int, version: int, notation: str) -> None:
    """Submit ``notation`` for ``seat`` at ``version``; it must be taken."""
    response = submit(client, game, seat, version, notation=notation)
    assert response.status_code == 201, response.get_data(as_text=True)


def run_plan_jobs(app: Flask) -> int:
    """Do what the worker does with the pending plan jobs, and with those they make in turn
    (a chain); return how many ran."""
    ran = 0
    with app.app_context():
        while True:
            with read_transaction() as session:
                ids = list(session.scalars(select(Outbox.id).where(
                    Outbox.kind == PLAN_JOB, Outbox.status == "pending").order_by(Outbox.id)))
            if not ids:
                return ran
            relay.relay(ids)
            ran += len(ids)


def mails_to(app: Flask, address: str) -> list[dict[str, Any]]:
    """Return the emails written to ``address``, oldest first, unsealed."""
    with app.app_context():
        payloads = db.session.scalars(select(Outbox.payload).where(Outbox.kind == "email")
                                      .order_by(Outbox.id)).all()
        db.session.rollback()
        return [mail for mail in map(unseal, payloads) if mail["to"] == address]


def all_outbox_text(app: Flask) -> str:
    """Return every outbox row's payload, unsealed, as one text (to search for a plan)."""
    with app.app_context():
        rows = db.session.execute(select(Outbox.kind, Outbox.payload).order_by(Outbox.id)).all()
        db.session.rollback()
        return "\n".join(str(unseal(row.payload) if row.kind == "email" else row.payload)
                         for row in rows)
