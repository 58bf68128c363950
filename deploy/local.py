"""Run Fearsome Floors on this machine with embedded defaults: what ``make run`` starts.

First the database schema is built or upgraded (``python -m service.migrate``: by default a
SQLite file in the instance folder), so a fresh machine needs nothing else. Then every
process the service needs is one entry of :func:`commands`: the web process (gunicorn serving
``worker.create_web_app()``, the API with its Celery app attached), one Celery worker, and
exactly one beat. Their broker is the embedded one (kombu's SQLAlchemy transport on a SQLite
file in the instance folder) unless ``FF_CELERY_BROKER_URL`` names another. The launcher
starts them all, prints the address to open, and stops them all when it is told to stop
(Ctrl-C, SIGTERM) or when any one of them exits.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

HOST = "127.0.0.1"
DEFAULT_PORT = 8000
STOP_TIMEOUT_SECONDS = 10.0


def port_from_environment() -> int:
    """Return the web port: ``FF_PORT`` when set, else 8000."""
    raw = os.environ.get("FF_PORT", str(DEFAULT_PORT))
    try:
        port = int(raw)
    except ValueError:
        raise SystemExit(f"FF_PORT must be a port number, got {raw!r}") from None
    if not 0 < port < 65536:
        raise SystemExit(f"FF_PORT must be between 1 and 65535, got {port}")
    return port


def child_environment(port: int, environment: dict[str, str]) -> dict[str, str]:
    """Return the environment of the processes started: ``environment``, and the address the
    links in pages, answers and mails point to (``FF_PUBLIC_URL``) on the port served, unless
    it is set (behind a proxy, set it to the address people open)."""
    if environment.get("FF_PUBLIC_URL"):
        return dict(environment)
    return {**environment, "FF_PUBLIC_URL": f"http://{HOST}:{port}"}


MIGRATE = [sys.executable, "-m", "service.migrate", "upgrade"]
CELERY = [sys.executable, "-m", "celery", "--app", "worker", "--quiet"]
# Worker processes of the local run's one Celery worker (its prefork pool).
WORKER_CONCURRENCY = 2


def commands(port: int) -> dict[str, list[str]]:
    """Return the command line of each process to run, by name."""
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
    }


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
    port = port_from_environment()
    # Set for SIGINT too: a shell starting us in the background makes us ignore it.
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop_signal, _exit_on_signal)
    environment = child_environment(port, dict(os.environ))
    if subprocess.run(MIGRATE, check=False, env=environment).returncode != 0:
        print("the database migration failed; not starting", file=sys.stderr)
        return 1
    processes: dict[str, subprocess.Popen[bytes]] = {}
    try:
        for name, argv in commands(port).items():
            processes[name] = subprocess.Popen(argv, env=environment)
        print(
            f"\nFearsome Floors is starting at http://{HOST}:{port}/\n"
            f"  links in pages and mails: {environment['FF_PUBLIC_URL']}/\n"
            f"  health check: http://{HOST}:{port}/api/v1/health\n"
            "  press Ctrl-C to stop\n",
            flush=True,
        )
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
