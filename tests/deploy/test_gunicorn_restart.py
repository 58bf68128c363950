"""After ``kill -9`` of the gunicorn master, nothing holds the port: its workers exit at once
(deploy/gunicorn.conf.py), so a new master binds (the supervisor: tests/worker)."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import requests

from deploy.production_shape import GUNICORN_CONFIG, Process
from tests.support.ports import HOST, free_port, wait_for_port

pytestmark = pytest.mark.server  # starts the service's own processes

ORPHAN_GRACE_SECONDS = 5.0  # without the config: up to 15 s (sync), 26-28 s were reported
SETTLE_SECONDS = 2.0


def children_of(pid: int) -> list[int]:
    """Return the ids of the processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def is_alive(pid: int) -> bool:
    """True while ``pid`` is a process that has not exited (a zombie has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for_workers(master: int, count: int, timeout: float = 30.0) -> list[int]:
    """Return the master's worker processes once ``count`` of them run."""
    deadline = time.monotonic() + timeout
    while len(workers := children_of(master)) < count:
        assert time.monotonic() < deadline, f"{len(workers)} of {count} workers"
        time.sleep(0.05)
    return workers


def answers_health(port: int, timeout: float, gave_up: Callable[[], str | None]) -> bool:
    """Return True once the server on ``port`` answers its health check; False if it has
    not within ``timeout`` seconds; raise with ``gave_up``'s message if its process exited.
    (A master that has bound may still be starting its workers: a refused or reset first
    connection is retried.)"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        reason = gave_up()
        if reason is not None:
            raise RuntimeError(reason)
        try:
            if requests.get(f"http://{HOST}:{port}/api/v1/health", timeout=10).ok:
                return True
        except requests.ConnectionError:
            pass
        time.sleep(0.1)
    return False


def gunicorn(port: int, worker_class: str, log: Path) -> Process:
    """Return (not started) gunicorn serving the web app as deploy/ runs it."""
    argv = [sys.executable, "-m", "gunicorn", "--config", str(GUNICORN_CONFIG),
            "--bind", f"{HOST}:{port}", "--workers", "2", "--worker-class", worker_class,
            "--no-control-socket", "worker:create_web_app()"]
    env = {**os.environ, "FF_DATABASE_URL": f"sqlite:///{log.parent / 'ff.sqlite3'}"}
    return Process("web", argv, env, log)


@pytest.mark.parametrize("worker_class", ["sync", "gthread"])
def test_the_workers_of_a_killed_master_exit_at_once_and_a_new_master_binds(
        tmp_path: Path, worker_class: str) -> None:
    port = free_port()
    first = gunicorn(port, worker_class, tmp_path / "first.log")
    first.start()
    second = gunicorn(port, worker_class, tmp_path / "second.log")
    try:
        wait_for_port(port, timeout=60, gave_up=first.exit_message)
        assert first.popen is not None
        workers = wait_for_workers(first.popen.pid, 2)
        assert requests.get(f"http://{HOST}:{port}/api/v1/health", timeout=10).ok
        time.sleep(SETTLE_SECONDS)  # the workers idle in their wait for connections
        os.kill(first.popen.pid, signal.SIGKILL)  # the master alone, as the OOM killer would
        first.popen.wait()
        killed = time.monotonic()
        while any(map(is_alive, workers)) and time.monotonic() - killed < 30:
            time.sleep(0.05)
        gone_after = time.monotonic() - killed
        print(f"{worker_class}: the orphaned workers exited {gone_after:.2f} s after the master")
        assert not any(map(is_alive, workers))
        assert gone_after < ORPHAN_GRACE_SECONDS
        second.start()
        wait_for_port(port, timeout=60, gave_up=second.exit_message)
        assert answers_health(port, timeout=60, gave_up=second.exit_message)
    finally:
        for process in (first, second):
            process.kill()
