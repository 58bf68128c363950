"""The service layer of live pages: a ticket for a page, and a game's stream of changes.

A viewer (any token of the game: a seat's, the creator's, the spectators') opens
``GET /api/v1/games/<id>/live`` with its token, or with a ticket (``service.features.live.tickets``)
from a page, and receives server-sent events::

    retry: 2000

    id: 17.4.0c9a31f2
    event: game
    data: {"version": 17, "messages": 4}

An ``id`` is the game's stamp (``service.features.live.hub``): an event is sent whenever the stamp
moves, so whatever a viewer could see changed (a move, a monster phase, a seat taken, a pause,
a deadline, a message at the table); the page then reads the game and the log from its own
cursors. A seat's page (a stream opened with a ticket) holds the seat's mail while it is
open (:mod:`.presence`). A token and a client address hold only so many streams open at
once (``LIVE_STREAMS_PER_*``, :mod:`.places`): one more is refused, 429
``live/too_many_streams``. A stream opened with ``Last-Event-ID`` (a browser's reconnection)
or ``?last=`` gets an event at once only if the game moved since; otherwise the first event
comes with the next change. A comment line goes out every ``LIVE_HEARTBEAT_SECONDS`` so
proxies and the browser know the stream is alive, and the stream ends after
``LIVE_STREAM_SECONDS`` (the browser reconnects by itself). The events carry nothing a
viewer may not see.
"""

from __future__ import annotations

import json
import math
import threading
import time
import uuid
import weakref
from collections.abc import Collection, Generator, Mapping
from datetime import timedelta
from typing import Any, Self

import redis
from flask import Flask, current_app

from service.features.live import tickets
from service.features.live.hub import CHANNEL, Hub, messages_of, read_stamps, version_of
from service.features.live.places import (
    Held,
    MemoryPlaces,
    Places,
    RedisPlaces,
    caps_of,
    too_many_streams,
)
from service.features.live.presence import REFRESH_SECONDS, Presence
from service.kernel import views
from service.kernel.auth import Caller, authenticate
from service.plumbing import clock
from service.plumbing.extensions import db
from service.plumbing.unit_of_work import read_transaction

_HUB = "ff_live_hub"
_PLACES = "ff_live_places"
_HUB_LOCK = threading.Lock()
_HUBS: weakref.WeakSet[Hub] = weakref.WeakSet()  # every hub of this process
RETRY_MS = 2000  # how long a browser waits before it reconnects a stream that ended


def redis_url(config: Mapping[str, Any]) -> str | None:
    """Return the Redis that carries the news of changed games, or None (poll instead)."""
    url = config.get("LIVE_REDIS_URL") or config.get("CELERY_BROKER_URL")
    return url if isinstance(url, str) and url.startswith(("redis://", "rediss://")) else None


class RedisPublisher:
    """Publishes the id of each changed game on :data:`~service.features.live.hub.CHANNEL`."""

    def __init__(self, url: str) -> None:
        # Short timeouts: a Redis that is down must not hold a player's request for long.
        self._client = redis.Redis.from_url(url, socket_timeout=1.0,
                                            socket_connect_timeout=1.0)

    def __call__(self, game_ids: Collection[str]) -> None:
        pipe = self._client.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.publish(CHANNEL, game_id)
        pipe.execute()


def init_places(app: Flask) -> None:
    """Count the app's open streams where every web process sees them: in the live pages'
    Redis when there is one, else in this process (:mod:`.places`)."""
    url = redis_url(app.config)
    app.extensions[_PLACES] = MemoryPlaces() if url is None else RedisPlaces(url)


def hub_of(app: Flask) -> Hub:
    """Return the process's hub of ``app``, making it the first time."""
    hub: Hub | None = app.extensions.get(_HUB)
    if hub is not None:
        return hub
    with _HUB_LOCK:
        if _HUB not in app.extensions:
            engine = db.engine
            url = redis_url(app.config)
            subscribe = None
            if url is not None:
                def subscribe() -> Any:
                    client = redis.Redis.from_url(url, socket_connect_timeout=2.0)
                    # redis ships type information but leaves pubsub unannotated.
                    subscription = client.pubsub(  # type: ignore[no-untyped-call]
                        ignore_subscribe_messages=True)
                    subscription.subscribe(CHANNEL)
                    _until_heard(client, subscription)
                    return subscription
            app.extensions[_HUB] = Hub(
                lambda ids: read_stamps(engine, ids),
                poll_seconds=float(app.config["LIVE_POLL_SECONDS"]),
                recheck_seconds=float(app.config["LIVE_RECHECK_SECONDS"]),
                subscribe=subscribe)
            _HUBS.add(app.extensions[_HUB])
        hub = app.extensions[_HUB]
    return hub


def _until_heard(client: redis.Redis, subscription: Any, timeout: float = 2.0) -> None:
    """Return once the subscription hears the channel: a marker published on it comes back.

    Redis takes a SUBSCRIBE when it gets to it; news published before that is not delivered.
    The hub reads every watched game right after subscribing, so a change committed before
    that read is found by it, and one committed after it is heard, but only once the
    subscription is live: hence this wait. (Other processes skip the marker: no game has
    such an id.)
    """
    marker = f"hello:{uuid.uuid4().hex}"
    client.publish(CHANNEL, marker)
    ends = time.monotonic() + timeout
    while (left := ends - time.monotonic()) > 0:
        message = subscription.get_message(timeout=left)
        if message is not None and message.get("data") in (marker, marker.encode()):
            return


