"""Every request gets an id (its own X-Request-Id when plain, else a new one), answered in
X-Request-Id and kept on the outbox rows it writes."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.service.helpers import API

SEATS = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]


def test_a_request_without_an_id_gets_one(client: FlaskClient) -> None:
    first = client.get(f"{API}/health").headers["X-Request-Id"]
    second = client.get(f"{API}/health").headers["X-Request-Id"]
    assert re.fullmatch(r"[0-9a-f]{32}", first) and first != second


def test_a_plain_id_is_kept_and_anything_else_replaced(client: FlaskClient) -> None:
    kept = client.get(f"{API}/health", headers={"X-Request-Id": "nginx-4f2a.9"})
    assert kept.headers["X-Request-Id"] == "nginx-4f2a.9"
    for odd in ("two words", "x" * 65, "<script>"):
        answered = client.get(f"{API}/health", headers={"X-Request-Id": odd})
        assert re.fullmatch(r"[0-9a-f]{32}", answered.headers["X-Request-Id"])


def test_the_outbox_rows_a_request_writes_keep_its_id(app: Flask, client: FlaskClient) -> None:
    response = client.post(f"{API}/games", json={"seats": SEATS},
                           headers={"X-Request-Id": "create-game-1"})
    assert response.status_code == 201
    with app.app_context():
        ids = db.session.scalars(select(Outbox.request_id)).all()
        db.session.rollback()
    assert ids and set(ids) == {"create-game-1"}
