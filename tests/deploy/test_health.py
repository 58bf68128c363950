"""worker/health.py run as compose and systemd run it, against the production shape's own
processes (deploy.production_shape.Stack on SQLite and a real Redis): each check passes while
its process runs and fails, saying why, once the process is gone."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from deploy.production_shape import Stack
from tests.support.keys import TEST_SECRET_KEY
from tests.support.ports import free_port
from tests.support.redis_server import RedisServer

pytestmark = pytest.mark.server  # starts the service's own processes

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def stack(tmp_path: Path, redis_server: RedisServer) -> Iterator[Stack]:
    """A started stack: web, one worker, beat (ticking every second) and mail-in."""
    made = Stack(tmp_path / "stack", {
        "FF_DATABASE_URL": f"sqlite:///{tmp_path / 'ff.sqlite3'}",
        "FF_CELERY_BROKER_URL": redis_server.url, "FF_SECRET_KEY": TEST_SECRET_KEY,
        "FF_RATELIMIT_ENABLED": "false", "FF_OUTBOX_SWEEP_SECONDS": "1",
        "FF_MAIL_DIR": str(tmp_path / "mail"),
    }, workers=1, web_workers=1, concurrency=1, mailin_port=free_port())
    made.start()
    try:
        yield made
    finally:
        made.stop()


def health(stack: Stack, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m worker.health`` with the stack's settings, as its host would."""
    return subprocess.run([sys.executable, "-m", "worker.health", *argv], cwd=ROOT,
                          env=stack.env, capture_output=True, text=True, timeout=30,
                          check=False)


def eventually(check: Callable[[], subprocess.CompletedProcess[str]],
               timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
    """Run ``check`` until it passes or ``timeout`` is over; return its last result."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result.returncode == 0 or time.monotonic() > deadline:
            return result
        time.sleep(0.5)


def test_each_check_passes_while_its_process_runs_and_fails_with_a_reason_once_it_is_gone(
        stack: Stack, redis_server: RedisServer) -> None:
    worker = ("worker", "--node", "worker1@%h")
    beat = ("beat", "--schedule", str(stack.beat_schedule), "--max-age", "2")
    mailin = ("mailin", "--port", str(stack.mailin_port))

    for argv in (worker, beat, mailin):
        result = eventually(lambda argv=argv: health(stack, *argv))
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("healthy: ") and result.stderr == ""
    time.sleep(2.5)  # more than --max-age: beat passes only because it keeps ticking
    assert health(stack, *beat).returncode == 0

    stack.workers[0].kill()
    started = time.monotonic()
    result = health(stack, *worker)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("unhealthy: worker worker1@")
    assert "did not answer a ping within 3 s" in result.stderr
    assert time.monotonic() - started < 15

    assert stack.beat.is_running
    stack.beat.kill()
    time.sleep(2.5)
    result = health(stack, *beat)
    assert result.returncode == 1
    assert result.stderr.startswith("unhealthy: beat last ticked ")

    assert stack.mailin is not None
    stack.mailin.kill()
    result = health(stack, *mailin)
    assert result.returncode == 1
    assert result.stderr.startswith(f"unhealthy: mail-in on 127.0.0.1:{stack.mailin_port}: ")
    assert "Connection refused" in result.stderr

    redis_server.stop()  # a check must end on its own when the broker is gone, not wait
    started = time.monotonic()
    result = health(stack, *worker)
    assert result.returncode == 1
    assert result.stderr.startswith("unhealthy: the broker did not take the ping")
    assert time.monotonic() - started < 15


def test_beat_without_the_heartbeat_scheduler_is_reported_so(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "worker.health", "beat", "--schedule",
         str(tmp_path / "beat-schedule")], cwd=ROOT, capture_output=True, text=True,
        env={**os.environ, "FF_DATABASE_URL": f"sqlite:///{tmp_path / 'ff.sqlite3'}",
             "FF_SECRET_KEY": TEST_SECRET_KEY}, timeout=30, check=False)
    assert result.returncode == 1
    assert "--scheduler worker.beat_scheduler:HeartbeatScheduler" in result.stderr
