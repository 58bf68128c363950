"""Start the production shape on one machine, on loopback, without Docker.

The same processes as ``deploy/compose.yaml``: PostgreSQL (a cluster made with ``initdb`` at
the first start, run as the ``postgres`` user when we are root, durable), Redis (broker,
result backend and rate-limit store), gunicorn serving ``worker.create_web_app()``, two
Celery workers, exactly one beat and the mail-in SMTP receiver, all on 127.0.0.1, all in one
folder (data, secret key, logs, mail). Run it with ``deploy/production-shape [--folder DIR]
[--workers N] [--port PORT] [--postgres-port P] [--redis-port P] [--mailin-port P]
[--mailin smtp|imap]``; ``--mailin imap`` runs the IMAP door (``python -m worker.imap``,
reading the mailbox the ``FF_MAILIN_IMAP_*`` variables of the environment name) instead of
the SMTP receiver. Ctrl-C stops it, and starting it again on the same folder goes on with
its games. It supervises its processes: one that exits is restarted, its whole process group
killed first (a gunicorn master killed with SIGKILL leaves no worker holding the port), and
so are PostgreSQL and Redis (a postmaster that stopped, even cleanly on SIGINT, is reaped and
started again on its data, and the restart is said); one that cannot start again stops the
shape with its reason and exit code 1.

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
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the repository importable
    sys.path.insert(0, str(ROOT))

from service.plumbing.keyring import kept_in_file  # noqa: E402
from service.plumbing.vapid import new_private_key  # noqa: E402
from tests.support.ports import HOST, free_port, wait_for_port  # noqa: E402
from tests.support.postgres_server import PostgresServer  # noqa: E402
from tests.support.redis_server import RedisServer  # noqa: E402

# --quiet: no banner (plain text amid the JSON lines of FF_LOG_FORMAT=json); then the app.
CELERY = [sys.executable, "-m", "celery", "--quiet", "--app"]
# worker.beat_scheduler.SCHEDULER, spelled out: the supervisor imports none of the service.
BEAT_SCHEDULER = "worker.beat_scheduler:HeartbeatScheduler"
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
                 celery_app: str = "worker", mailin_port: int | None = None,
                 imap: bool = False) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.env = {**os.environ, "PYTHONUNBUFFERED": "1", **env}
        self.beat_schedule = folder / "beat-schedule"
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
        # Beat's scheduler touches a heartbeat file at every tick, beside its schedule file:
        # `python -m worker.health beat --schedule <beat_schedule>` reads its age.
        self.beat = Process("beat", [
            *CELERY, "worker", "beat", "--loglevel", "INFO",
            "--schedule", str(self.beat_schedule), "--scheduler", BEAT_SCHEDULER,
        ], self.env, logs / "beat.log")
        # The SMTP door of play by email, when the stack is given a port for it.
        self.mailin = None if mailin_port is None else Process(
            "mailin", [sys.executable, "-m", "worker.smtpd"],
            {**self.env, "FF_MAILIN_SMTP_HOST": HOST, "FF_MAILIN_SMTP_PORT": str(mailin_port)},
            logs / "mailin.log")
        self.mailin_port = mailin_port
        # The IMAP door (FF_MAILIN_IMAP_*), when asked for. It touches a heartbeat file while
        # it reaches its mailbox: `python -m worker.health imap --heartbeat <imap_heartbeat>`.
        self.imap_heartbeat = folder / "mailin-imap.heartbeat"
        self.imap = None if not imap else Process(
            "mailin-imap", [sys.executable, "-m", "worker.imap",
                            "--heartbeat", str(self.imap_heartbeat)],
            self.env, logs / "mailin-imap.log")

    @property
    def base_url(self) -> str:
        """Return the web process's address, ``http://127.0.0.1:<port>``."""
        return f"http://{HOST}:{self.port}"

    @property
    def processes(self) -> list[Process]:
        """Return every process of the stack."""
        return [self.web, *self.workers, self.beat,
                *(door for door in (self.mailin, self.imap) if door is not None)]

    def migrate(self) -> None:
        """Build or upgrade the database schema (``python -m service.migrate upgrade``)."""
        subprocess.run([sys.executable, "-m", "service.migrate", "upgrade"], cwd=ROOT,
                       env=self.env, check=True, stdout=subprocess.DEVNULL)

    def start(self) -> None:
        """Migrate, start every process, and wait until the web process answers (and the
        mail doors: the receiver takes connections, the IMAP door has reached its mailbox)."""
        self.migrate()
        self.imap_heartbeat.unlink(missing_ok=True)  # a run before left its own
        for process in self.processes:
            process.start()
        wait_for_port(self.port, timeout=60, gave_up=self.web.exit_message)
        if self.mailin is not None and self.mailin_port is not None:
            wait_for_port(self.mailin_port, timeout=60, gave_up=self.mailin.exit_message)
        if self.imap is not None:
            wait_for_file(self.imap_heartbeat, timeout=60, gave_up=self.imap.exit_message)

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
        return restart_exited(self.processes)


