"""From the last figure move to the signed webhook: the worker's latency on the production shape.

    .venv/bin/python bench/worker_latency.py                  # 200 monster phases, 200 pings
    .venv/bin/python bench/worker_latency.py --phases 400 --workers 2

Starts the production shape (``deploy/production_shape.py``: PostgreSQL, Redis as broker
and result backend, gunicorn, ``--workers`` Celery workers, one beat) and a webhook receiver
in this process that notes the arrival time of each request and checks its Standard
Webhooks signature. Games are played over HTTP one after the other, each with a game webhook
for ``monster.resolved``; for every monster phase the time is taken from just before the
HTTP submission of the figure move that ends the figure phase to the arrival of the signed
``monster.resolved`` webhook of the new version (so it holds the submission's own request,
the commit, the relay, the monster phase, the notifications written and the webhook sent).
A finished game is replaced by a new one; the first ``--warmup`` phases are not counted.
Then, in the same run, a no-op Celery task (``worker.tasks.ping``) is sent ``--pings`` times
and its result awaited: the round trip through Redis and a worker. Targets from the worker
issue: p50 <= 250 ms, p99 <= 1 s.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402
from standardwebhooks.webhooks import Webhook  # noqa: E402

from deploy.production_shape import Shape  # noqa: E402
from service import create_app  # noqa: E402
from tests.support.api_player import ApiGame, GameOver  # noqa: E402
from tests.support.ports import HOST  # noqa: E402
from worker.celery_app import celery_init_app  # noqa: E402
from worker.tasks import PING  # noqa: E402


class Receiver:
    """An HTTP server on loopback noting when each webhook arrived, by game and version."""

    def __init__(self) -> None:
        self.arrivals: dict[tuple[str, int], tuple[float, bytes, dict[str, str]]] = {}
        self.arrived = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                now = time.perf_counter()
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()
                message = json.loads(body)
                with receiver.arrived:
                    receiver.arrivals[(message["game_id"], message["version"])] = (
                        now, body, dict(self.headers.items()))
                    receiver.arrived.notify_all()

            def log_message(self, format: str, *args: object) -> None:
                """Keep the console for the figures."""

        self.server = ThreadingHTTPServer((HOST, 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        """Return the address webhooks are sent to."""
        return f"http://{HOST}:{self.server.server_address[1]}/hook"

    def wait(self, game_id: str, version: int, timeout: float = 30.0
             ) -> tuple[float, bytes, dict[str, str]]:
        """Return the arrival time, body and headers of the game's webhook at ``version``."""
        with self.arrived:
            if not self.arrived.wait_for(lambda: (game_id, version) in self.arrivals, timeout):
                raise TimeoutError(f"no webhook for {game_id} v{version} in {timeout} s")
            return self.arrivals[(game_id, version)]

    def close(self) -> None:
        """Stop serving."""
        self.server.shutdown()
        self.server.server_close()


def percentile(values: list[float], fraction: float) -> float:
    """Return the value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def report(name: str, seconds: list[float]) -> None:
    """Print count, p50, p90, p99 and max of ``seconds`` in milliseconds."""
    ms = [value * 1000 for value in seconds]
    print(f"{name}: n={len(ms)} p50={statistics.median(ms):.0f} ms "
          f"p90={percentile(ms, 0.9):.0f} ms p99={percentile(ms, 0.99):.0f} ms "
          f"max={max(ms):.0f} ms", flush=True)


def new_game(base_url: str, http: requests.Session, receiver: Receiver) -> tuple[ApiGame, str]:
    """Create a game with a game webhook for monster.resolved; return it and the secret."""
    game = ApiGame.create(base_url, http)
    response = http.post(game.url("/webhooks"), timeout=30,
                         json={"url": receiver.url, "events": ["monster.resolved"]},
                         headers={"Authorization": f"Bearer {game.creator_token}"})
    response.raise_for_status()
    return game, response.json()["secret"]


def measure_phases(base_url: str, receiver: Receiver, phases: int) -> list[float]:
    """Play ``phases`` monster phases; return each one's submission-to-webhook time."""
    http = requests.Session()
    game, secret = new_game(base_url, http, receiver)
    latencies: list[float] = []
    while len(latencies) < phases:
        view = game.view()
        if view["status"] != "active":
            game, secret = new_game(base_url, http, receiver)
            continue
        if view["phase"] == "monster":  # a phase whose webhook was not awaited: wait it out
            game.wait_for_version(view["version"])
            continue
        try:
            version, sent_at = game.play_to_monster_phase()
        except GameOver:
            continue  # a figure escaped and won: the next turn of the loop starts a new game
        arrived_at, body, headers = receiver.wait(game.id, version + 1)
        Webhook(secret).verify(body, headers)  # raises if the signature is wrong
        latencies.append(arrived_at - sent_at)
    return latencies


def measure_pings(broker_url: str, pings: int) -> list[float]:
    """Send the no-op task ``pings`` times and wait for each result; return the times."""
    app = create_app({"CELERY_BROKER_URL": broker_url, "CELERY_RESULT_BACKEND": broker_url})
    celery = celery_init_app(app)
    celery.send_task(PING).get(timeout=60)  # warm the connections
    times = []
    for _ in range(pings):
        started = time.perf_counter()
        assert celery.send_task(PING).get(timeout=30) == "pong"
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    """Start the shape, measure, print the figures, stop everything."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", type=int, default=200, help="monster phases to time")
    parser.add_argument("--pings", type=int, default=200, help="no-op task round trips")
    parser.add_argument("--workers", type=int, default=2, help="Celery workers")
    parser.add_argument("--warmup", type=int, default=5,
                        help="monster phases played first and not counted (workers starting)")
    arguments = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ff-bench-worker-"))
    receiver = Receiver()
    shape = Shape(folder, workers=arguments.workers, env={
        "FF_WEBHOOK_ALLOW_PRIVATE": "true", "FF_RATELIMIT_ENABLED": "false"})
    try:
        stack = shape.start()
        print(f"production shape at {stack.base_url}: {arguments.workers} workers "
              f"(concurrency 2 each), 1 beat, Redis broker; folder {folder}", flush=True)
        warm = arguments.warmup
        latencies = measure_phases(stack.base_url, receiver, warm + arguments.phases)[warm:]
        report("last figure move -> signed monster.resolved webhook", latencies)
        report("no-op Celery task round trip", measure_pings(shape.redis.url, arguments.pings))
    finally:
        shape.stop()
        receiver.close()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
