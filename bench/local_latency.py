"""Under ``make run``: how long the monster's turn and a computer's move wait for the worker.

    .venv/bin/python bench/local_latency.py                    # 40 moves per shape
    .venv/bin/python bench/local_latency.py --moves 20 --idle-seconds 10

``make run``'s shape (``deploy/local.py``: gunicorn, SQLite, one Celery worker and a beat on
the embedded broker, kombu's SQLAlchemy transport) is started twice in turn on databases of
its own: first as it was, a worker looking at the broker's queue once a second
(``FF_EMBEDDED_BROKER_POLL_SECONDS=1``, kombu's default), then as it is now (the setting's
default). In each, one two-player game after another: Ann (a person, over HTTP) against
the computer (easy). Ann waits a random moment (0 to 1 s, so the submission falls anywhere
between two looks of the worker), then submits a move; her move either hands the turn to the
computer or ends the figures' phase. The time runs from just before her submission to the
first read of the game (``GET /games/<id>`` every ``--read-ms``) that shows the next version:
the computer's move, or the monster phase resolved. Both are done by the worker, from an
outbox job its broker carried. Target from the issue: p50 <= 200 ms for both.

Before the moves, each shape is left idle for ``--idle-seconds`` (after ``--settle-seconds``
for its processes to finish starting): the CPU time every one of
its processes used (web, worker and its pool, beat, mail receiver; from ``/proc``) as a share
of one core, the price of looking at the broker more often.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402

from bench.live import cpu_seconds, descendants, percentile  # noqa: E402
from tests.service.helpers import a_legal_action, token_of  # noqa: E402
from tests.support.ports import HOST, free_port, wait_for_port  # noqa: E402

HUMAN, COMPUTER = 0, 1


def start(folder: Path, poll_seconds: str | None, tree: Path = ROOT, **settings: str
          ) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``deploy/local.py`` of the source tree ``tree`` on a database, broker and ports
    of its own, with ``settings`` (``FF_...``) and the broker's look every ``poll_seconds``
    (None: the default); return it and its URL."""
    folder.mkdir()
    port = free_port()
    env = {**os.environ, "FF_PORT": str(port), "FF_MAILIN_SMTP_PORT": str(free_port()),
           "FF_RATELIMIT_ENABLED": "false",
           "FF_DATABASE_URL": f"sqlite:///{folder / 'ff.sqlite3'}",
           "FF_CELERY_BROKER_URL": f"sqla+sqlite:///{folder / 'broker.sqlite3'}",
           "FF_MAIL_DIR": str(folder / "mail"), "PYTHONPATH": str(tree), **settings}
    if poll_seconds is not None:
        env["FF_EMBEDDED_BROKER_POLL_SECONDS"] = poll_seconds
    else:
        env.pop("FF_EMBEDDED_BROKER_POLL_SECONDS", None)
    process = subprocess.Popen([sys.executable, str(tree / "deploy" / "local.py")], env=env,
                               cwd=folder, stdout=subprocess.DEVNULL,
                               stderr=(folder / "local.log").open("wb"),
                               start_new_session=True)
    wait_for_port(port, timeout=180)  # a busy machine: migrations, then imports
    return process, f"http://{HOST}:{port}"


class Game:
    """Ann against the computer, over HTTP."""

    def __init__(self, http: requests.Session, base: str) -> None:
        body = http.post(f"{base}/api/v1/games", timeout=30, json={
            "seats": [{"name": "Ann"}, {"computer": "easy"}], "start_seat": HUMAN}).json()
        self.http = http
        self.url = f"{base}/api/v1/games/{body['game']['id']}"
        self.ann = token_of(body["seats"][HUMAN]["link"])

    def read(self) -> dict[str, Any]:
        response = self.http.get(self.url, timeout=30,
                                 headers={"Authorization": f"Bearer {self.ann}"})
        response.raise_for_status()
        return dict(response.json())

    def wait(self, done: Any, read_ms: float, timeout: float = 30) -> dict[str, Any]:
        """Read the game every ``read_ms`` until ``done(view)``; return that view."""
        ends = time.perf_counter() + timeout
        while True:
            view = self.read()
            if done(view):
                return view
            if time.perf_counter() > ends:
                raise TimeoutError(f"{self.url} stuck at v{view['version']} {view['phase']}")
            time.sleep(read_ms / 1000)

    def ann_to_move(self, view: dict[str, Any]) -> bool:
        return view["status"] != "active" or (
            view["phase"] in ("figures", "placement") and view["to_move"] == HUMAN)

    def move(self, view: dict[str, Any]) -> dict[str, Any]:
        response = self.http.post(f"{self.url}/actions", timeout=30, json={
            "expected_version": view["version"], "action": a_legal_action(view)},
            headers={"Authorization": f"Bearer {self.ann}"})
        response.raise_for_status()
        return dict(response.json()["game"])


