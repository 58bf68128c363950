"""deploy/production_shape.py run as an operator runs it: started again on its own folder
it keeps its games and its secret key, runs the mail-in receiver, and takes the ports it
is given; PostgreSQL is durable when asked; its supervisor starts PostgreSQL and Redis again
when they die, says so, and stops loudly when one cannot start again."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import smtplib
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
import requests

from deploy.production_shape import ROOT, Shape
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


class Operator:
    """``deploy/production_shape.py`` run as an operator runs it, its output in files."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        folder.chmod(0o755)  # PostgreSQL runs as its own user and must reach its folder
        self.out, self.err = folder / "shape.out", folder / "shape.err"
        with self.out.open("wb") as out, self.err.open("wb") as err:
            self.process = subprocess.Popen(
                [sys.executable, str(ROOT / "deploy" / "production_shape.py"), "--folder",
                 str(folder / "shape"), "--workers", "1", "--port", str(self.port)],
                cwd=ROOT, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        self.wait_for(lambda: "The production shape runs at" in self.out.read_text(),
                      "the shape started", 120)

    def wait_for(self, check: Callable[[], bool], what: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not check():
            assert self.process.poll() is None or what.startswith("the shape stopped"), (
                f"the shape exited ({self.process.returncode}) before {what}:\n"
                f"{self.err.read_text()}")
            assert time.monotonic() < deadline, f"not within {timeout} s: {what}\n" \
                                                f"{self.err.read_text()[-3000:]}"
            time.sleep(0.2)

    def postmaster(self) -> int:
        pid_file = self.folder / "shape" / "postgres" / "data" / "postmaster.pid"
        return int(pid_file.read_text().split()[0])

    def creates_a_game(self) -> bool:
        with contextlib.suppress(requests.RequestException):
            made = requests.post(f"http://{HOST}:{self.port}/api/v1/games", timeout=10,
                                 json={"seats": [{"name": "Ann"}, {"name": "Bob"}]})
            return made.status_code == 201
        return False


def is_gone(pid: int) -> bool:
    """True when no process, not even a zombie waiting to be reaped, has ``pid``."""
    return not Path(f"/proc/{pid}").exists()


def test_the_shape_starts_postgresql_and_redis_again_when_they_die_and_says_so(
        folder: Path) -> None:
    operator = Operator(folder)
    try:
        assert operator.creates_a_game()
        stopped = operator.postmaster()
        os.kill(stopped, signal.SIGINT)  # a clean, fast shutdown: exit code 0
        operator.wait_for(lambda: "PostgreSQL: postgres exited" in operator.err.read_text(),
                          "the supervisor telling PostgreSQL exited")
        operator.wait_for(lambda: is_gone(stopped), "the old postmaster reaped, no zombie")
        operator.wait_for(operator.creates_a_game, "a game created after PostgreSQL's restart")
        assert operator.postmaster() != stopped
        redis = next(pid for pid in map(int, subprocess.run(
            ["pgrep", "-f", "redis-server"], capture_output=True, text=True).stdout.split())
            if str(folder) in Path(f"/proc/{pid}/cwd").resolve().as_posix())
        os.kill(redis, signal.SIGKILL)
        operator.wait_for(lambda: "Redis: redis-server exited" in operator.err.read_text(),
                          "the supervisor telling Redis exited")
        operator.wait_for(lambda: is_gone(redis), "the old Redis reaped, no zombie")
        operator.wait_for(operator.creates_a_game, "a game created after Redis's restart")
        assert operator.err.read_text().count("restarted it") == 2
    finally:
        operator.process.send_signal(signal.SIGINT)
        assert operator.process.wait(timeout=60) == 0


def test_the_shape_stops_loudly_when_postgresql_cannot_start_again(folder: Path) -> None:
    operator = Operator(folder)
    try:
        # A setting PostgreSQL refuses, read at its next start only.
        with (folder / "shape" / "postgres" / "data" / "postgresql.auto.conf").open("a") as conf:
            conf.write("\nshared_buffers = 'lots'\n")
        os.kill(operator.postmaster(), signal.SIGINT)
        operator.wait_for(lambda: operator.process.poll() is not None,
                          "the shape stopped", 120)
        assert operator.process.returncode == 1
        said = operator.err.read_text()
        assert "PostgreSQL exited and could not be started again" in said
        assert said.rstrip().endswith("stopping")
    finally:
        if operator.process.poll() is None:
            operator.process.kill()
            operator.process.wait()
