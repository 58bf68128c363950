"""A PostgreSQL restart under a running app: its own throwaway cluster, restarted for real.

Pooled connections are pinged only after ``DATABASE_PING_AFTER`` seconds idle: one idle across
the restart is replaced unseen; one in steady use fails its request with a 503 that says to
retry, and the retry works.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask

from service import create_app
from service.migrate import upgrade
from service.plumbing.extensions import db
from tests.service.conftest import app_config
from tests.service.helpers import assert_error, auth, create_game
from tests.support.postgres_server import PostgresServer, running_postgres

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def private_postgres() -> Iterator[PostgresServer]:
    """A cluster of this module's own: restarting the session's would disturb other tests."""
    with running_postgres("ff-postgres-restart-") as server:
        yield server


@pytest.fixture(scope="module")
def url(private_postgres: PostgresServer) -> str:
    return private_postgres.create_database("restart")


@contextmanager
def running_app(url: str, ping_after: float) -> Iterator[Flask]:
    app = create_app(app_config(url, DATABASE_PING_AFTER=ping_after))
    upgrade(app)
    try:
        yield app
    finally:
        with app.app_context():
            db.engine.dispose()


def restart(server: PostgresServer) -> None:
    server.stop()
    server.start()


def test_a_connection_idle_across_a_restart_is_replaced_unseen(
    private_postgres: PostgresServer, url: str,
) -> None:
    with running_app(url, ping_after=0.5) as app:
        client = app.test_client()
        game = create_game(client)
        restart(private_postgres)
        time.sleep(0.6)  # idle for longer than DATABASE_PING_AFTER
        response = client.get(game.url(), headers=auth(game.seat_tokens[0]))
        assert response.status_code == 200, response.get_data(as_text=True)


def test_a_connection_in_use_lost_to_a_restart_gets_503_then_the_retry_works(
    private_postgres: PostgresServer, url: str,
) -> None:
    with running_app(url, ping_after=3600.0) as app:
        client = app.test_client()
        game = create_game(client)
        restart(private_postgres)
        response = client.get(game.url(), headers=auth(game.seat_tokens[0]))
        assert_error(response, 503, "server/database_unavailable")
        assert response.headers["Retry-After"] == "1"
        assert "psycopg" not in response.get_data(as_text=True)
        retried = client.get(game.url(), headers=auth(game.seat_tokens[0]))
        assert retried.status_code == 200, retried.get_data(as_text=True)
