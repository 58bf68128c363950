"""A real throwaway PostgreSQL cluster on a free loopback port, with trust authentication.

As root, the cluster belongs to the ``postgres`` user (PostgreSQL refuses to run as root): the
folder is made with ``tempfile.mkdtemp`` (its parent, the temporary folder, is open to all)
and handed to that user, and ``initdb`` and ``postgres`` are started as that user.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import psycopg
from psycopg import sql

from tests.support.binaries import find_program
from tests.support.ports import HOST, free_port
from tests.support.processes import ServerProcess

SUPERUSER = "postgres"
DEBIAN_BIN_PATTERN = "/usr/lib/postgresql/*/bin/initdb"


FAST_AND_FRAGILE = ["-c", "fsync=off", "-c", "synchronous_commit=off",
                    "-c", "full_page_writes=off"]
"""The settings of a throwaway cluster: a crash may lose or corrupt its data."""


class PostgresServer:
    """A PostgreSQL cluster in ``folder`` (data, sockets and log), made at the first start.

    A throwaway cluster by default: fsync, synchronous commits and full-page writes off,
    which only costs time in tests and benchmarks. ``durable=True`` keeps PostgreSQL's own
    defaults, for data that must outlive a crash (the production shape run by hand).
    """

    def __init__(self, folder: Path, port: int | None = None, *, durable: bool = False,
                 host: str = HOST, netns: str | None = None,
                 trusted_network: str | None = None, settings: Sequence[str] = ()) -> None:
        self.bin = Path(find_program("initdb", "postgresql", DEBIAN_BIN_PATTERN)).parent
        self.folder = folder
        self.durable = durable
        self.port = port if port is not None else free_port()
        self.host = host
        self.netns = netns  # a network namespace to run in (deploy/cluster), as root only
        # Logins from this network (CIDR) are trusted too, not only local ones.
        self.trusted_network = trusted_network
        # More server settings, NAME=VALUE each (a benchmark sizes the cache with them).
        self.settings = [flag for setting in settings for flag in ("-c", setting)]
        self.run_as = SUPERUSER if os.geteuid() == 0 else None
        self._process = ServerProcess("postgres", folder / "postgres.log")

    @property
    def data(self) -> Path:
        """Return the data folder of the cluster."""
        return self.folder / "data"

    @property
    def sockets(self) -> Path:
        """Return the folder of the server's unix socket (kept out of /var/run/postgresql)."""
        return self.folder / "sockets"

    @property
    def pid(self) -> int | None:
        """Return the process id of the postmaster (``None`` before the first start)."""
        return self._process.pid

    @property
    def is_running(self) -> bool:
        """Return whether the postmaster is alive."""
        return self._process.is_running

    def exit_message(self) -> str | None:
        """Return why the server is gone (its exit code and log's end; the exited process is
        reaped, not left a zombie), or None while it runs or before its first start."""
        return self._process.exit_message()

    def url(self, database: str) -> str:
        """Return the SQLAlchemy URL of ``database`` on this server."""
        return f"postgresql+psycopg://{SUPERUSER}@{self.host}:{self.port}/{database}"

    def start(self, timeout: float = 60.0) -> None:
        """Make the cluster if needed, start it, and wait until it answers queries."""
        if not (self.data / "PG_VERSION").exists():
            self._initdb()
        if self.trusted_network is not None:
            self._trust(self.trusted_network)
        argv = [
            str(self.bin / "postgres"),
            "-D", str(self.data),
            "-p", str(self.port),
            "-c", f"listen_addresses={self.host}",
            "-c", f"unix_socket_directories={self.sockets}",
            *([] if self.durable else FAST_AND_FRAGILE),
            *self.settings,
        ]
        if self.netns is None:
            self._process.start(argv, cwd=self.folder, user=self.run_as)
        else:
            # `ip netns exec` needs root: it enters the namespace, then setpriv becomes the
            # cluster's owner; both exec, so the process id stays the postmaster's.
            as_owner = [] if self.run_as is None else [
                "setpriv", "--reuid", self.run_as, "--regid", self.run_as, "--clear-groups"]
            self._process.start(["ip", "netns", "exec", self.netns, *as_owner, *argv],
                                cwd=self.folder)
        try:
            self._wait_until_ready(timeout)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Stop the postmaster with a fast shutdown (SIGINT to its own id) and wait for it."""
        self._process.stop(signal.SIGINT)

    def create_database(self, name: str, *, exist_ok: bool = False) -> str:
        """Create database ``name`` (unless ``exist_ok`` and it is there) and return its
        SQLAlchemy URL."""
        with self._connect("postgres") as connection:
            there = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                       (name,)).fetchone()
            if there is None or not exist_ok:
                connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def _initdb(self) -> None:
        """Make a fresh cluster owned by the user the server runs as, trusting local logins."""
        for folder in (self.folder, self.sockets):
            folder.mkdir(mode=0o700, exist_ok=True)
            if self.run_as is not None:
                account = pwd.getpwnam(self.run_as)
                os.chown(folder, account.pw_uid, account.pw_gid)
        result = subprocess.run(
            [
                str(self.bin / "initdb"),
                "-D", str(self.data),
                "-U", SUPERUSER,
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            ],
            cwd=self.folder,
            user=self.run_as,
            group=self.run_as,
            extra_groups=[] if self.run_as is not None else None,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            raise RuntimeError(
                f"initdb failed with code {result.returncode}:\n{result.stdout}{result.stderr}"
            )

    def _trust(self, network: str) -> None:
        """Trust logins from ``network`` (once: the line is added if it is not there)."""
        hba = self.data / "pg_hba.conf"
        line = f"host all all {network} trust"
        if line not in hba.read_text().splitlines():
            with hba.open("a") as file:
                file.write(line + "\n")

    def _connect(self, database: str) -> psycopg.Connection:
        """Return an autocommit connection to ``database`` as the superuser, over TCP."""
        return psycopg.connect(
            host=self.host, port=self.port, user=SUPERUSER, dbname=database,
            autocommit=True, connect_timeout=2,
        )

    def _wait_until_ready(self, timeout: float) -> None:
        """Wait until a query succeeds; fail at once if the postmaster exits."""
        deadline = time.monotonic() + timeout
        while True:
            reason = self._process.exit_message()
            if reason is not None:
                raise RuntimeError(reason)
            try:
                with self._connect("postgres") as connection:
                    connection.execute("SELECT 1")
                return
            except psycopg.OperationalError as error:
                if time.monotonic() > deadline:
                    raise TimeoutError(
                        f"PostgreSQL on port {self.port} not ready in {timeout} s: {error}"
                    ) from error
            time.sleep(0.1)


@contextmanager
def running_postgres(prefix: str = "ff-postgres-") -> Iterator[PostgresServer]:
    """Start a cluster in a new temporary folder; stop it and delete the folder afterwards.

    The folder comes from ``tempfile.mkdtemp`` rather than pytest's ``tmp_path``: pytest's
    folders are private to root, and the cluster runs as the ``postgres`` user.
    """
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        server = PostgresServer(folder)
        server.start()
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
