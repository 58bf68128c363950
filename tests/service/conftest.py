"""Fixtures of the API tests: an app on SQLite and on PostgreSQL, emptied before each test.

Each backend's schema is built once per session by the Alembic migrations (so every API test
also runs on the migrated schema); before each test every table is emptied, which is much
faster than building the schema again. ``app`` runs each test on both backends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service import create_app
from service.migrate import upgrade
from service.plumbing.extensions import db
from tests.support.keys import TEST_SECRET_KEY

BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
]

PUBLIC_URL = "https://ff.example"


def app_config(url: str, **overrides: Any) -> dict[str, Any]:
    """Return the config of a test app on ``url``: rate limits off unless a test wants them."""
    return {"TESTING": True, "DATABASE_URL": url, "PUBLIC_URL": PUBLIC_URL,
            "RATELIMIT_ENABLED": False, "SECRET_KEY": TEST_SECRET_KEY, **overrides}


def wipe(app: Flask) -> None:
    """Delete every row of every table (children first)."""
    with app.app_context(), db.engine.begin() as connection:
        for table in reversed(db.metadata.sorted_tables):
            connection.execute(table.delete())


def dispose(app: Flask) -> None:
    """Close the app's database connections."""
    with app.app_context():
        db.engine.dispose()


@pytest.fixture(scope="session")
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Return the URL of a SQLite file made for this session."""
    folder: Path = tmp_path_factory.mktemp("sqlite")
    return f"sqlite:///{folder / 'fearsome_floors.sqlite3'}"


@pytest.fixture(scope="session", params=BACKENDS)
def backend_app(request: pytest.FixtureRequest, sqlite_url: str) -> Iterator[Flask]:
    """Return one app per backend for the session, on a schema built by the migrations."""
    url = sqlite_url if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    app = create_app(app_config(url))
    upgrade(app)
    yield app
    dispose(app)


@pytest.fixture
def app(backend_app: Flask) -> Flask:
    """Return the backend's app with every table empty."""
    wipe(backend_app)
    return backend_app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """Return a test client of ``app``."""
    return app.test_client()


@pytest.fixture
def make_app(app: Flask) -> Iterator[Callable[..., Flask]]:
    """Return a factory of apps on the same (emptied) database with other settings."""
    made: list[Flask] = []

    def make(**overrides: Any) -> Flask:
        made.append(create_app(app_config(app.config["DATABASE_URL"], **overrides)))
        return made[-1]

    yield make
    for other in made:
        dispose(other)
