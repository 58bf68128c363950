"""The hub of one web process: the current stamp of every game an open stream watches.

A *stamp* says what a viewer of a game could see change: the game's version, status, open
seats, pause and deadline, and its last message at the table (:func:`read_stamps`). Streams
wait on the hub (:meth:`Hub.wait`) instead of on the database; one thread per process keeps
the stamps:

* with Redis (the production shape), it listens on one channel where every process that
  commits a change of a game publishes the game's id (:class:`RedisPublisher`), reads the
  stamps of the games named and wakes their streams; every ``recheck`` seconds it also reads
  all watched stamps, so a message lost while Redis restarted costs latency, not news;
* without Redis (``make run``), it reads all watched stamps every ``poll`` seconds: one
  query for every game open in this process, none when no page is open.

The thread starts with the first stream and reads nothing while no stream is open. The
primitives are ``threading``'s, which gevent's monkey-patching turns into greenlet ones
under gunicorn's gevent worker (deploy/README.md, "Live pages").
"""

from __future__ import annotations

import logging
import sys
import threading
import time
import zlib
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, select

from service.features.talk.service import last_message_ids, muted_seats
from service.kernel.models import Game

log = logging.getLogger(__name__)

CHANNEL = "ff:live"
ReadStamps = Callable[[Collection[str]], dict[str, str]]


def read_stamps(engine: Engine, game_ids: Collection[str]) -> dict[str, str]:
    """Return the stamp of each game of ``game_ids`` that exists, in three small queries.

    A stamp is ``<version>.<last message>.<crc of the rest>``, the rest being the status,
    the open seats, the pause, the deadline, the last change by the host (``updated_at``)
    and the muted seats: it changes whenever a viewer's page would show something new.
    """
    if not game_ids:
        return {}
    ids = list(game_ids)
    with engine.connect() as connection:
        games = connection.execute(
            select(Game.id, Game.version, Game.status, Game.seats_open, Game.paused_at,
                   Game.move_deadline, Game.updated_at).where(Game.id.in_(ids))).all()
        talk = last_message_ids(connection, ids)
        muted = muted_seats(connection, ids)
        connection.rollback()
    stamps = {}
    for row in games:
        rest = (f"{row.status}|{row.seats_open}|{row.paused_at}|{row.move_deadline}|"
                f"{row.updated_at}|{muted.get(row.id)}")
        stamps[row.id] = f"{row.version}.{talk.get(row.id, 0)}.{zlib.crc32(rest.encode()):08x}"
    return stamps


def version_of(stamp: str) -> int:
    """Return the game version a stamp holds."""
    return int(stamp.partition(".")[0])


def messages_of(stamp: str) -> int:
    """Return the id of the last message at the table a stamp holds (0: none yet)."""
    return int(stamp.split(".")[1])


