"""How long the outbox takes to catch up after a broker outage: before and after the sweep
hands its backlog out to every worker.

    .venv/bin/python bench/outbox_catchup.py                      # 65,000 rows (~5 min)
    .venv/bin/python bench/outbox_catchup.py --rows 3000 --baseline-seconds 20   # quick

While Redis is down, moves go on and their outbox rows wait: no relay task reached a
worker, so only beat's sweep finds them. ``docs/capacity.md`` counts ~65,000 such rows
after an hour's outage at 10⁵ busy games. This bench makes that backlog and times the
production shape draining it:

1. a throwaway PostgreSQL and Redis (``tests.support``), a mail server and a webhook
   receiver on loopback (in this process);
2. the template games of ``bench/growth_data.py`` played through the API; their mail and
   webhook rows (the outbox's kinds that talk to the outside world) are copied until
   ``--rows`` rows wait, all due an hour ago, as the outage left them;
3. the service's processes (``deploy/production_shape.Stack``: web, ``--workers`` Celery
   workers of ``--concurrency`` each, one beat) started on them, and the rows still waiting
   counted every second until none is left.

First the old way (``FF_OUTBOX_SWEEP_BATCHES=1``, a sweep every 10 s: the sweeping worker
relays 200 rows, the others idle) for ``--baseline-seconds``, its rate extrapolated to the
whole backlog; then the new defaults (a sweep every 5 s handing 19 more batches of 200 to
``relay_outbox`` tasks) until the backlog is gone. Target (issue 38): ≤ 5 minutes for
65,000 rows. The rows are sent for real: every mail reaches the mail server, every webhook
the receiver (each row is a copy of a real one; receivers see the copies' repeated ids).
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from deploy.production_shape import Stack  # noqa: E402
from tests.support.postgres_server import PostgresServer  # noqa: E402
from tests.support.redis_server import RedisServer  # noqa: E402
from tests.support.smtp_server import SmtpServer  # noqa: E402
from tests.support.webhook_receiver import WebhookReceiver  # noqa: E402

KINDS = ("email", "webhook")
TARGET_SECONDS = 300.0
# Which process does what, by a word of its command line; this process runs the mail server
# and the webhook receiver (the outside world a real installation reaches over the network).
ROLES = (("celery", "workers"), ("gunicorn", "web"), ("postgres", "PostgreSQL"),
         ("redis-server", "Redis"))
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds() -> dict[str, float]:
    """Return the CPU seconds used so far by the processes of each role, and by this process
    (the mail server and the receiver) as "mail server and receiver"."""
    used = dict.fromkeys([role for _, role in ROLES], 0.0)
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == os.getpid():
            continue
        try:
            raw = (proc / "cmdline").read_bytes()
            command = raw.replace(b"\0", b" ").decode("utf-8", "replace")
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        for word, role in ROLES:
            if word in command:
                used[role] += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
                break
    mine = os.times()
    used["mail server and receiver"] = mine.user + mine.system
    return used


def make_backlog(url: str, rows: int, hook_url: str) -> dict[str, int]:
    """Play the templates on ``url``, then copy their mail and webhook rows until ``rows``
    wait, due an hour ago; return how many of each kind."""
    from growth_data import play_templates
    from sqlalchemy import text

    from service import create_app
    from service.plumbing.extensions import db

    app = create_app({"DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    play_templates(app, app.test_client())
    with app.app_context():
        session = db.session
        session.execute(text("UPDATE webhook_endpoints SET url = :url"), {"url": hook_url})
        templates = session.execute(text(
            "SELECT count(*) FROM outbox WHERE kind IN ('email', 'webhook')")).scalar_one()
        copies = -(-rows // templates)
        session.execute(text(
            "INSERT INTO outbox (kind, payload, dedupe_key, status, attempts, next_attempt_at,"
            " created_at) SELECT kind, payload, dedupe_key || ':backlog:' || n, 'pending', 0,"
            " now() - interval '1 hour', now() - interval '1 hour' FROM outbox,"
            " generate_series(1, :copies) AS n WHERE kind IN ('email', 'webhook')"),
            {"copies": copies})
        extra = session.execute(text(
            "SELECT id FROM outbox WHERE status = 'pending' ORDER BY id DESC LIMIT :n"),
            {"n": copies * templates - rows}).scalars().all()
        session.execute(text("DELETE FROM outbox WHERE id = ANY(:ids)"), {"ids": list(extra)})
        made = dict(session.execute(text(
            "SELECT kind, count(*) FROM outbox WHERE status = 'pending' GROUP BY kind")).all())
        session.commit()
    return {kind: int(count) for kind, count in made.items()}


def waiting(url: str) -> int:
    """Return how many mail and webhook rows are not done yet."""
    import psycopg

    with psycopg.connect(url.replace("+psycopg", ""), autocommit=True) as connection:
        row = connection.execute("SELECT count(*) FROM outbox WHERE status IN "
                                 "('pending', 'sending')").fetchone()
    assert row is not None
    return int(row[0])


def reset(url: str) -> None:
    """Put every copied row back in the backlog, as if nothing had been sent."""
    import psycopg

    with psycopg.connect(url.replace("+psycopg", ""), autocommit=True) as connection:
        connection.execute("UPDATE outbox SET status = 'pending', attempts = 0, claimed_at = NULL,"
                           " sent_at = NULL, last_error = NULL, next_attempt_at = now() - "
                           "interval '1 hour' WHERE dedupe_key LIKE '%:backlog:%'")


def drain(folder: Path, env: dict[str, str], args: argparse.Namespace, total: int,
          limit: float | None) -> tuple[float, int]:
    """Start the stack, count the rows left every second until none (or ``limit`` seconds);
    return the seconds and the rows sent."""
    stack = Stack(folder, env, workers=args.workers, concurrency=args.concurrency,
                  web_workers=1)
    stack.start()
    try:
        cpu_before = cpu_seconds()
        started = time.monotonic()
        left = waiting(env["FF_DATABASE_URL"])
        while left and (limit is None or time.monotonic() - started < limit):
            time.sleep(1.0)
            left = waiting(env["FF_DATABASE_URL"])
            exited = stack.exited()
            if exited:
                raise SystemExit(f"a process of the stack exited: {exited}")
        seconds, sent = time.monotonic() - started, total - left
        if limit is None and sent:
            cpu_after = cpu_seconds()
            spent = {role: cpu_after[role] - cpu_before[role] for role in cpu_after}
            print("CPU per row sent: " + ", ".join(
                f"{role} {1000 * value / sent:.1f} ms" for role, value in spent.items()) +
                f"; all {1000 * sum(spent.values()) / sent:.1f} ms, on "
                f"{os.cpu_count()} cores", flush=True)
            service = sum(spent[role] for _, role in ROLES)
            print(f"the service's own share (workers, web, PostgreSQL, Redis) is "
                  f"{1000 * service / sent:.1f} ms a row: {os.cpu_count()} cores of its own "
                  f"would drain about {os.cpu_count() * sent / service:.0f} rows/s, 65,000 "
                  f"rows in {65_000 * service / sent / os.cpu_count() / 60:.1f} min "
                  "(extrapolated: mail and webhooks leave for other machines)", flush=True)
        return seconds, sent
    finally:
        stack.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=65_000, help="the backlog's rows")
    parser.add_argument("--workers", type=int, default=2, help="Celery worker processes")
    parser.add_argument("--concurrency", type=int, default=4, help="each worker's pool")
    parser.add_argument("--baseline-seconds", type=float, default=60.0,
                        help="how long the old way runs (its rate is extrapolated)")
    args = parser.parse_args()
    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="ff-catchup-"))
    folder.chmod(0o755)  # PostgreSQL runs as its own user when we are root
    (folder / "redis").mkdir()
    postgres, redis = PostgresServer(folder / "pg"), RedisServer(folder / "redis")
    smtp, hooks = SmtpServer(), WebhookReceiver()
    try:
        for server in (postgres, redis, smtp, hooks):
            server.start()
        url = postgres.create_database("ff_catchup")
        key = secrets.token_hex(32)
        os.environ["FF_SECRET_KEY"] = key  # the templates' sealed secrets, opened by the stack
        env: dict[str, Any] = {
            "FF_DATABASE_URL": url, "FF_CELERY_BROKER_URL": redis.url,
            "FF_SECRET_KEY": key, "FF_SMTP_HOST": smtp.host, "FF_SMTP_PORT": str(smtp.port),
            "FF_SMTP_TLS": "none", "FF_WEBHOOK_ALLOW_PRIVATE": "true",
            "FF_RATELIMIT_ENABLED": "false", "FF_LOG_FORMAT": "text"}
        Stack(folder / "migrate", env).migrate()
        clock = time.monotonic()
        made = make_backlog(url, args.rows, hooks.url + "hooks/catchup")
        total = sum(made.values())
        print(f"backlog: {total:,} rows ({', '.join(f'{n:,} {k}' for k, n in made.items())}),"
              f" due an hour ago; made in {time.monotonic() - clock:.0f} s; "
              f"{args.workers} workers of {args.concurrency}", flush=True)

        old = {**env, "FF_OUTBOX_SWEEP_BATCHES": "1", "FF_OUTBOX_SWEEP_SECONDS": "10"}
        seconds, sent = drain(folder / "old", old, args, total, args.baseline_seconds)
        old_rate = sent / seconds
        old_total = total / old_rate if old_rate else float("inf")
        print(f"before (a sweep every 10 s relays 200 rows on one worker): {sent:,} rows in "
              f"{seconds:.0f} s, {old_rate:.1f} rows/s: the backlog in {old_total / 60:.1f} min "
              "(extrapolated)", flush=True)

        reset(url)
        mails_before, hooks_before = len(smtp.messages()), len(hooks.requests())
        seconds, sent = drain(folder / "new", env, args, total, None)
        new_rate = sent / seconds
        times = f"{new_rate / old_rate:.1f}x" if old_rate else "the old way sent none"
        print(f"after (a sweep every 5 s hands 19 batches of 200 to every worker): {sent:,} "
              f"rows in {seconds:.0f} s, {new_rate:.1f} rows/s ({times}); "
              f"{len(smtp.messages()) - mails_before:,} mails and "
              f"{len(hooks.requests()) - hooks_before:,} webhooks received", flush=True)
        whole = 65_000 / new_rate
        print(f"target: 65,000 rows in <= {TARGET_SECONDS / 60:.0f} min: "
              f"{'met' if whole <= TARGET_SECONDS else 'missed'} ({whole / 60:.1f} min"
              f"{'' if total == 65_000 else ', extrapolated at this rate'})")
    finally:
        for server in (hooks, smtp, redis, postgres):
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"took {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
