"""The IMAP door's process: ``python -m worker.imap [--heartbeat FILE]`` reads the mailbox the
``FF_MAILIN_IMAP_*`` settings name (``service.features.mailin.imap``) until SIGINT or SIGTERM.

It serves the app the web process serves (:func:`worker.create_web_app`: Celery attached),
so that the answers and jobs a reply writes are handed to a worker right after their commit,
as the SMTP receiver's (``worker.smtpd``) are. Run one per mailbox. It touches its heartbeat
file (default ``<instance folder>/mailin-imap.heartbeat``) about every second while it can
reach the mailbox, and not while it cannot; ``python -m worker.health imap`` reads its age.
Settings that are missing or wrong end it at once with status 2 and a line saying which.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from pathlib import Path

from flask import Flask

from service.features.mailin.imap import run
from service.features.mailin.mailbox import ImapSettings, SettingsError
from worker import create_web_app

HEARTBEAT_FILE = "mailin-imap.heartbeat"

logger = logging.getLogger(__name__)


def default_heartbeat(app: Flask) -> Path:
    """Return where the door keeps its heartbeat when not told: the instance folder."""
    return Path(app.instance_path) / HEARTBEAT_FILE


def parser() -> argparse.ArgumentParser:
    """Return the command line's parser."""
    main_parser = argparse.ArgumentParser(prog="python -m worker.imap",
                                          description=__doc__.splitlines()[0])
    main_parser.add_argument("--heartbeat", type=Path, help="the heartbeat file (default: "
                             f"{HEARTBEAT_FILE} in the instance folder)")
    return main_parser


def main(argv: list[str] | None = None) -> int:
    """Read the mailbox until SIGINT or SIGTERM; return 0, or 2 for wrong settings."""
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_web_app()
    try:
        settings = ImapSettings.from_config(app.config)
    except SettingsError as error:
        print(f"python -m worker.imap: {error}", file=sys.stderr)
        return 2
    heartbeat: Path = args.heartbeat or default_heartbeat(app)
    heartbeat.parent.mkdir(parents=True, exist_ok=True)
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    run(app, settings, stop, heartbeat.touch)
    logger.info("stopped reading %s", settings.describe())
    return 0


if __name__ == "__main__":
    sys.exit(main())