class Shape:
    """PostgreSQL and Redis made for the run, and the :class:`Stack` on them.

    Everything lives in ``folder``, so a shape started again on the same folder finds its
    database, its games and its secret key (``folder/secret-key``, made at the first start:
    a new key would break every link and reply address already mailed). ``durable`` runs
    PostgreSQL with its own safe settings (the command line's choice); the tests and
    benchmarks run it fast and fragile. Every port may be given; a port not given is a
    free one.
    """

    def __init__(self, folder: Path, *, port: int | None = None, workers: int = 2,
                 env: Mapping[str, str] | None = None, durable: bool = False,
                 postgres_port: int | None = None, redis_port: int | None = None,
                 mailin_port: int | None = None, imap: bool = False) -> None:
        self.folder = folder
        (folder / "redis").mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            os.chmod(folder, 0o755)  # PostgreSQL runs as postgres and must reach its folder
        self.postgres = PostgresServer(folder / "postgres", postgres_port, durable=durable)
        self.redis = RedisServer(folder / "redis", redis_port)
        self.port, self.workers, self.extra_env = port, workers, dict(env or {})
        self.mailin_port, self.imap = mailin_port, imap
        self.stack: Stack | None = None

    @property
    def key_file(self) -> Path:
        """Where the shape keeps its secret key."""
        return self.folder / "secret-key"

    def secret_key(self) -> str:
        """The shape's secret key: the one in :attr:`key_file`, made there (readable by its
        owner only) at the first start."""
        return kept_secret_key(self.key_file)

    def start(self) -> Stack:
        """Start the servers, make the database if it is not there, then the stack; return
        the stack."""
        self.postgres.start()
        self.redis.start()
        database = self.postgres.create_database("fearsome_floors", exist_ok=True)
        env = {
            "FF_DATABASE_URL": database,
            "FF_CELERY_BROKER_URL": self.redis.url,
            "FF_CELERY_RESULT_BACKEND": self.redis.url,
            "FF_RATELIMIT_STORAGE_URI": self.redis.url,
            "FF_SECRET_KEY": self.secret_key(),
            "FF_VAPID_PRIVATE_KEY": kept_vapid_key(self.folder / "vapid-private-key"),
            "FF_MAIL_DIR": str(self.folder / "mail"),
            **self.extra_env,
        }
        port = self.port or free_port()
        env.setdefault("FF_PUBLIC_URL", f"http://{HOST}:{port}")
        self.stack = Stack(self.folder / "service", env, port=port, workers=self.workers,
                           mailin_port=self.mailin_port, imap=self.imap)
        self.stack.start()
        return self.stack

    def supervise(self) -> list[str]:
        """Start again PostgreSQL or Redis if it has exited (PostgreSQL on its data, Redis
        empty: it is the broker, and the outbox sends again what it held), then the stack's
        processes that exited; return why each was restarted. A server that cannot be started
        again raises ``RuntimeError`` saying why: the shape stops rather than run without it."""
        reasons = []
        for name, server in (("PostgreSQL", self.postgres), ("Redis", self.redis)):
            message = server.exit_message()
            if message is None:
                continue
            reasons.append(f"{name}: {message}")
            try:
                server.start()
            except Exception as error:
                raise RuntimeError(f"{name} exited and could not be started again: "
                                   f"{error}") from error
        return reasons + (self.stack.supervise() if self.stack is not None else [])

    def stop(self) -> None:
        """Stop the stack, then Redis and PostgreSQL."""
        if self.stack is not None:
            self.stack.stop()
        self.redis.stop()
        self.postgres.stop()


def restart_exited(processes: list[Process]) -> list[str]:
    """Restart every process of ``processes`` that has exited (its whole group first, see
    :meth:`Process.restart`); return why each was restarted."""
    reasons = []
    for process in processes:
        message = process.exit_message()
        if message is not None:
            reasons.append(message)
            process.restart()
    return reasons


