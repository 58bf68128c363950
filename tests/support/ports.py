"""Loopback ports: find a free one, wait until one accepts connections."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

HOST = "127.0.0.1"


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def accepts_connections(port: int, host: str = HOST) -> bool:
    """Return whether a server accepts a TCP connection to ``host:port`` now.

    A connection that met itself does not count: connecting to a port nobody listens on
    can succeed when the kernel picks that very port as the source (TCP simultaneous open),
    which looks like a server but is none. A port from :func:`free_port` lies in the range
    the kernel picks source ports from, so polling it while its server starts can meet
    this (a CI run saw a "new master binds" check pass before gunicorn had even started).
    """
    try:
        with socket.create_connection((host, port), timeout=1.0) as sock:
            return bool(sock.getsockname() != sock.getpeername())
    except OSError:
        return False


def wait_for_port(
    port: int,
    host: str = HOST,
    timeout: float = 30.0,
    gave_up: Callable[[], str | None] = lambda: None,
) -> None:
    """Wait until ``host:port`` accepts TCP connections; raise ``TimeoutError`` after ``timeout``.

    ``gave_up`` is asked between tries; when it returns a message (say, the server process
    exited), waiting stops at once with a ``RuntimeError`` carrying that message.
    """
    deadline = time.monotonic() + timeout
    while not accepts_connections(port, host):
        reason = gave_up()
        if reason is not None:
            raise RuntimeError(reason)
        if time.monotonic() > deadline:
            raise TimeoutError(f"nothing accepted connections on {host}:{port} in {timeout} s")
        time.sleep(0.05)
