"""Helpers of the live tests: games made over HTTP, and a stream read line by line in a thread."""

from __future__ import annotations

import contextlib
import json
import queue
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

import requests

from tests.service.helpers import a_legal_action, token_of

TIMEOUT = 10


@dataclass
class HttpGame:
    """A game made through the API of a running service, with its tokens."""

    base: str  # the service's address, ending in /
    id: str
    creator: str
    spectator: str
    seats: list[str]

    def url(self, path: str = "") -> str:
        """Return the address of the game's resource ``path``."""
        return f"{self.base}api/v1/games/{self.id}{path}"

    def read(self, token: str | None = None) -> dict[str, Any]:
        """Return the game as ``token`` (the spectators' by default) sees it."""
        response = requests.get(self.url(), timeout=TIMEOUT, headers=bearer(
            token or self.spectator))
        response.raise_for_status()
        return response.json()

    def play_one(self) -> dict[str, Any]:
        """Submit one legal action for the seat to act; return the game after it."""
        view = self.read()
        response = requests.post(self.url("/actions"), timeout=TIMEOUT,
                                 headers=bearer(self.seats[view["to_move"]]),
                                 json={"expected_version": view["version"],
                                       "action": a_legal_action(view)})
        assert response.status_code == 201, response.text
        return response.json()["game"]


def bearer(token: str) -> dict[str, str]:
    """Return the Authorization header of ``token``."""
    return {"Authorization": f"Bearer {token}"}


def make_game(base: str, players: int = 2) -> HttpGame:
    """Create a started game of ``players`` named seats, seat 0 to begin."""
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"][:players]
    response = requests.post(f"{base}api/v1/games", timeout=TIMEOUT, json={
        "seats": [{"name": name} for name in names], "start_seat": 0})
    response.raise_for_status()
    body = response.json()
    return HttpGame(base, body["game"]["id"], body["creator_token"],
                    token_of(body["spectator_link"]),
                    [token_of(seat["link"]) for seat in body["seats"]])


@dataclass
class Event:
    """One server-sent event, or a comment (``comment`` set), as it arrived."""

    at: float
    id: str | None = None
    type: str | None = None
    data: dict[str, Any] | None = None
    comment: str | None = None
    retry: int | None = None


class Stream:
    """A live stream read in a daemon thread: its events arrive in ``events``."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self.response = requests.get(url, headers=headers or {}, stream=True,
                                     timeout=(TIMEOUT, 120))
        # The socket, to cut a read that waits for the server (a close alone waits for it):
        # http.client's response reads it through a SocketIO.
        self._socket = self.response.raw._fp.fp.raw._sock
        self.events: queue.Queue[Event | None] = queue.Queue()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        current: dict[str, Any] = {}
        try:
            for raw in self.response.iter_lines(decode_unicode=True):
                line = raw or ""
                if not line:
                    if current:
                        self.events.put(Event(time.monotonic(), **current))
                    current = {}
                elif line.startswith(":"):
                    self.events.put(Event(time.monotonic(), comment=line[1:].strip()))
                else:
                    name, _, value = line.partition(":")
                    value = value.removeprefix(" ")
                    if name == "data":
                        current["data"] = json.loads(value)
                    elif name == "event":
                        current["type"] = value
                    elif name == "id":
                        current["id"] = value
                    elif name == "retry":
                        current["retry"] = int(value)
        except (requests.RequestException, AttributeError, ValueError):
            pass  # closed by the test
        self.events.put(None)

    def next(self, timeout: float = TIMEOUT) -> Event | None:
        """Return the next event or comment (None: the stream ended); fail after ``timeout``."""
        return self.events.get(timeout=timeout)

    def next_event(self, timeout: float = TIMEOUT) -> Event:
        """Return the next event, skipping comments; fail if none comes within ``timeout``."""
        ends = time.monotonic() + timeout
        while True:
            item = self.events.get(timeout=max(0.01, ends - time.monotonic()))
            assert item is not None, "the stream ended"
            if item.comment is None and item.retry is None:
                return item

    def close(self) -> None:
        """Close the connection at once."""
        with contextlib.suppress(OSError):
            self._socket.shutdown(socket.SHUT_RDWR)
        self.response.close()
