"""service.migrate: the migrations build the models' schema from an empty database, and back."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from sqlalchemy import inspect

from service import create_app
from service.extensions import db
from service.migrate import downgrade, upgrade
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
