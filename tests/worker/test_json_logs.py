"""FF_LOG_FORMAT=json: every line the production shape's processes write is a JSON object —
the service's own, gunicorn's master and workers', Celery's worker, pool and beat — above
all the line that tells a pool process died in the middle of a task."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from deploy.production_shape import Stack
from service.plumbing.outbox import SENDING
from tests.support.api_player import ApiGame
from tests.worker.stack_db import StackDatabase

# Celery's signal handler writes its stop notice straight to the file descriptor (no logging
# in a signal handler: its locks could deadlock), so no formatter sees it: the one line left.
SIGNAL_HANDLER_LINES = re.compile(r"worker: (Warm|Cold) shutdown \(MainProcess\)")


def lines_of(log: Path) -> list[str]:
    """Return the non-empty lines of a process's log, but Celery's stop notice."""
    return [line for line in log.read_text(errors="replace").splitlines()
            if line.strip() and not SIGNAL_HANDLER_LINES.fullmatch(line)]


def test_every_process_writes_json_lines_and_a_pool_process_lost_is_told_in_one(
        make_stack: Callable[..., Stack]) -> None:
    stack = make_stack(celery_app="tests.support.slow_worker", LOG_FORMAT="json",
                       env={"TEST_MONSTER_SLEEP_BEFORE": "600"})
    database = StackDatabase(stack)
    try:
        game = ApiGame.create(stack.base_url)
        game.play_to_monster_phase()
        database.wait_until(lambda: any(row.status == SENDING
                                        for row in database.outbox("monster_phase")),
                            "the monster phase taken by the worker, asleep in it")
        [worker] = stack.workers
        assert worker.popen is not None
        pool = subprocess.run(["pgrep", "-P", str(worker.popen.pid)], capture_output=True,
                              text=True, check=True).stdout.split()
        for pid in pool:  # the pool's processes, one of them in the middle of the phase
            os.kill(int(pid), signal.SIGKILL)
        log = stack.folder / "logs" / "worker1.log"
        deadline = time.monotonic() + 30
        while "exited prematurely" not in log.read_text(errors="replace"):
            assert time.monotonic() < deadline, "the worker did not tell its pool process lost"
            time.sleep(0.2)
    finally:
        database.close()
        stack.stop()
    told = []
    for name in ("web", "worker1", "beat"):
        lines = lines_of(stack.folder / "logs" / f"{name}.log")
        assert lines, f"{name} wrote nothing"
        for line in lines:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                raise AssertionError(f"{name}.log has a line that is not JSON: {line!r}") from None
            assert {"time", "level", "logger", "message"} <= record.keys(), line
            told.append((name, record))
    lost = [record for name, record in told if name == "worker1"
            and "exited prematurely" in record["message"] + record.get("error", "")]
    assert lost and lost[0]["level"] == "error"
    assert any(record["logger"].startswith("gunicorn") for name, record in told if name == "web")
