"""Webhooks: what writing the messages adds to a change, and one delivery's time on loopback.

    .venv/bin/python bench/webhooks_bench.py                       # SQLite, the defaults
    .venv/bin/python bench/webhooks_bench.py --postgres --messages 1000

1. write: ``write_messages`` for one player's action (its real engine events) with
   ``--endpoints`` game endpoints, each call rolled back, ``--changes`` times; and with no
   endpoint (the cost every change pays: one indexed SELECT).
2. send: ``--messages`` pings written through the API, then each relayed alone by the outbox
   relay (claim, sign, POST to the webhook receiver on loopback, log the attempt, mark sent):
   p50 and p99 per message, and messages per second, one after the other in one process.
"""

from __future__ import annotations

import argparse
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402
from sqlalchemy import select  # noqa: E402

from service import create_app  # noqa: E402
from service.features.webhooks.messages import write_messages  # noqa: E402
from service.kernel.models import Event, Game  # noqa: E402
from service.migrate import upgrade  # noqa: E402
from service.plumbing.extensions import db  # noqa: E402
from service.plumbing.outbox import Outbox, forget_unpublished  # noqa: E402
from tests.service.helpers import auth, create_game, play_one  # noqa: E402
from tests.support.postgres_server import PostgresServer  # noqa: E402
from tests.support.webhook_receiver import WebhookReceiver  # noqa: E402
from worker.relay import relay  # noqa: E402


def percentiles(seconds: list[float]) -> str:
    """Return "p50 x ms, p99 y ms" of durations in seconds."""
    cuts = statistics.quantiles(seconds, n=100, method="inclusive")
    return f"p50 {cuts[49] * 1000:.2f} ms, p99 {cuts[98] * 1000:.2f} ms"


def time_writes(app: Flask, game_id: str, changes: int) -> list[float]:
    """Time ``write_messages`` for the game's first action's events, rolled back each time."""
    durations = []
    with app.app_context():
        events = [e.data for e in db.session.scalars(
            select(Event).where(Event.game_id == game_id, Event.action_seq == 1))]
        for _ in range(changes):
            game = db.session.get(Game, game_id)
            started = time.perf_counter()
            write_messages(db.session, game, events)
            durations.append(time.perf_counter() - started)
            db.session.rollback()
            forget_unpublished(db.session)
    return durations


def time_sends(app: Flask, messages: int, ping: Callable[[], None],
               receiver: WebhookReceiver) -> tuple[list[float], float]:
    """Write ``messages`` pings, relay each alone; return the durations and the wall time."""
    for _ in range(messages):
        ping()
    with app.app_context():
        ids = list(db.session.scalars(select(Outbox.id).where(Outbox.kind == "webhook",
                                                              Outbox.status == "pending")))
        db.session.rollback()
        durations = []
        wall = time.perf_counter()
        for row_id in ids:
            started = time.perf_counter()
            assert relay([row_id]) == {row_id: "sent"}
            durations.append(time.perf_counter() - started)
        wall = time.perf_counter() - wall
    assert len(receiver.wait_for(len(ids))) == len(ids)
    return durations, wall


def run(url: str, args: argparse.Namespace) -> None:
    """Run both measurements on the database at ``url`` and print them."""
    app = create_app({"DATABASE_URL": url, "WEBHOOK_ALLOW_PRIVATE": True,
                      "RATELIMIT_ENABLED": False, "TESTING": True,
                      "SECRET_KEY": secrets.token_hex(32)})
    upgrade(app)
    client = app.test_client()
    receiver = WebhookReceiver()
    receiver.start()
    try:
        hooked, bare = create_game(client), create_game(client)
        endpoints = []
        for _ in range(args.endpoints):
            response = client.post(hooked.url("/webhooks"), json={"url": receiver.url},
                                   headers=auth(hooked.creator_token))
            assert response.status_code == 201, response.get_data(as_text=True)
            endpoints.append(response.get_json()["id"])
        for game in (hooked, bare):
            play_one(client, game)
        with_hooks = time_writes(app, hooked.id, args.changes)
        without = time_writes(app, bare.id, args.changes)
        print(f"write_messages, one action, {args.endpoints} endpoints "
              f"({2 * args.endpoints} rows): {percentiles(with_hooks)}")
        print(f"write_messages, one action, no endpoint: {percentiles(without)}")

        def ping() -> None:
            response = client.post(hooked.url(f"/webhooks/{endpoints[0]}/ping"),
                                   headers=auth(hooked.creator_token))
            assert response.status_code == 202

        durations, wall = time_sends(app, args.messages, ping, receiver)
        print(f"relay + sign + send + log, one message at a time, {len(durations)} messages: "
              f"{percentiles(durations)}, {len(durations) / wall:.0f} messages/s")
    finally:
        receiver.stop()
        with app.app_context():
            db.engine.dispose()


def main() -> None:
    """Parse the arguments, make the database, run, clean up."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL")
    parser.add_argument("--endpoints", type=int, default=5, help="game endpoints (at most 5)")
    parser.add_argument("--changes", type=int, default=500)
    parser.add_argument("--messages", type=int, default=500)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ff-bench-webhooks-"))
    try:
        if not args.postgres:
            run(f"sqlite:///{folder / 'bench.sqlite3'}", args)
            return
        # A folder of its own: the cluster runs as the postgres user (tests.support).
        pg_folder = Path(tempfile.mkdtemp(prefix="ff-bench-postgres-"))
        server = PostgresServer(pg_folder)
        server.start()
        try:
            run(server.create_database("ff_bench_webhooks"), args)
        finally:
            server.stop()
            shutil.rmtree(pg_folder, ignore_errors=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