def end_streams() -> None:
    """End every open stream of this process at once: it is stopping (gunicorn's worker
    hook, deploy/gunicorn.conf.py), and a stream would otherwise hold it until its next
    heartbeat. The browsers reconnect to another process."""
    for hub in list(_HUBS):
        hub.close()


def ticket_for(game_id: str, token: str | None, etag: str | None = None) -> dict[str, Any]:
    """Return a ticket that opens the game's stream for the token's holder, and its address.

    With ``etag`` (the ETag of the game as the page last read it), the answer says whether
    the game as the holder reads it now differs (``changed``), and the stream's address names
    the game's stamp as it was just before (``last``): the stream then tells only what changed
    after it. Read in that order, a change between the page's read and its stream shows either
    as ``changed`` or as the stream's first event, never as nothing (a change of the version
    alone was told before; a pause or a host change in that instant was not).
    """
    stamp = read_stamps(db.engine, [game_id]).get(game_id)
    with read_transaction() as session:
        game, caller = authenticate(session, game_id, token)
        now_read = views.etag_header(views.etag(game, caller))
    lifetime = timedelta(seconds=float(current_app.config["LIVE_TICKET_SECONDS"]))
    ticket, expires = tickets.issue(game_id, caller.token_hash, clock.now(), lifetime)
    url = f"/api/v1/games/{game_id}/live?ticket={ticket}"
    answer: dict[str, Any] = {"ticket": ticket, "expires_at": clock.iso(expires),
                              "messages": 0 if stamp is None else messages_of(stamp)}
    if etag is not None:
        answer["changed"] = etag != now_read
        if stamp is not None:
            url += f"&last={stamp}"
    return {**answer, "url": url}


def open_stream(game_id: str, token: str | None, ticket: str | None,
                last_event_id: str | None, client: str) -> Stream:
    """Check the caller (a token, else a ticket), take the stream's places under its
    token's and its client address's caps, and return the game's event stream, which
    gives the places back when it is closed.

    The check runs now, in its own transaction, and so does the mark of a seat's page
    (a ticket's stream: :mod:`.presence`); the stream holds no database connection. Raises
    ``live/too_many_streams`` (429) when a cap is full.
    """
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    page = None
    with read_transaction() as session:
        if token is None and ticket is not None:
            caller = page = tickets.caller_of(session, game_id, ticket, clock.now())
        else:
            _game, caller = authenticate(session, game_id, token)
    heartbeat = float(app.config["LIVE_HEARTBEAT_SECONDS"])
    held = _take_places(app, caller, client, heartbeat)
    try:
        presence = None if page is None else Presence.of_page(app, game_id, page)
    except BaseException:
        held.free()
        raise
    db.session.remove()
    events = _events(hub_of(app), game_id, last_event_id, heartbeat=heartbeat,
                     lifetime=float(app.config["LIVE_STREAM_SECONDS"]), presence=presence,
                     held=held)
    return Stream(events, held)


class Stream:
    """A stream's events, holding its places until the server closes it (as every WSGI
    server does, whether the stream ran out, the client went away, or it never started)."""

    def __init__(self, events: Generator[str, None, None], held: Held) -> None:
        self._events, self._held = events, held

    def __iter__(self) -> Self:
        """Return the stream itself: it is its own iterator."""
        return self

    def __next__(self) -> str:
        """Return the next event or comment."""
        return next(self._events)

    def close(self) -> None:
        """End the stream and give its places back."""
        try:
            self._events.close()
        finally:
            self._held.free()


def _take_places(app: Flask, caller: Caller, client: str, heartbeat: float) -> Held:
    """Take the stream's places, leased for three heartbeats (it renews them at least
    every heartbeat), or raise ``live/too_many_streams`` naming the cap that is full."""
    places: Places = app.extensions[_PLACES]
    held = Held(places, uuid.uuid4().hex, caps_of(app.config, caller, client),
                lease=3 * heartbeat + 2)
    full = places.take(held.stream, held.caps, held.lease)
    if full is not None:
        raise too_many_streams(full, retry_after=math.ceil(2 * heartbeat))
    return held


def event(stamp: str) -> str:
    """Return the server-sent event of a game's stamp."""
    data = json.dumps({"version": version_of(stamp), "messages": messages_of(stamp)})
    return f"id: {stamp}\nevent: game\ndata: {data}\n\n"


def _events(hub: Hub, game_id: str, last_event_id: str | None, *, heartbeat: float,
            lifetime: float, presence: Presence | None, held: Held) -> Generator[str, None, None]:
    ends = time.monotonic() + lifetime
    if presence is not None:  # wake often enough to keep the seat's page marked
        heartbeat = min(heartbeat, REFRESH_SECONDS)
    with held, hub.watching(game_id) as stamp:  # the places go back before the last byte
        yield f"retry: {RETRY_MS}\n\n"
        seen = last_event_id
        while True:
            if stamp is not None and stamp != seen:
                yield event(stamp)
                seen = stamp
            if presence is not None:  # after a write that went through: the page is there
                presence.keep()
            held.keep()
            left = ends - time.monotonic()
            if left <= 0:
                return
            stamp = hub.wait(game_id, seen, min(heartbeat, left))
            if hub.closing:
                return
            if stamp == seen:
                yield ": still here\n\n"