class Hub:
    """The stamps of the watched games of one process, and the thread that keeps them."""

    def __init__(self, read: ReadStamps, *, poll_seconds: float, recheck_seconds: float,
                 subscribe: Callable[[], Any] | None = None) -> None:
        """``read`` reads stamps; ``subscribe`` (Redis) returns a pub/sub object listening
        on :data:`CHANNEL`, or is None to poll every ``poll_seconds``."""
        self._read = read
        self._poll = poll_seconds
        self._recheck = recheck_seconds
        self._subscribe = subscribe
        self._lock = threading.Lock()
        self._conditions: dict[str, threading.Condition] = {}
        self._watchers: Counter[str] = Counter()
        self._stamps: dict[str, str] = {}
        self._dirty: set[str] = set()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self.closing = False  # set by close(): every stream ends
        self.reads = 0  # queries made by the thread (the tests and the benchmark count them)

    @contextmanager
    def watching(self, game_id: str) -> Iterator[str | None]:
        """Watch ``game_id`` while the block runs; yield its stamp now (None: no such game)."""
        with self._lock:
            self._watchers[game_id] += 1
            self._conditions.setdefault(game_id, threading.Condition(self._lock))
            known = self._stamps.get(game_id)
            self._start()
        if known is None:
            known = self._read([game_id]).get(game_id)
            with self._lock:
                if known is not None:
                    self._stamps.setdefault(game_id, known)
                known = self._stamps.get(game_id)
        try:
            yield known
        finally:
            with self._lock:
                self._watchers[game_id] -= 1
                if self._watchers[game_id] <= 0:
                    del self._watchers[game_id]
                    self._stamps.pop(game_id, None)
                    self._conditions.pop(game_id, None)

    def wait(self, game_id: str, seen: str | None, timeout: float) -> str | None:
        """Wait up to ``timeout`` seconds for the stamp of ``game_id`` (watched) to differ
        from ``seen``; return the stamp then (``seen`` when nothing changed)."""
        with self._lock:
            condition = self._conditions.get(game_id)
            if condition is None:
                return self._stamps.get(game_id)
            condition.wait_for(
                lambda: self.closing or self._stamps.get(game_id) != seen, timeout)
            return self._stamps.get(game_id)

    def close(self) -> None:
        """End every stream now (the process is stopping): waits return at once."""
        with self._lock:
            self.closing = True
            for condition in self._conditions.values():
                condition.notify_all()

    def poke(self, game_ids: Collection[str]) -> None:
        """Say that ``game_ids`` changed: their stamps are read again at once."""
        with self._lock:
            self._dirty.update(g for g in game_ids if g in self._watchers)
        self._wake.set()

    def watched(self) -> int:
        """Return how many games are watched now."""
        with self._lock:
            return len(self._watchers)

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="ff-live-hub", daemon=True)
            self._thread.start()
        self._wake.set()

    def _refresh(self, game_ids: Collection[str]) -> None:
        if not game_ids:
            return
        stamps = self._read(game_ids)
        self.reads += 1
        with self._lock:
            for game_id in game_ids:
                stamp = stamps.get(game_id)
                condition = self._conditions.get(game_id)
                if condition is None or stamp is None or self._stamps.get(game_id) == stamp:
                    continue
                self._stamps[game_id] = stamp
                condition.notify_all()

    def _take(self, everything: bool) -> list[str]:
        with self._lock:
            taken = list(self._watchers) if everything else [
                g for g in self._dirty if g in self._watchers]
            self._dirty.clear()
            return taken

    def _run(self) -> None:
        while True:
            try:
                if self._subscribe is None:
                    self._run_polling()
                else:
                    self._run_subscribed()
            except Exception:
                log.warning("live hub: reading the news failed (%s); trying again in a second",
                            sys.exc_info()[1])
                time.sleep(1.0)

    def _idle(self) -> None:
        """Sleep while no stream is open."""
        while self.watched() == 0:
            self._wake.wait(60)
            self._wake.clear()

    def _run_polling(self) -> None:
        while True:
            self._idle()
            self._refresh(self._take(everything=True))
            self._wake.wait(self._poll)
            self._wake.clear()

    def _run_subscribed(self) -> None:
        subscription = self._subscribe() if self._subscribe else None
        # (Re)subscribed: read everything at once, and again half a second later. A message
        # published while the first read runs, from this very process, was seen to go
        # missing now and then on a fresh subscription (redis-py 8.1 under gevent; not
        # understood), and the recheck would find it only seconds later.
        next_recheck = time.monotonic()
        settled = False
        try:
            while True:
                self._idle()
                everything = time.monotonic() >= next_recheck
                if everything:
                    next_recheck = time.monotonic() + (self._recheck if settled else 0.5)
                    settled = True
                self._refresh(self._take(everything))
                wait = max(0.0, min(1.0, next_recheck - time.monotonic()))
                message = subscription.get_message(timeout=wait) if subscription else None
                while message is not None:
                    if message.get("type") == "message":
                        data = message["data"]
                        self.poke([data.decode() if isinstance(data, bytes) else str(data)])
                    message = subscription.get_message(timeout=0) if subscription else None
        finally:
            if subscription is not None:
                subscription.close()
