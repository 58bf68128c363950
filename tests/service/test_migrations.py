"""service.migrate: the migrations build the models' schema from an empty database, and back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from sqlalchemy import inspect, text

import engine
from service import create_app
from service.migrate import downgrade, upgrade
from service.plumbing.extensions import db
from service.plumbing.sealing import SEALED, unseal
from tests.service.conftest import app_config, dispose
from tests.support.postgres_server import PostgresServer


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def empty_app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    """Return an app on an empty database of each kind."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    else:
        server: PostgresServer = request.getfixturevalue("postgres_server")
        url = server.create_database(f"ff_migrations_{uuid.uuid4().hex[:12]}")
    app = create_app(app_config(url))
    yield app
    dispose(app)


def tables(app: Flask) -> set[str]:
    """Return the names of the tables in the app's database."""
    with app.app_context():
        return set(inspect(db.engine).get_table_names())


def differences(app: Flask) -> list:
    """Return what differs between the models and the database's schema."""
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, db.metadata)


def test_upgrading_an_empty_database_builds_exactly_the_models_schema(empty_app: Flask) -> None:
    assert tables(empty_app) == set()
    upgrade(empty_app)
    assert tables(empty_app) == set(db.metadata.tables) | {"alembic_version"}
    assert differences(empty_app) == []


def test_upgrading_twice_changes_nothing(empty_app: Flask) -> None:
    upgrade(empty_app)
    upgrade(empty_app)
    assert differences(empty_app) == []


def test_downgrading_to_base_removes_every_table_and_upgrading_rebuilds(
    empty_app: Flask,
) -> None:
    upgrade(empty_app)
    downgrade(empty_app, "base")
    assert tables(empty_app) == {"alembic_version"}
    upgrade(empty_app)
    assert differences(empty_app) == []


def test_the_command_line_builds_the_database_named_in_the_environment(tmp_path: Path,
                                                                       pytestconfig) -> None:
    database = tmp_path / "fresh.sqlite3"
    result = subprocess.run(
        [sys.executable, "-m", "service.migrate"],
        cwd=pytestconfig.rootpath, capture_output=True, text=True, check=False,
        env={**os.environ, "FF_DATABASE_URL": f"sqlite:///{database}"},
    )
    assert result.returncode == 0, result.stderr
    app = create_app(app_config(f"sqlite:///{database}"))
    try:
        assert differences(app) == []
    finally:
        dispose(app)


def test_upgrading_seals_redacts_and_masks_what_earlier_versions_wrote(
        empty_app: Flask) -> None:
    upgrade(empty_app, "0005")
    token, reply_token = "T" * 43, f"{'a' * 26}.1.0.{'b' * 16}"
    link = f"https://ff.example/play/{'G' * 22}#t={token}"
    payload = {"to": "ann@example.com", "subject": "Your move", "text": f"Play: {link}",
               "reply_to": f"play+{reply_token}@ff.example"}
    now = datetime.now(UTC)
    with empty_app.app_context(), db.engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO games (id, status, version, seat_count, seats_open, options, "
            "action_count, event_count, created_at, updated_at) "
            "VALUES (:id, 'active', 0, 2, 0, '{}', 0, 0, :now, :now)"),
            {"id": "G" * 22, "now": now})
        connection.execute(text(
            "INSERT INTO seats (game_id, seat, colour, name) VALUES (:id, 0, 'red', :name)"),
            {"id": "G" * 22, "name": "Ann\u202etuo"})
        for number, status in enumerate(("sent", "pending")):
            connection.execute(text(
                "INSERT INTO outbox (kind, payload, dedupe_key, status, attempts, "
                "next_attempt_at, created_at) VALUES ('email', :payload, :key, :status, 0, "
                ":now, :now)"), {"payload": json.dumps(payload), "key": f"k{number}",
                                 "status": status, "now": now})
        connection.execute(text(
            "INSERT INTO mail_inbound (content_key, recipient, sender, subject, status, "
            "duplicates, received_at, updated_at) VALUES ('c', :to, 'ann@example.com', "
            "'Re', 'applied', 0, :now, :now)"), {"to": payload["reply_to"], "now": now})
    upgrade(empty_app)
    with empty_app.app_context(), db.engine.connect() as connection:
        sent, pending = (json.loads(row[0]) if isinstance(row[0], str) else row[0]
                         for row in connection.execute(text(
                             "SELECT payload FROM outbox ORDER BY dedupe_key")))
        recipient = connection.execute(text("SELECT recipient FROM mail_inbound")).scalar()
        name = connection.execute(text("SELECT name FROM seats")).scalar()
        for kept in (sent, pending):
            assert token not in json.dumps(kept) and reply_token not in json.dumps(kept)
        assert SEALED not in sent
        assert unseal(pending) == payload
    assert reply_token not in recipient and recipient.endswith(".1.0." + "*" * 16 + "@ff.example")
    assert name == "Anntuo"


def test_upgrading_keeps_games_under_way_on_the_rules_they_started_with(
        empty_app: Flask) -> None:
    upgrade(empty_app, "0007")
    started = engine.state_to_dict(engine.new_game(["red", "blue"], seed=3))
    del started["rules"]  # as written before rules versions
    now = datetime.now(UTC)
    with empty_app.app_context(), db.engine.begin() as connection:
        for game_id, state in (("A" * 22, json.dumps(started)), ("B" * 22, None)):
            connection.execute(text(
                "INSERT INTO games (id, status, version, seat_count, seats_open, options, "
                "state, action_count, event_count, created_at, updated_at) "
                "VALUES (:id, 'active', 0, 2, 0, '{}', :state, 0, 0, :now, :now)"),
                {"id": game_id, "state": state, "now": now})
    upgrade(empty_app)
    with empty_app.app_context(), db.engine.connect() as connection:
        states = [json.loads(row[0]) if isinstance(row[0], str) else row[0]
                  for row in connection.execute(text("SELECT state FROM games ORDER BY id"))]
    assert states[0] == {**started, "rules": 1}
    assert engine.state_from_dict(states[0]).rules == 1
    assert states[1] is None  # not started: it will start under the current rules
