"""The periodic deadline check on PostgreSQL: its cost when nothing is due, and per expiry.

    .venv/bin/python bench/deadlines_bench.py                   # 2000 games, the default
    .venv/bin/python bench/deadlines_bench.py --games 5000 --timed 500

Starts a throwaway PostgreSQL on loopback (``tests.support``), builds the schema with the
migrations and creates ``--games`` two-player games through the service layer (each with
an email address, so reminders write emails), ``--timed`` of them with a four-hour limit per
move, the rest without. Then, with the service clock set (``CLOCK``):

1. a check when nothing is due, ``--repeat`` times: what beat costs every minute;
2. a check when every timed game's reminder is due: the reminders (event + email each);
3. a check when every timed game's deadline has passed: the expiries (a flip each, stored
   through the same path as a player's action, and the next sub-turn's deadline).

It prints the wall time of each, and per game for 2 and 3. Each check works game by game in
its own transaction (one process, no concurrency), so the per-game figure bounds how many
games one beat interval can handle.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service import create_app  # noqa: E402
from service.features.games.service import create_game  # noqa: E402
from service.migrate import upgrade  # noqa: E402
from tests.support.postgres_server import running_postgres  # noqa: E402
from worker.deadlines import check_deadlines  # noqa: E402

LIMIT = 4 * 3600
START = datetime(2030, 1, 7, 9, 0, tzinfo=UTC)


class Clock:
    """The service clock of the run: stands still until moved."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def spec(index: int, timed: bool) -> dict:
    """Return the creation request of the ``index``-th game."""
    return {"seats": [{"name": "Ann", "email": f"ann{index}@example.com"}, {"name": "Bob"}],
            "start_seat": 0, "options": {}, "move_time_limit": LIMIT if timed else None}


def timed_check(clock: Clock, at: datetime) -> tuple[float, int, int]:
    """Run one check at ``at``; return its seconds and how many games expired / were reminded."""
    clock.now = at
    began = time.perf_counter()
    result = check_deadlines(at)
    return time.perf_counter() - began, len(result.expired), len(result.reminded)


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--timed", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    with running_postgres("ff-bench-deadlines-") as postgres:
        clock = Clock()
        # The games stand for many players' (no limit on their invitations by email).
        app = create_app({"DATABASE_URL": postgres.create_database("ff_deadlines"),
                          "CLOCK": clock, "RATELIMIT_ENABLED": False,
                          "INVITATIONS_PER_CLIENT_PER_HOUR": None,
                          "SECRET_KEY": secrets.token_hex(32)})
        upgrade(app)
        with app.app_context():
            for index in range(args.games):
                create_game(spec(index, index < args.timed), client="bench")
            idle = [timed_check(clock, START + timedelta(minutes=1))[0]
                    for _ in range(args.repeat)]
            reminder_at = START + timedelta(seconds=LIMIT * 3 / 4)
            remind_seconds, _, reminded = timed_check(clock, reminder_at)
            expire_seconds, expired, _ = timed_check(clock, START + timedelta(seconds=LIMIT))
    print(f"games: {args.games}, with a time limit: {args.timed}")
    print(f"check with nothing due: median {statistics.median(idle) * 1000:.2f} ms, "
          f"max {max(idle) * 1000:.2f} ms over {args.repeat} checks")
    print(f"check sending {reminded} reminders: {remind_seconds:.2f} s, "
          f"{remind_seconds / max(reminded, 1) * 1000:.2f} ms per game")
    print(f"check expiring {expired} sub-turns: {expire_seconds:.2f} s, "
          f"{expire_seconds / max(expired, 1) * 1000:.2f} ms per game")


if __name__ == "__main__":
    main()
