"""Loopback ports: find a free one, wait until one accepts connections or answers."""

from __future__ import annotations

import socket
import time
import urllib.error
import urllib.request
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


def wait_until(
    ready: Callable[[], bool],
    failure: str,
    timeout: float,
    gave_up: Callable[[], str | None] = lambda: None,
    pause: float = 0.05,
) -> None:
    """Poll ``ready()`` until it is true; raise ``TimeoutError(failure)`` after ``timeout``.

    ``gave_up`` is asked between tries; when it returns a message (say, the server process
    exited), waiting stops at once with a ``RuntimeError`` carrying that message.
    """
    deadline = time.monotonic() + timeout
    while not ready():
        reason = gave_up()
        if reason is not None:
            raise RuntimeError(reason)
        if time.monotonic() > deadline:
            raise TimeoutError(failure)
        time.sleep(pause)


def wait_for_port(
    port: int,
    host: str = HOST,
    timeout: float = 30.0,
    gave_up: Callable[[], str | None] = lambda: None,
) -> None:
    """Wait until ``host:port`` accepts TCP connections; raise ``TimeoutError`` after
    ``timeout``, or ``RuntimeError`` once ``gave_up`` says why (:func:`wait_until`)."""
    wait_until(lambda: accepts_connections(port, host),
               f"nothing accepted connections on {host}:{port} in {timeout} s", timeout, gave_up)


def wait_for_answer(
    url: str,
    timeout: float = 60.0,
    gave_up: Callable[[], str | None] = lambda: None,
) -> None:
    """Wait until a GET of ``url`` is answered 200; raise as :func:`wait_for_port` does.

    An open port says only that gunicorn's master has bound it: its worker may still be
    importing the app (seconds, when several processes start at once on two cores), and
    the first requests wait for it.
    """
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never a proxy

    def answered() -> bool:
        try:
            with direct.open(url, timeout=5.0) as answer:
                return bool(answer.status == 200)
        except (OSError, urllib.error.URLError):
            return False

    wait_until(answered, f"{url} was not answered 200 in {timeout} s", timeout, gave_up, 0.1)
