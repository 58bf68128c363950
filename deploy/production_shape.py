"""Start the production shape on one machine, on loopback, without Docker.

The same processes as ``deploy/compose.yaml``: PostgreSQL (a fresh cluster made with
``initdb``, run as the ``postgres`` user when we are root), Redis (broker, result backend and
rate-limit store), gunicorn serving ``worker.create_web_app()``, two Celery workers and
exactly one beat, all on 127.0.0.1, all in one folder (data, logs, mail). Run it with
``deploy/production-shape [--folder DIR] [--workers N] [--port PORT]``; Ctrl-C stops it. It
supervises its processes: one that exits is restarted, its whole process group killed
first (a gunicorn master killed with SIGKILL leaves no worker holding the port).

The benchmarks and the fault tests use :class:`Stack` (the service's processes, given the
database and broker) and :class:`Shape` (servers plus stack): each process can be stopped,
killed with SIGKILL (its whole process group: a Celery worker and its pool) and restarted.
The servers come from ``tests.support`` (PostgresServer, RedisServer).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the repository importable
    sys.path.insert(0, str(ROOT))

from tests.support.ports import HOST, free_port, wait_for_port  # noqa: E402
from tests.support.postgres_server import PostgresServer  # noqa: E402
from tests.support.redis_server import RedisServer  # noqa: E402

CELERY = [sys.executable, "-m", "celery", "--app"]  # then the Celery app, e.g. "worker"
GUNICORN_CONFIG = ROOT / "deploy" / "gunicorn.conf.py"
STOP_TIMEOUT_SECONDS = 20.0
# The supervisor restarts a process that exits, unless processes keep exiting: more than
# RESTARTS_ALLOWED restarts within RESTART_WINDOW_SECONDS stop the shape.
RESTARTS_ALLOWED = 5
RESTART_WINDOW_SECONDS = 60.0


class Process:
    """One service process in its own process group, its output appended to ``log``."""

    def __init__(self, name: str, argv: list[str], env: Mapping[str, str], log: Path) -> None:
        self.name, self.argv, self.env, self.log = name, argv, dict(env), log
        self.popen: subprocess.Popen[bytes] | None = None

    @property
    def is_running(self) -> bool:
        """Return whether the process was started and has not exited."""
        return self.popen is not None and self.popen.poll() is None

    def start(self) -> None:
        """Start the process (in a new session, so its group can be signalled as one)."""
        with self.log.open("ab") as output:
            self.popen = subprocess.Popen(
                self.argv, cwd=ROOT, env=self.env, stdin=subprocess.DEVNULL, stdout=output,
                stderr=subprocess.STDOUT, start_new_session=True)

    def stop(self) -> None:
        """Stop it with SIGTERM (a warm shutdown), SIGKILL to its group if it lingers."""
        if self.popen is None:
            return
        if self.popen.poll() is None:
            self.popen.terminate()
        try:
            self.popen.wait(timeout=STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            self.kill()
            return
        self._kill_group()

    def kill(self) -> None:
        """Kill the process and every process of its group at once with SIGKILL."""
        if self.popen is None:
            return
        self._kill_group()
        self.popen.wait()

    def restart(self) -> None:
        """Start the process again, first killing what is left of its group and waiting
        until it is gone: after its leader died unannounced (``kill -9``), children may
        still hold its sockets, and a new listener beside a dying one loses connections."""
        if self.popen is not None:
            self._kill_group()
            self.popen.wait()
            deadline = time.monotonic() + STOP_TIMEOUT_SECONDS
            while self._group_alive() and time.monotonic() < deadline:
                time.sleep(0.05)
        self.start()

    def _group_alive(self) -> bool:
        """Return whether a process of this process's group has not exited yet."""
        assert self.popen is not None
        try:
            os.killpg(self.popen.pid, 0)
        except ProcessLookupError:
            return False
        return True

    def _kill_group(self) -> None:
        """SIGKILL what is left of the group this process leads (pool children)."""
        assert self.popen is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGKILL)

    def exit_message(self) -> str | None:
        """Return why the process is gone (code and log tail), or None while it runs."""
        if self.popen is None or self.popen.poll() is None:
            return None
        tail = "\n".join(self.log.read_text(errors="replace").splitlines()[-30:])
        return f"{self.name} exited with code {self.popen.returncode}; end of {self.log}:\n{tail}"


