"""A real throwaway redis-server on a free loopback port, without persistence."""

from __future__ import annotations

from pathlib import Path

import redis

from tests.support.binaries import find_program
from tests.support.ports import HOST, free_port, wait_for_port
from tests.support.processes import ServerProcess


class RedisServer:
    """A redis-server working in ``folder``; it keeps its port across ``restart``."""

    def __init__(self, folder: Path, port: int | None = None, *, host: str = HOST,
                 netns: str | None = None) -> None:
        self.program = find_program("redis-server", "redis-server")
        self.folder = folder
        self.port = port if port is not None else free_port()
        self.host = host
        self.netns = netns  # a network namespace to run in (deploy/cluster), as root only
        self._process = ServerProcess("redis-server", folder / "redis-server.log")

    @property
    def url(self) -> str:
        """Return the URL of database 0, as redis clients and Celery take it."""
        return f"redis://{self.host}:{self.port}/0"

    @property
    def pid(self) -> int | None:
        """Return the process id of the running server (``None`` before the first start)."""
        return self._process.pid

    @property
    def is_running(self) -> bool:
        """Return whether the server process is alive."""
        return self._process.is_running

    def exit_message(self) -> str | None:
        """Return why the server is gone (its exit code and log's end; the exited process is
        reaped, not left a zombie), or None while it runs or before its first start."""
        return self._process.exit_message()

    def start(self) -> None:
        """Start the server and wait until it accepts connections (else stop it and raise)."""
        in_namespace = [] if self.netns is None else ["ip", "netns", "exec", self.netns]
        self._process.start(
            [
                *in_namespace,
                self.program,
                "--port", str(self.port),
                "--bind", self.host,
                # Off the loopback (deploy/cluster's private bridge) Redis refuses clients
                # without a password unless told not to.
                *([] if self.host == HOST else ["--protected-mode", "no"]),
                "--save", "",
                "--appendonly", "no",
                "--dir", str(self.folder),
            ],
            cwd=self.folder,
        )
        try:
            wait_for_port(self.port, self.host, gave_up=self._process.exit_message)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Stop the server (SIGTERM to its own process id) and wait until it has exited."""
        self._process.stop()

    def restart(self) -> None:
        """Stop the server and start it again on the same port, with no data."""
        self.stop()
        self.start()

    def client(self) -> redis.Redis:
        """Return a new client of database 0."""
        return redis.Redis.from_url(self.url)

    def flush(self) -> None:
        """Delete every key in every database."""
        with self.client() as client:
            client.flushall()
