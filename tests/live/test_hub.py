"""The hub of one web process, with a stand-in for the database and for Redis: streams wait
on it, it reads the stamps of watched games only, and only when there is news to look for."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Collection
from typing import Any

from service.features.live.hub import Hub, messages_of, version_of


class Stamps:
    """What the database holds, and a count of the reads (and of the ids read)."""

    def __init__(self, **stamps: str) -> None:
        self.stamps = dict(stamps)
        self.asked: list[list[str]] = []
        self.lock = threading.Lock()

    def __call__(self, ids: Collection[str]) -> dict[str, str]:
        with self.lock:
            self.asked.append(sorted(ids))
            return {i: self.stamps[i] for i in ids if i in self.stamps}


class Subscription:
    """A Redis pub/sub stand-in: ``say(game)`` is a message on the channel."""

    def __init__(self) -> None:
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.closed = False

    def say(self, game_id: str) -> None:
        self.messages.put({"type": "message", "data": game_id.encode()})

    def get_message(self, timeout: float = 0) -> dict[str, Any] | None:
        try:
            return self.messages.get(timeout=timeout) if timeout else self.messages.get_nowait()
        except queue.Empty:
            return None

    def close(self) -> None:
        self.closed = True


def test_a_stamp_holds_the_version_and_the_last_message() -> None:
    assert version_of("17.4.0c9a31f2") == 17
    assert messages_of("17.4.0c9a31f2") == 4


def test_polling_wakes_a_waiting_stream_when_its_game_changes() -> None:
    db = Stamps(a="1.0.x", b="5.0.x")
    hub = Hub(db, poll_seconds=0.02, recheck_seconds=60)
    with hub.watching("a") as first:
        assert first == "1.0.x"
        assert hub.wait("a", "1.0.x", 0.1) == "1.0.x"  # nothing new: the timeout
        threading.Timer(0.1, lambda: db.stamps.update(a="2.0.x")).start()
        started = time.monotonic()
        assert hub.wait("a", "1.0.x", 5) == "2.0.x"
        assert time.monotonic() - started < 2
    # Only the watched game was ever read.
    assert all(ids == ["a"] for ids in db.asked)


def test_an_unknown_game_is_watched_as_none() -> None:
    hub = Hub(Stamps(), poll_seconds=0.02, recheck_seconds=60)
    with hub.watching("nope") as stamp:
        assert stamp is None


def test_with_no_stream_open_the_hub_reads_nothing() -> None:
    db = Stamps(a="1.0.x")
    hub = Hub(db, poll_seconds=0.01, recheck_seconds=60)
    with hub.watching("a"):
        time.sleep(0.1)
    reads = hub.reads
    assert reads > 0
    time.sleep(0.3)
    assert hub.reads == reads  # asleep: no page open, no query


def test_subscribed_it_reads_the_game_named_and_rechecks_all_only_now_and_then() -> None:
    db = Stamps(a="1.0.x", b="1.0.y")
    subscription = Subscription()
    hub = Hub(db, poll_seconds=0.01, recheck_seconds=0.5, subscribe=lambda: subscription)
    with hub.watching("a"), hub.watching("b"):
        time.sleep(0.1)  # the first, full read after subscribing
        db.asked.clear()
        db.stamps.update(a="2.0.x", b="2.0.y")
        subscription.say("a")
        assert hub.wait("a", "1.0.x", 5) == "2.0.x"
        assert db.asked[0] == ["a"]  # the message named a: only a was read
        assert hub.wait("b", "1.0.y", 0.05) == "1.0.y"  # b's change was not announced...
        assert hub.wait("b", "1.0.y", 5) == "2.0.y"  # ...the recheck finds it
        assert ["a", "b"] in db.asked


def test_a_broken_subscription_is_made_again_and_everything_read_once_more() -> None:
    db = Stamps(a="1.0.x")
    made: list[Subscription] = []

    def subscribe() -> Subscription:
        if not made:
            made.append(Subscription())
            raise ConnectionError("redis is restarting")
        made.append(Subscription())
        return made[-1]

    hub = Hub(db, poll_seconds=0.01, recheck_seconds=60, subscribe=subscribe)
    with hub.watching("a"):
        db.stamps.update(a="2.0.x")
        # The first attempt fails; the second, a second later, reads every watched game.
        assert hub.wait("a", "1.0.x", 5) == "2.0.x"
    assert len(made) == 2
