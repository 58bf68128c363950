"""Run Fearsome Floors on this machine with embedded defaults: what ``make run`` starts.

First the database schema is built or upgraded (``python -m service.migrate``: by default a
SQLite file in the instance folder), so a fresh machine needs nothing else. Then every
process the service needs is one entry of :func:`commands`: the web process (gunicorn serving
``worker.create_web_app()``, the API with its Celery app attached), one Celery worker,
exactly one beat, and the mail receiver (``python -m worker.smtpd``: replies to the mails
play). Their broker is the embedded one (kombu's SQLAlchemy transport on a SQLite file in the
instance folder) unless ``FF_CELERY_BROKER_URL`` names another. The launcher starts them all,
prints the addresses to open and how to play by mail here, and stops them all when it is
told to stop (Ctrl-C, SIGTERM) or when any one of them exits.

Every process, the launcher too, reads its settings as ``service.create_app`` does, from the
same environment: the web port (``FF_PORT``), the links' address (``FF_PUBLIC_URL``, by default
derived from the port) and the receiver's port agree because each has them from one place.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the repository importable
    sys.path.insert(0, str(ROOT))

from service import create_app  # noqa: E402
from service.features.mail.addresses import reply_domain  # noqa: E402
from service.plumbing.config import LOCAL_HOST as HOST  # noqa: E402
from worker.mail.handler import mail_dir  # noqa: E402

STOP_TIMEOUT_SECONDS = 10.0
MIGRATE = [sys.executable, "-m", "service.migrate", "upgrade"]
CELERY = [sys.executable, "-m", "celery", "--app", "worker", "--quiet"]
# Worker processes of the local run's one Celery worker (its prefork pool).
WORKER_CONCURRENCY = 2


def commands(port: int) -> dict[str, list[str]]:
    """Return the command line of each process to run, by name (the web process on
    ``port``; the receiver listens where its configuration says, ``FF_MAILIN_SMTP_*``)."""
    return {
        "web": [
            sys.executable, "-m", "gunicorn",
            # Workers exit the moment the master dies (a restart then binds at once).
            "--config", str(Path(__file__).with_name("gunicorn.conf.py")),
            "--bind", f"{HOST}:{port}",
            "--access-logfile", "-",
            # Its control socket sits at one path per user: two local runs would share it.
            "--no-control-socket",
            "worker:create_web_app()",
        ],
        "worker": [
            *CELERY, "worker", "--loglevel", "INFO",
            "--concurrency", str(WORKER_CONCURRENCY),
            # One worker and no broadcast on the embedded broker: nothing to sync or gossip.
            "--without-mingle", "--without-gossip", "--without-heartbeat",
        ],
        # Its heartbeat file lets `python -m worker.health beat` see it tick.
        "beat": [*CELERY, "beat", "--loglevel", "INFO",
                 "--scheduler", "worker.beat_scheduler:HeartbeatScheduler"],
        # Its answers and the mails they cause go to the worker at once (Celery attached).
        "mailin": [sys.executable, "-m", "worker.smtpd"],
    }


def welcome(config: Mapping[str, Any], mail_folder: Path, domain: str) -> str:
    """Return what the launcher prints once its processes start: where to look, and how to
    play by mail on this machine (a reply sent with curl to the receiver); ``domain`` is the
    reply addresses'."""
    port, public = config["PORT"], config["PUBLIC_URL"]
    reply_to = f"{config['MAIL_REPLY_PREFIX']}+...@{domain}"
    receiver = f"{config['MAILIN_SMTP_HOST']}:{config['MAILIN_SMTP_PORT']}"
    mail_out = (f"sent through {config['SMTP_HOST']}:{config['SMTP_PORT']}"
                if config["SMTP_HOST"] else f"written as .eml files to {mail_folder}/")
    return (
        f"\nFearsome Floors is starting at http://{HOST}:{port}/\n"
        f"  links in pages and mails: {public}/\n"
        f"  health check: http://{HOST}:{port}/api/v1/health\n"
        f"  mail out: {mail_out}\n"
        f"  mail in: the SMTP receiver on {receiver}\n"
        "\n"
        "  To play by mail here: create a game with an email address for a seat (any address,\n"
        "  say ann@example.com). Each mail to the seat names its reply address in Reply-To\n"
        f"  ({reply_to}). Write a reply in a file, reply.eml:\n"
        "\n"
        "      From: ann@example.com\n"
        "      Subject: my move\n"
        "\n"
        "      green 1 +\n"
        "\n"
        "  (a move the mail suggests, or 'board', or 'help'), and send it to the receiver as a\n"
        "  mail server would:\n"
        "\n"
        f"      curl smtp://{receiver} --mail-from ann@example.com \\\n"
        "          --mail-rcpt '<the Reply-To address>' -T reply.eml\n"
        "\n"
        "  The move is made at once; the mails it causes are in the mail folder a second later.\n"
        "  Press Ctrl-C to stop.\n"
    )


def stop(processes: dict[str, subprocess.Popen[bytes]]) -> None:
    """Stop each process by its own id: SIGTERM, then SIGKILL if it has not exited in time."""
    for process in processes.values():
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + STOP_TIMEOUT_SECONDS
    for process in processes.values():
        try:
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _exit_on_signal(signum: int, frame: FrameType | None) -> None:
    """Turn SIGINT or SIGTERM into a normal exit, so that ``main`` stops its processes."""
    raise SystemExit(0)


def main() -> int:
    """Start every process, report where to look, and supervise them until told to stop."""
    try:
        app = create_app()
    except ValueError as error:  # a setting refused: FF_PORT, FF_SECRET_KEY, ...
        print(error, file=sys.stderr)
        return 1
    with app.app_context():
        mail_folder, domain = mail_dir(), reply_domain()
    port = app.config["PORT"]
    # Set for SIGINT too: a shell starting us in the background makes us ignore it.
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop_signal, _exit_on_signal)
    if subprocess.run(MIGRATE, check=False).returncode != 0:
        print("the database migration failed; not starting", file=sys.stderr)
        return 1
    processes: dict[str, subprocess.Popen[bytes]] = {}
    try:
        for name, argv in commands(port).items():
            processes[name] = subprocess.Popen(argv)
        print(welcome(app.config, mail_folder, domain), flush=True)
        while True:
            for name, process in processes.items():
                if process.poll() is not None:
                    print(f"{name} exited with code {process.returncode}; stopping",
                          file=sys.stderr)
                    return 1
            time.sleep(0.2)
    finally:
        # A second Ctrl-C must not cut the shutdown short; stop() ends with SIGKILL anyway.
        for stop_signal in (signal.SIGINT, signal.SIGTERM):
            signal.signal(stop_signal, signal.SIG_IGN)
        stop(processes)


if __name__ == "__main__":
    sys.exit(main())