def tree_of(ref: str, folder: Path) -> Path:
    """Write the source tree as it was at the git revision ``ref`` into ``folder``; return it
    (a bench's "before", run by this machine's virtualenv)."""
    folder.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def idle_cpu(process: subprocess.Popen[bytes], seconds: float, settle: float) -> float:
    """Return the share of one core every process of the run used over ``seconds`` idle,
    ``settle`` seconds after the web process answered (the worker, its pool and the beat
    import for many seconds of CPU on a busy machine)."""
    time.sleep(settle)
    pids = [process.pid, *descendants(process.pid)]
    before = cpu_seconds(pids)
    time.sleep(seconds)
    after = cpu_seconds(pids)
    return sum(after[p] - before[p] for p in after if p in before) / seconds


def measure(base: str, moves: int, read_ms: float, rng: random.Random
            ) -> dict[str, list[float]]:
    """Ann's moves at random moments; the seconds until the worker's answer, by kind."""
    http = requests.Session()
    waited: dict[str, list[float]] = {"computer": [], "monster": []}
    game, view = None, None
    while sum(map(len, waited.values())) < moves:
        if game is None or view is None or view["status"] != "active":
            game = Game(http, base)
            view = game.wait(game.ann_to_move, read_ms)
            continue
        time.sleep(rng.random())
        started = time.perf_counter()
        reply = game.move(view)
        kind = ("monster" if reply["phase"] == "monster" else
                "computer" if reply["status"] == "active" and reply["to_move"] == COMPUTER
                else None)
        if kind is not None:
            game.wait(lambda v, after=reply["version"]: v["version"] > after, read_ms)
            waited[kind].append(time.perf_counter() - started)
        view = game.wait(game.ann_to_move, read_ms)
    return waited


def line(label: str, seconds: list[float]) -> str:
    if not seconds:
        return f"    {label}: n=0"
    ms = [s * 1000 for s in seconds]
    return (f"    {label}: n={len(ms)} p50 {statistics.median(ms):.0f} ms, "
            f"p90 {percentile(ms, 0.9):.0f} ms, max {max(ms):.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="Ann's moves per shape")
    parser.add_argument("--idle-seconds", type=float, default=20)
    parser.add_argument("--settle-seconds", type=float, default=30)
    parser.add_argument("--read-ms", type=float, default=10)
    parser.add_argument("--seed", type=int, default=36)
    arguments = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ff-bench-local-"))
    shapes = [("before: a look every 1 s (kombu's default)", "1"),
              ("now: the default EMBEDDED_BROKER_POLL_SECONDS", None)]
    try:
        for number, (label, poll) in enumerate(shapes):
            process, base = start(folder / f"run{number}", poll)
            try:
                print(f"make run's shape, {label}, at {base}", flush=True)
                share = idle_cpu(process, arguments.idle_seconds, arguments.settle_seconds)
                print(f"    idle {arguments.idle_seconds:.0f} s: every process of the run "
                      f"used {100 * share:.1f}% of one core", flush=True)
                waited = measure(base, arguments.moves, arguments.read_ms,
                                 random.Random(arguments.seed))
                print(line("Ann's move -> the computer's move read", waited["computer"]))
                print(line("Ann's last move -> the monster phase resolved, read",
                           waited["monster"]), flush=True)
            finally:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(30)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
