"""How many live streams are open at once, per token and per client address.

A stream takes a *place* under each of its caps (:func:`caps_of`: its token's, its client
address's, as ``LIVE_STREAMS_PER_*`` set them) before it sends its first byte, or is refused
(:func:`too_many_streams`, 429), and gives them back when it ends,
however it ends: its hour is up, the client went away (its next heartbeat fails and the
server closes the stream), or its process stops. A place is a lease: the stream renews it
whenever a third of it has passed (it wakes at least every heartbeat), and a place whose
stream stopped renewing it (a process killed with SIGKILL) lapses by itself.

Where the places are counted decides whether every web process sees the same count:

* with Redis (:class:`RedisPlaces`: the live pages' Redis, ``LIVE_REDIS_URL``, else a
  Redis broker's), one sorted set per cap, ``ff:live:open:<scope>:<key>``, its members
  the streams holding a place, each scored by the end of its lease in Redis's own clock.
  Taking places is one script, so two processes never both take the last place: it drops
  the lapsed members, refuses if a set is full, else adds the stream to every set. If
  Redis cannot be reached, the stream opens without a place and the log says so: a Redis
  restart must not close every page (the hub polls the database meanwhile);
* without Redis (``make run``: one gunicorn process, ``deploy/local.py``), in the process's
  memory (:class:`MemoryPlaces`), with the same leases. With several web processes and no
  Redis, each would count its own streams (as the rate limits would): every shape with
  several (compose, the production shape, the cluster) has Redis.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self

import redis

from service.kernel.auth import SPECTATOR, Caller
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.keyring import keyed_hash
from service.plumbing.limits import client_network

log = logging.getLogger(__name__)

TOKEN = "token"
ADDRESS = "address"
KEY_PREFIX = "ff:live:open"

# KEYS: a sorted set per cap; ARGV: the stream, its lease in seconds, each cap's most.
# Returns 0 when the stream took a place under every cap, else the number of the full cap.
_TAKE = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local lease = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[i + 2]) then
    return i
  end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + lease, ARGV[1])
  redis.call('EXPIRE', key, math.ceil(lease) + 1)
end
return 0
"""
# KEYS: the stream's sorted sets; ARGV: the stream, its lease in seconds.
_RENEW = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + tonumber(ARGV[2]), ARGV[1])
  redis.call('EXPIRE', key, math.ceil(tonumber(ARGV[2])) + 1)
end
return 0
"""


@dataclass(frozen=True)
class Cap:
    """At most ``most`` streams open at once under ``key`` (a token's hash, a client
    address's keyed hash) in ``scope`` (:data:`TOKEN` or :data:`ADDRESS`)."""

    scope: str
    key: str
    most: int

    @property
    def name(self) -> str:
        """Return the cap's name in the store: ``ff:live:open:<scope>:<key>``."""
        return f"{KEY_PREFIX}:{self.scope}:{self.key}"


class Places(Protocol):
    """Where the places of open streams are counted."""

    def take(self, stream: str, caps: Sequence[Cap], lease: float) -> Cap | None:
        """Take a place under every cap for ``stream``, for ``lease`` seconds; or take none
        and return the first cap that is full."""

    def renew(self, stream: str, caps: Sequence[Cap], lease: float) -> None:
        """Hold ``stream``'s places ``lease`` seconds more."""

    def free(self, stream: str, caps: Sequence[Cap]) -> None:
        """Give back ``stream``'s places."""


class MemoryPlaces:
    """Places counted in this process (the embedded single-machine shape)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: dict[str, dict[str, float]] = {}  # cap name -> stream -> lease's end

    def take(self, stream: str, caps: Sequence[Cap], lease: float) -> Cap | None:
        """Take a place under every cap, or none (see :class:`Places`)."""
        now = time.monotonic()
        with self._lock:
            for cap in caps:
                held = self._held.setdefault(cap.name, {})
                for lapsed in [other for other, end in held.items() if end <= now]:
                    del held[lapsed]
                if len(held) >= cap.most:
                    return cap
            for cap in caps:
                self._held[cap.name][stream] = now + lease
        return None

    def renew(self, stream: str, caps: Sequence[Cap], lease: float) -> None:
        """Hold the stream's places longer (see :class:`Places`)."""
        end = time.monotonic() + lease
        with self._lock:
            for cap in caps:
                self._held.setdefault(cap.name, {})[stream] = end

    def free(self, stream: str, caps: Sequence[Cap]) -> None:
        """Give the stream's places back (see :class:`Places`)."""
        with self._lock:
            for cap in caps:
                held = self._held.get(cap.name, {})
                held.pop(stream, None)
                if not held:
                    self._held.pop(cap.name, None)


class RedisPlaces:
    """Places counted in Redis, shared by every web process (see the module's docstring)."""

    def __init__(self, url: str) -> None:
        # Short timeouts: a Redis that is down must not hold a page's request for long.
        client = redis.Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0)
        self._client = client
        self._take = client.register_script(_TAKE)
        self._renew = client.register_script(_RENEW)

    def take(self, stream: str, caps: Sequence[Cap], lease: float) -> Cap | None:
        """Take a place under every cap, or none (see :class:`Places`); without Redis, let
        the stream open without one."""
        if not caps:
            return None
        try:
            full = int(self._take(keys=[cap.name for cap in caps],
                                  args=[stream, lease, *(cap.most for cap in caps)]))
        except redis.RedisError as error:
            log.warning("live stream opened uncounted: Redis unreachable (%s)", error)
            return None
        return caps[full - 1] if full else None

    def renew(self, stream: str, caps: Sequence[Cap], lease: float) -> None:
        """Hold the stream's places longer (see :class:`Places`); a failure is logged, and
        the next wake tries again."""
        if caps:
            self._quietly("renewed", self._renew, keys=[cap.name for cap in caps],
                          args=[stream, lease])

    def free(self, stream: str, caps: Sequence[Cap]) -> None:
        """Give the stream's places back (see :class:`Places`); what a failure leaves
        lapses with its lease."""
        if caps:
            pipe = self._client.pipeline(transaction=False)
            for cap in caps:
                pipe.zrem(cap.name, stream)
            self._quietly("freed", pipe.execute)

    @staticmethod
    def _quietly(done: str, call: Any, **arguments: Any) -> None:
        try:
            call(**arguments)
        except redis.RedisError as error:
            log.warning("live stream's places not %s: Redis unreachable (%s)", done, error)


