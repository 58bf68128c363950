"""deploy/production_shape.py run as an operator runs it: started again on its own folder
it keeps its games and its secret key, runs the mail-in receiver, and takes the ports it
is given; PostgreSQL is durable when asked."""

from __future__ import annotations

import shutil
import smtplib
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import requests

from deploy.production_shape import Shape
from tests.support.ports import HOST, free_port

pytestmark = pytest.mark.server  # starts the service's own processes


@pytest.fixture
def folder() -> Iterator[Path]:
    """A folder for the shape that PostgreSQL's own user can reach (pytest's are private)."""
    made = Path(tempfile.mkdtemp(prefix="ff-shape-test-"))
    try:
        yield made
    finally:
        shutil.rmtree(made, ignore_errors=True)


def test_a_shape_started_again_on_its_folder_goes_on_with_its_games_and_key(
        folder: Path) -> None:
    ports = {"postgres_port": free_port(), "redis_port": free_port(),
             "mailin_port": free_port()}
    first = Shape(folder, workers=1, durable=True, **ports)
    stack = first.start()
    try:
        created = requests.post(f"{stack.base_url}/api/v1/games", timeout=10, json={
            "seats": [{"name": "Ann"}, {"name": "Bob"}]}).json()
        key = first.key_file.read_text()
        assert stat.S_IMODE(first.key_file.stat().st_mode) == 0o600
        assert first.postgres.port == ports["postgres_port"]
        with psycopg.connect(host=HOST, port=ports["postgres_port"], user="postgres",
                             dbname="fearsome_floors") as connection:
            assert connection.execute("SHOW fsync").fetchone() == ("on",)
        with smtplib.SMTP(HOST, ports["mailin_port"], timeout=10) as smtp:
            assert smtp.noop()[0] == 250
    finally:
        first.stop()

    again = Shape(folder, workers=1, durable=True, **ports)
    stack = again.start()
    try:
        assert again.key_file.read_text() == key
        seen = requests.get(f"{stack.base_url}/api/v1/games/{created['game']['id']}",
                            timeout=10,
                            headers={"Authorization": f"Bearer {created['creator_token']}"})
        assert seen.status_code == 200 and seen.json()["status"] == "active"
    finally:
        again.stop()
