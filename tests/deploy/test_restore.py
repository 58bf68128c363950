"""The backup runbook of deploy/README.md, performed: a game played partway on PostgreSQL is
dumped with ``pg_dump -Fc``, restored with ``pg_restore`` into a fresh cluster, and played on
there by an app with the same secret key, as if nothing had happened."""

from __future__ import annotations

import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service import create_app
from service.migrate import upgrade
from tests.service.conftest import app_config, dispose
from tests.service.helpers import (
    API,
    NewGame,
    assert_error,
    auth,
    create_game,
    phase_of,
    play_one,
    play_until,
    read,
    run_monster_jobs,
    submit,
)
from tests.support.ports import HOST
from tests.support.postgres_server import SUPERUSER, PostgresServer, running_postgres

pytestmark = pytest.mark.server  # starts the service's own processes


@pytest.fixture
def played(postgres_server: PostgresServer) -> Iterator[Flask]:
    """An app on a new database of the session's cluster."""
    app = create_app(app_config(postgres_server.create_database(
        f"ff_restore_{uuid.uuid4().hex[:12]}")))
    upgrade(app)
    yield app
    dispose(app)


def actions(client: FlaskClient, game: NewGame, after: int = 0) -> list[dict[str, Any]]:
    """Return the game's accepted actions after ``after``, as the spectator reads them."""
    response = client.get(f"{API}/games/{game.id}/actions?after={after}&limit=500",
                          headers=auth(game.spectator_token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["items"]


def connection_options(server: PostgresServer, database: str) -> list[str]:
    """Return the connection options of PostgreSQL's client programs for ``database``."""
    return ["--host", HOST, "--port", str(server.port), "--username", SUPERUSER,
            "--dbname", database]


def test_a_game_dumped_and_restored_into_a_fresh_cluster_plays_on(
        played: Flask, postgres_server: PostgresServer, tmp_path: Path) -> None:
    client = played.test_client()
    game = create_game(client)
    play_until(played, client, game, "monster")
    run_monster_jobs(played)  # past a monster phase: its job and the RNG's state are kept
    play_one(client, game)
    assert phase_of(played, game) == "figures"
    before = read(client, game, game.spectator_token)
    log_before = actions(client, game)
    database = played.config["DATABASE_URL"].rsplit("/", 1)[1]

    dump = tmp_path / "ff.dump"
    subprocess.run([str(postgres_server.bin / "pg_dump"), "--format=custom", "--file",
                    str(dump), *connection_options(postgres_server, database)],
                   check=True, capture_output=True)

    with running_postgres(prefix="ff-restored-") as fresh:
        fresh.create_database("fearsome_floors")
        subprocess.run([str(fresh.bin / "pg_restore"), "--no-owner", "--exit-on-error",
                        *connection_options(fresh, "fearsome_floors"), str(dump)],
                       check=True, capture_output=True)
        restored = create_app(app_config(fresh.url("fearsome_floors")))
        try:
            upgrade(restored)  # the release's `migrate upgrade`: nothing left to do
            client = restored.test_client()
            assert read(client, game, game.spectator_token) == before
            assert actions(client, game) == log_before

            stale = submit(client, game, before["to_move"], before["version"] - 1,
                           notation="flip 1")
            assert_error(stale, 409, "game/stale_version")
            # Seat links still open their seats: the tokens are kept hashed, not re-made.
            seat = read(client, game, game.seat_tokens[before["to_move"]])["viewer"]
            assert seat == {**seat, "kind": "seat", "seat": before["to_move"]}
            answer = play_one(client, game)  # new rows: the sequences came along too
            assert answer["game"]["version"] == before["version"] + 1
            new = actions(client, game, after=log_before[-1]["seq"])
            assert [a["seq"] for a in new] == [log_before[-1]["seq"] + 1]
            assert read(client, game, game.spectator_token)["version"] == \
                before["version"] + 1
        finally:
            dispose(restored)
