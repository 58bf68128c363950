"""Health checks of the processes without HTTP: ``python -m worker.health
worker|beat|mailin|imap``.

Exit status 0 when the process is healthy, 1 when it is not, with one line on stderr that
says why (0 prints one line on stdout). Compose's health checks, a systemd timer or a
monitoring agent run it on the host of the process it checks:

* ``worker [--node NAME]``: this host's Celery worker answers a ping sent through the
  broker, addressed to its node name alone (``celery@<this host>`` by default, as Celery
  names a worker; ``%h`` stands for the host name). A worker that answers consumes from the
  broker and its main process is not stuck; its pool may be busy with tasks, which is
  healthy. Cheaper checks (a pid, a file the worker touches) would pass for a worker cut
  off from the broker.
* ``beat [--schedule FILE]``: beat's heartbeat file (``worker.beat_scheduler``, touched at
  every tick, at least every 15 s) is younger than ``--max-age`` (60 s).
* ``mailin [--host H] [--port P]``: the SMTP receiver greets with 220 and answers NOOP
  with 250.
* ``imap [--heartbeat FILE]``: the IMAP door's heartbeat file (``worker.imap``, touched about
  every second while the door reaches its mailbox, never while it cannot) is younger than
  ``--max-age`` (120 s: a mailbox out of reach for two minutes, or a door that hangs). A
  login of its own would say only that the mailbox answers, not that the door reads it.

Defaults come from the ``FF_*`` settings, as the checked process reads them.
"""

from __future__ import annotations

import argparse
import smtplib
import sys
import time
from collections.abc import Callable
from pathlib import Path

from celery import Celery
from celery.utils.nodenames import host_format
from flask import Flask

from service.plumbing.config import load as load_config
from worker.beat_scheduler import SCHEDULER, heartbeat_path
from worker.celery_app import celery_config
from worker.imap import default_heartbeat

DEFAULT_NODE = "celery@%h"
TIMEOUT_SECONDS = 3.0
BEAT_MAX_AGE_SECONDS = 60.0
"""Four of beat's longest sleeps (``worker.beat_scheduler.TICK_AT_LEAST_EVERY_SECONDS``)."""
IMAP_MAX_AGE_SECONDS = 120.0
"""Two of the door's longest waits between connections (a minute, ``LAST_RETRY_SECONDS``)."""
ANY_ADDRESS = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}


class Unhealthy(Exception):
    """The process checked is not healthy; the message says why, in one line."""


def settings() -> Flask:
    """Return an app holding the ``FF_*`` settings (no database, no broker touched)."""
    app = Flask("service")  # the service's name: the same instance folder
    load_config(app)
    return app


def check_worker(app: Flask, node: str, timeout: float = TIMEOUT_SECONDS) -> str:
    """Ping the Celery worker named ``node`` through the broker; return what answered."""
    config = celery_config(app)
    if config.get("worker_enable_remote_control") is False:
        raise Unhealthy("the embedded broker cannot carry a ping; set FF_CELERY_BROKER_URL")
    name = host_format(node)
    # The service's workers wait for the broker for ever; a health check asks once.
    config.update(broker_connection_retry=False, broker_connection_max_retries=0,
                  broker_connection_timeout=timeout,
                  broker_transport_options={"max_retries": 0, "socket_timeout": timeout,
                                            "socket_connect_timeout": timeout})
    celery = Celery("health", set_as_current=False)
    celery.config_from_object(config)
    start = time.monotonic()
    try:
        replies = celery.control.ping(destination=[name], timeout=timeout, limit=1)
    except Exception as error:  # noqa: BLE001 - any failure to ask is "unhealthy"; reported
        raise Unhealthy(f"the broker did not take the ping for {name}: "
                        f"{type(error).__name__}: {error}") from error
    finally:
        celery.close()
    if not any(name in reply for reply in replies):
        raise Unhealthy(f"worker {name} did not answer a ping within {timeout:g} s")
    return f"worker {name} answered a ping in {time.monotonic() - start:.2f} s"


def check_beat(schedule: Path, max_age: float = BEAT_MAX_AGE_SECONDS) -> str:
    """Check that beat's heartbeat file (beside ``schedule``) is younger than ``max_age``."""
    heartbeat = heartbeat_path(schedule)
    age = heartbeat_age(heartbeat, f"no heartbeat file {heartbeat}: beat has not ticked (is "
                                   f"it run with --scheduler {SCHEDULER}?)")
    if age > max_age:
        raise Unhealthy(f"beat last ticked {age:.0f} s ago (more than {max_age:g} s; "
                        f"{heartbeat})")
    return f"beat ticked {age:.1f} s ago"