@dataclass
class Held:
    """The places one open stream holds: renewed while it runs, freed once (:meth:`free`)."""

    places: Places
    stream: str
    caps: Sequence[Cap]
    lease: float
    _renewed: float = field(default_factory=time.monotonic)
    _freed: bool = False

    def keep(self) -> None:
        """Renew the lease when a third of it has passed."""
        if not self._freed and time.monotonic() - self._renewed >= self.lease / 3:
            self.places.renew(self.stream, self.caps, self.lease)
            self._renewed = time.monotonic()

    def free(self) -> None:
        """Give the places back (once; later calls do nothing)."""
        if not self._freed:
            self._freed = True
            self.places.free(self.stream, self.caps)

    def __enter__(self) -> Self:
        """Hold the places for the ``with`` block."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Give the places back, however the block ended."""
        self.free()


def caps_of(config: Mapping[str, Any], caller: Caller, client: str) -> list[Cap]:
    """Return the caps a stream of ``caller`` from ``client`` (an address) counts under:
    its token's (a spectators' token is shared, and has its own) and its address's (an
    IPv6 one by its /64), each unless set to None."""
    per_token = config["LIVE_STREAMS_PER_SPECTATOR_TOKEN" if caller.kind == SPECTATOR
                       else "LIVE_STREAMS_PER_TOKEN"]
    per_address = config["LIVE_STREAMS_PER_ADDRESS"]
    caps = []
    if per_token is not None:
        caps.append(Cap(TOKEN, caller.token_hash, int(per_token)))
    if per_address is not None:
        caps.append(Cap(ADDRESS, keyed_hash("live-client", client_network(client)),
                        int(per_address)))
    return caps


def too_many_streams(cap: Cap, retry_after: int) -> ServiceError:
    """Return the refusal of a stream past ``cap``, with when a closed page's place is
    surely free again (a closed page is noticed at the stream's next heartbeat or two)."""
    if cap.scope == TOKEN:
        message = _("Too many live pages of this game are open with this link (at most "
                    "%(most)d at once). Close one, then try again in a minute.", most=cap.most)
    else:
        message = _("Too many live pages are open from your network (at most %(most)d at "
                    "once). Close one, then try again in a minute.", most=cap.most)
    return ServiceError("live/too_many_streams", message,
                        {"scope": cap.scope, "most": cap.most, "retry_after": retry_after},
                        {"Retry-After": str(retry_after)})
