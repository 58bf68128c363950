"""Tests of tests/support/postgres_server.py: a real PostgreSQL answers SQLAlchemy queries."""

from __future__ import annotations

import os
import pwd

import pytest
import sqlalchemy

from tests.support.postgres_server import PostgresServer


def test_it_answers_a_query_through_sqlalchemy_and_psycopg(postgres_url: str) -> None:
    engine = sqlalchemy.create_engine(postgres_url)
    try:
        with engine.connect() as connection:
            database, answer = connection.execute(
                sqlalchemy.text("SELECT current_database(), 6 * 7")
            ).one()
    finally:
        engine.dispose()
    assert (database, answer) == ("fearsome_floors_test", 42)


def test_it_gives_a_postgresql_psycopg_url(postgres_url: str) -> None:
    url = sqlalchemy.make_url(postgres_url)
    assert url.drivername == "postgresql+psycopg"
    assert (url.username, url.host) == ("postgres", "127.0.0.1")


@pytest.mark.skipif(os.geteuid() != 0, reason="only root switches to the postgres user")
def test_its_server_runs_as_the_postgres_user(postgres_server: PostgresServer) -> None:
    assert postgres_server.pid is not None
    owner = os.stat(f"/proc/{postgres_server.pid}").st_uid
    assert pwd.getpwuid(owner).pw_name == "postgres"