def wait_for_file(path: Path, timeout: float, gave_up: Callable[[], str | None]) -> None:
    """Wait until ``path`` exists; raise ``RuntimeError`` at once when ``gave_up`` says why
    (the process exited), ``TimeoutError`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not path.exists():
        reason = gave_up()
        if reason is not None:
            raise RuntimeError(reason)
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path} did not appear in {timeout} s")
        time.sleep(0.05)


def kept_vapid_key(key_file: Path) -> str:
    """Return the Web Push (VAPID) private key kept in ``key_file``, made there (readable by
    its owner only) at the first start, base64url of a P-256 scalar as FF_VAPID_PRIVATE_KEY
    takes it: every device's subscription is bound to its public key."""
    return kept_in_file(key_file, new_private_key)


def kept_secret_key(key_file: Path) -> str:
    """Return the secret key kept in ``key_file``, made there (readable by its owner only)
    at the first start: a new key would break every link and reply address already mailed."""
    if not key_file.exists():
        descriptor = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_hex(32) + "\n")
    return key_file.read_text().strip()


def supervise_until_stopped(supervise: Callable[[], list[str]]) -> int:
    """Call ``supervise`` (restart what exited; return why each was) twice a second and say
    each restart, until a signal ends the process; return 1 when processes keep exiting
    (more than :data:`RESTARTS_ALLOWED` restarts within :data:`RESTART_WINDOW_SECONDS`) or a
    server cannot start again (``supervise`` raised ``RuntimeError``)."""
    restarts: list[float] = []
    while True:
        try:
            reasons = supervise()
        except RuntimeError as error:  # a server that cannot run again: stop, loudly
            print(f"{error}\nstopping", file=sys.stderr, flush=True)
            return 1
        for reason in reasons:
            print(f"{reason}\nrestarted it", file=sys.stderr, flush=True)
            restarts.append(time.monotonic())
        restarts = [t for t in restarts if time.monotonic() - t < RESTART_WINDOW_SECONDS]
        if len(restarts) > RESTARTS_ALLOWED:
            print(f"more than {RESTARTS_ALLOWED} restarts within "
                  f"{RESTART_WINDOW_SECONDS:g} s; stopping", file=sys.stderr)
            return 1
        time.sleep(0.5)


def main() -> int:
    """Start the shape, say where it is, and keep it running until Ctrl-C or SIGTERM."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, help="where data, key and logs go; start "
                        "again on the same folder to keep them (default: a new temporary "
                        "folder)")
    parser.add_argument("--workers", type=int, default=2, help="Celery workers (default 2)")
    parser.add_argument("--port", type=int, help="the web port (default: a free one)")
    parser.add_argument("--postgres-port", type=int, help="PostgreSQL's port (default: free)")
    parser.add_argument("--redis-port", type=int, help="Redis's port (default: a free one)")
    parser.add_argument("--mailin-port", type=int, help="the mail-in SMTP port (default: a "
                        "free one)")
    parser.add_argument("--mailin", choices=("smtp", "imap"), default="smtp",
                        help="the mail door: the SMTP receiver (default), or the IMAP door "
                        "reading the mailbox that FF_MAILIN_IMAP_* name")
    arguments = parser.parse_args()
    folder = arguments.folder or Path(tempfile.mkdtemp(prefix="ff-shape-"))
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop_signal, lambda signum, frame: sys.exit(0))
    shape = Shape(folder, port=arguments.port, workers=arguments.workers, durable=True,
                  postgres_port=arguments.postgres_port, redis_port=arguments.redis_port,
                  mailin_port=(arguments.mailin_port or free_port())
                  if arguments.mailin == "smtp" else None, imap=arguments.mailin == "imap")
    try:
        stack = shape.start()
        door = (f"SMTP {HOST}:{shape.mailin_port}" if shape.mailin_port else
                f"IMAP door (FF_MAILIN_IMAP_*), heartbeat {stack.imap_heartbeat}")
        print(f"\nThe production shape runs at {stack.base_url}/ (folder {folder})\n"
              f"  PostgreSQL {shape.postgres.url('fearsome_floors')} (durable: fsync on)\n"
              f"  Redis {shape.redis.url} (the broker: nothing to keep, the outbox resends)\n"
              f"  mail-in {door}\n"
              f"  secret key in {shape.key_file} (keep it: links and reply addresses need "
              f"it), push key in {folder / 'vapid-private-key'} (devices subscribe to it)\n"
              f"  web (gunicorn), {arguments.workers} workers, 1 beat, mail-in: logs in "
              f"{stack.folder / 'logs'}\n  press Ctrl-C to stop\n", flush=True)
        return supervise_until_stopped(shape.supervise)
    finally:
        for stop_signal in (signal.SIGINT, signal.SIGTERM):
            signal.signal(stop_signal, signal.SIG_IGN)
        shape.stop()


if __name__ == "__main__":
    sys.exit(main())
