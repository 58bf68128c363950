"""What email costs: in a player's move (writing the emails), and to send them (the worker).

    .venv/bin/python bench/mail_bench.py                  # 300 moves, 500 sends, the default
    .venv/bin/python bench/mail_bench.py --moves 1000 --sends 2000

1. Moves: two-player games on a SQLite file (the embedded default), played through the API
   (Flask's test client, no network) until ``--moves`` actions were accepted, once with no
   email address (nothing to write) and once with both seats emailed (each move writes a
   "your move" email: history, the text diagram and the HTML board). Prints the latency of
   a submission, p50 and p99, for each (after 30 untimed ones), and the email rows written.
2. Sends: ``--sends`` email jobs through the ``email`` handler, to ``.eml`` files and to a
   real SMTP server on loopback (aiosmtpd, ``tests.support``), one connection per message as
   the worker does. Prints messages per second and p50/p99 per message.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select  # noqa: E402

from service import create_app  # noqa: E402
from service.migrate import upgrade  # noqa: E402
from service.plumbing.extensions import db  # noqa: E402
from service.plumbing.outbox import Outbox  # noqa: E402
from tests.service.helpers import (  # noqa: E402
    a_legal_action,
    create_game,
    read,
    run_monster_jobs,
    submit,
)
from tests.support.smtp_server import SmtpServer  # noqa: E402
from worker.jobs import Job  # noqa: E402
from worker.mail.handler import deliver_email  # noqa: E402

WARMUP = 30  # submissions not timed: caches, the first connections


def quantiles(samples: list[float]) -> str:
    """Return p50 and p99 of ``samples`` (seconds) in milliseconds."""
    cuts = statistics.quantiles(samples, n=100)
    return f"p50 {cuts[49] * 1000:.2f} ms, p99 {cuts[98] * 1000:.2f} ms"


def play(folder: Path, moves: int, emails: bool) -> tuple[list[float], int]:
    """Play ``moves`` actions in fresh games; return each submission's time and email rows."""
    # Ann and Bob play game after game: no limit on their invitations by email.
    app = create_app({"DATABASE_URL": f"sqlite:///{folder / ('e' if emails else 'n')}.db",
                      "RATELIMIT_ENABLED": False, "SECRET_KEY": secrets.token_hex(32),
                      "PUBLIC_URL": "https://ff.example",
                      "INVITATIONS_PER_ADDRESS_PER_DAY": None})
    upgrade(app)
    client = app.test_client()
    seats = [{"name": "Ann", "email": "ann@example.com" if emails else None},
             {"name": "Bob", "email": "bob@example.com" if emails else None}]
    seats = [{k: v for k, v in s.items() if v is not None} for s in seats]
    times: list[float] = []
    game = create_game(client, seats=seats)
    while len(times) < moves + WARMUP:
        view = read(client, game, game.spectator_token)
        if view["status"] != "active":
            game = create_game(client, seats=seats)
            continue
        if view["phase"] == "monster":
            run_monster_jobs(app)
            continue
        action = a_legal_action(view)
        started = time.perf_counter()
        response = submit(client, game, view["to_move"], view["version"], action=action)
        times.append(time.perf_counter() - started)
        assert response.status_code == 201, response.get_data(as_text=True)
    with app.app_context():
        rows = db.session.scalar(select(func.count()).where(Outbox.kind == "email"))
    return times[WARMUP:], rows


def send(folder: Path, sends: int, smtp: SmtpServer | None) -> list[float]:
    """Send ``sends`` email jobs through the handler; return each one's time."""
    config = {"DATABASE_URL": f"sqlite:///{folder / 's.db'}", "MAIL_DIR": str(folder / "mail"),
              "MAIL_FROM": "ff@ff.example"}
    if smtp is not None:
        config.update(SMTP_HOST="127.0.0.1", SMTP_PORT=smtp.port, SMTP_TLS="none")
    app = create_app(config)
    upgrade(app)  # each attempt is recorded in the mail log (email_deliveries)
    payload = {"to": "ann@example.com", "subject": "Your move", "text": "Hello\n" * 40,
               "html": "<p>Hello</p>" * 40}
    times = []
    with app.app_context():
        for index in range(sends):
            started = time.perf_counter()
            deliver_email(Job(index, "email", payload, f"bench:{index}", 1))
            times.append(time.perf_counter() - started)
    return times


def main() -> None:
    """Run both parts and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--sends", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for emails in (False, True):
            times, rows = play(folder, args.moves, emails)
            label = "both seats emailed" if emails else "no email address"
            print(f"move submission, {label}: {quantiles(times)} over {len(times)} moves; "
                  f"{rows} email rows written")
        times = send(folder, args.sends, None)
        print(f"send to .eml files: {len(times) / sum(times):.0f} messages/s, "
              f"{quantiles(times)}")
        server = SmtpServer()
        server.start()
        try:
            times = send(folder, args.sends, server)
            server.wait_for(args.sends, timeout=30)
        finally:
            server.stop()
        print(f"send to SMTP on loopback: {len(times) / sum(times):.0f} messages/s, "
              f"{quantiles(times)}")


if __name__ == "__main__":
    main()
