"""Helpers of the worker tests: outbox rows written and read as the service and relay do."""

from __future__ import annotations

from typing import Any

from flask import Flask

from service.plumbing import outbox
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from service.plumbing.unit_of_work import write_transaction


def add_rows(app: Flask, kind: str, count: int = 1, prefix: str = "row") -> list[int]:
    """Write ``count`` outbox rows of ``kind`` in one transaction; return their ids."""
    with app.app_context(), write_transaction() as session:
        ids = [outbox.add(session, kind, {"n": n}, f"{prefix}:{kind}:{n}") for n in range(count)]
    assert None not in ids
    return [row_id for row_id in ids if row_id is not None]


def row(app: Flask, row_id: int) -> dict[str, Any]:
    """Return the outbox row ``row_id`` as a dict of its columns."""
    with app.app_context():
        found = db.session.get(Outbox, row_id)
        assert found is not None
        values = {column.name: getattr(found, column.name) for column in Outbox.__table__.columns}
        db.session.rollback()
    return values