def check_imap(heartbeat: Path, max_age: float = IMAP_MAX_AGE_SECONDS) -> str:
    """Check that the IMAP door's heartbeat file is younger than ``max_age``."""
    age = heartbeat_age(heartbeat, f"no heartbeat file {heartbeat}: the IMAP door has not "
                                   f"reached its mailbox yet (is it run with this --heartbeat?)")
    if age > max_age:
        raise Unhealthy(f"the IMAP door last reached its mailbox {age:.0f} s ago (more than "
                        f"{max_age:g} s; its log says why; {heartbeat})")
    return f"the IMAP door reached its mailbox {age:.1f} s ago"


def heartbeat_age(heartbeat: Path, missing: str) -> float:
    """Return the seconds since ``heartbeat`` was touched; raise :class:`Unhealthy` saying
    ``missing`` when there is no such file."""
    try:
        return time.time() - heartbeat.stat().st_mtime
    except FileNotFoundError:
        raise Unhealthy(missing) from None


def check_mailin(host: str, port: int, timeout: float = TIMEOUT_SECONDS) -> str:
    """Check that the SMTP receiver on ``host:port`` greets with 220 and answers NOOP 250."""
    host = ANY_ADDRESS.get(host, host)
    try:
        with smtplib.SMTP(host, port, timeout=timeout) as smtp:  # raises unless 220
            code, message = smtp.noop()
    except (OSError, smtplib.SMTPException) as error:
        raise Unhealthy(f"mail-in on {host}:{port}: {type(error).__name__}: {error}") from error
    if code != 250:
        raise Unhealthy(f"mail-in on {host}:{port} answered NOOP with {code} "
                        f"{message.decode(errors='replace')}")
    return f"mail-in on {host}:{port} answered 220 and NOOP 250"


def parser() -> argparse.ArgumentParser:
    """Return the command line's parser: one subcommand per process."""
    main_parser = argparse.ArgumentParser(prog="python -m worker.health",
                                          description=__doc__.splitlines()[0])
    commands = main_parser.add_subparsers(dest="process", required=True)
    worker = commands.add_parser("worker", help="this host's Celery worker answers a ping")
    worker.add_argument("--node", default=DEFAULT_NODE,
                        help="the worker's node name, as its --hostname (default celery@%%h)")
    worker.add_argument("--timeout", type=float, default=TIMEOUT_SECONDS)
    beat = commands.add_parser("beat", help="beat ticked recently")
    beat.add_argument("--schedule", type=Path,
                      help="beat's --schedule file (default: the settings' one)")
    beat.add_argument("--max-age", type=float, default=BEAT_MAX_AGE_SECONDS,
                      help="seconds since the last tick still healthy (default 60)")
    mailin = commands.add_parser("mailin", help="the SMTP receiver answers 220 and NOOP 250")
    mailin.add_argument("--host", help="default FF_MAILIN_SMTP_HOST (0.0.0.0: 127.0.0.1)")
    mailin.add_argument("--port", type=int, help="default FF_MAILIN_SMTP_PORT")
    mailin.add_argument("--timeout", type=float, default=TIMEOUT_SECONDS)
    imap = commands.add_parser("imap", help="the IMAP door reached its mailbox recently")
    imap.add_argument("--heartbeat", type=Path,
                      help="the door's --heartbeat file (default: the instance folder's)")
    imap.add_argument("--max-age", type=float, default=IMAP_MAX_AGE_SECONDS,
                      help="seconds since the mailbox was last reached still healthy "
                           "(default 120)")
    return main_parser


def main(argv: list[str] | None = None) -> int:
    """Run the check the command line names; return 0 when healthy, else 1."""
    args = parser().parse_args(argv)
    app = settings()
    checks: dict[str, Callable[[], str]] = {
        "worker": lambda: check_worker(app, args.node, args.timeout),
        "beat": lambda: check_beat(
            args.schedule or Path(celery_config(app)["beat_schedule_filename"]),
            args.max_age),
        "mailin": lambda: check_mailin(args.host or app.config["MAILIN_SMTP_HOST"],
                                       args.port or int(app.config["MAILIN_SMTP_PORT"]),
                                       args.timeout),
        "imap": lambda: check_imap(args.heartbeat or default_heartbeat(app), args.max_age),
    }
    try:
        print(f"healthy: {checks[args.process]()}")
    except Unhealthy as error:
        print("unhealthy: " + " ".join(str(error).split()), file=sys.stderr)  # one line
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