class Stack:
    """The service's processes (web, workers, beat) on a given database and broker."""

    def __init__(self, folder: Path, env: Mapping[str, str], *, port: int | None = None,
                 workers: int = 2, concurrency: int = 2, web_workers: int = 2,
                 celery_app: str = "worker") -> None:
        self.folder = folder
        self.port = port or free_port()
        self.env = {**os.environ, "PYTHONUNBUFFERED": "1", **env}
        folder.mkdir(parents=True, exist_ok=True)
        logs = folder / "logs"
        logs.mkdir(exist_ok=True)
        self.web = Process("web", [
            sys.executable, "-m", "gunicorn", "--config", str(GUNICORN_CONFIG),
            "--bind", f"{HOST}:{self.port}",
            "--workers", str(web_workers),
            "--no-control-socket", "worker:create_web_app()",
        ], self.env, logs / "web.log")
        self.workers = [
            Process(f"worker{n}", [
                *CELERY, celery_app, "worker", "--loglevel", "INFO",
                "--hostname", f"worker{n}@%h",
                "--concurrency", str(concurrency), "--without-mingle", "--without-gossip",
            ], self.env, logs / f"worker{n}.log")
            for n in range(1, workers + 1)
        ]
        self.beat = Process("beat", [
            *CELERY, "worker", "beat", "--loglevel", "INFO",
            "--schedule", str(folder / "beat-schedule"),
        ], self.env, logs / "beat.log")

    @property
    def base_url(self) -> str:
        """Return the web process's address, ``http://127.0.0.1:<port>``."""
        return f"http://{HOST}:{self.port}"

    @property
    def processes(self) -> list[Process]:
        """Return every process of the stack."""
        return [self.web, *self.workers, self.beat]

    def migrate(self) -> None:
        """Build or upgrade the database schema (``python -m service.migrate upgrade``)."""
        subprocess.run([sys.executable, "-m", "service.migrate", "upgrade"], cwd=ROOT,
                       env=self.env, check=True, stdout=subprocess.DEVNULL)

    def start(self) -> None:
        """Migrate, start every process, and wait until the web process answers."""
        self.migrate()
        for process in self.processes:
            process.start()
        wait_for_port(self.port, timeout=60, gave_up=self.web.exit_message)

    def stop(self) -> None:
        """Stop every process."""
        for process in self.processes:
            process.stop()

    def exited(self) -> str | None:
        """Return why a process that should run has exited, or None when all run."""
        for process in self.processes:
            message = process.exit_message()
            if message is not None:
                return message
        return None

    def supervise(self) -> list[str]:
        """Restart every process that has exited (its whole group first, see
        :meth:`Process.restart`); return why each was restarted."""
        reasons = []
        for process in self.processes:
            message = process.exit_message()
            if message is not None:
                reasons.append(message)
                process.restart()
        return reasons


class Shape:
    """PostgreSQL and Redis made for the run, and the :class:`Stack` on them."""

    def __init__(self, folder: Path, *, port: int | None = None, workers: int = 2,
                 env: Mapping[str, str] | None = None) -> None:
        self.folder = folder
        (folder / "redis").mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            os.chmod(folder, 0o755)  # PostgreSQL runs as postgres and must reach its folder
        self.postgres = PostgresServer(folder / "postgres")
        self.redis = RedisServer(folder / "redis")
        self.port, self.workers, self.extra_env = port, workers, dict(env or {})
        self.stack: Stack | None = None

    def start(self) -> Stack:
        """Start the servers, make the database, then the stack; return the stack."""
        self.postgres.start()
        self.redis.start()
        database = self.postgres.create_database("fearsome_floors")
        env = {
            "FF_DATABASE_URL": database,
            "FF_CELERY_BROKER_URL": self.redis.url,
            "FF_CELERY_RESULT_BACKEND": self.redis.url,
            "FF_RATELIMIT_STORAGE_URI": self.redis.url,
            "FF_SECRET_KEY": secrets.token_hex(32),
            "FF_MAIL_DIR": str(self.folder / "mail"),
            **self.extra_env,
        }
        port = self.port or free_port()
        env.setdefault("FF_PUBLIC_URL", f"http://{HOST}:{port}")
        self.stack = Stack(self.folder / "service", env, port=port, workers=self.workers)
        self.stack.start()
        return self.stack

    def stop(self) -> None:
        """Stop the stack, then Redis and PostgreSQL."""
        if self.stack is not None:
            self.stack.stop()
        self.redis.stop()
        self.postgres.stop()


def main() -> int:
    """Start the shape, say where it is, and keep it running until Ctrl-C or SIGTERM."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, help="where data and logs go (default: a "
                        "new temporary folder)")
    parser.add_argument("--workers", type=int, default=2, help="Celery workers (default 2)")
    parser.add_argument("--port", type=int, help="the web port (default: a free one)")
    arguments = parser.parse_args()
    folder = arguments.folder or Path(tempfile.mkdtemp(prefix="ff-shape-"))
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop_signal, lambda signum, frame: sys.exit(0))
    shape = Shape(folder, port=arguments.port, workers=arguments.workers)
    try:
        stack = shape.start()
        print(f"\nThe production shape runs at {stack.base_url}/ (folder {folder})\n"
              f"  PostgreSQL {shape.postgres.url('fearsome_floors')}\n"
              f"  Redis {shape.redis.url}\n"
              f"  web (gunicorn), {arguments.workers} workers, 1 beat: logs in "
              f"{stack.folder / 'logs'}\n  press Ctrl-C to stop\n", flush=True)
        restarts: list[float] = []
        while True:
            for reason in stack.supervise():
                print(f"{reason}\nrestarted it", file=sys.stderr, flush=True)
                restarts.append(time.monotonic())
            restarts = [t for t in restarts if time.monotonic() - t < RESTART_WINDOW_SECONDS]
            if len(restarts) > RESTARTS_ALLOWED:
                print(f"more than {RESTARTS_ALLOWED} restarts within "
                      f"{RESTART_WINDOW_SECONDS:g} s; stopping", file=sys.stderr)
                return 1
            time.sleep(0.5)
    finally:
        for stop_signal in (signal.SIGINT, signal.SIGTERM):
            signal.signal(stop_signal, signal.SIG_IGN)
        shape.stop()


if __name__ == "__main__":
    sys.exit(main())
