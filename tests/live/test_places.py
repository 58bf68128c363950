"""service.features.live.places: the places of open streams, in memory and in a real Redis
shared by two "processes": a cap holds, a stream takes all its places or none, a freed or a
lapsed place is free again, a Redis out of reach opens streams uncounted; and the caps a
stream counts under."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from service import create_app
from service.features.live.places import (
    ADDRESS,
    TOKEN,
    Cap,
    Held,
    MemoryPlaces,
    Places,
    RedisPlaces,
    caps_of,
    too_many_streams,
)
from service.kernel.auth import CREATOR, SEAT, SPECTATOR, Caller
from tests.support.keys import TEST_SECRET_KEY
from tests.support.redis_server import RedisServer

LEASE = 60.0


@pytest.fixture(params=["memory", "redis"])
def make_places(request: pytest.FixtureRequest) -> Iterator[Callable[[], Places]]:
    """Return a maker of stores that count the same places: each call a new "process"
    (with Redis, a new client of the same server; in memory, the one store)."""
    if request.param == "memory":
        store = MemoryPlaces()
        yield lambda: store
    else:
        server: RedisServer = request.getfixturevalue("redis_server")
        yield lambda: RedisPlaces(server.url)


def test_a_cap_holds_and_a_freed_place_is_free_again(
        make_places: Callable[[], Places]) -> None:
    one, other = make_places(), make_places()
    cap = Cap(TOKEN, "t" * 64, 2)
    assert one.take("a", [cap], LEASE) is None
    assert other.take("b", [cap], LEASE) is None
    assert one.take("c", [cap], LEASE) == cap
    other.free("a", [cap])  # another process frees it: the count is shared
    assert one.take("c", [cap], LEASE) is None


def test_a_stream_takes_all_its_places_or_none(make_places: Callable[[], Places]) -> None:
    places = make_places()
    token, address = Cap(TOKEN, "t" * 64, 5), Cap(ADDRESS, "a" * 64, 1)
    assert places.take("a", [token, address], LEASE) is None
    assert places.take("b", [token, address], LEASE) == address
    other_token = Cap(TOKEN, "u" * 64, 1)
    assert places.take("c", [other_token], LEASE) is None  # "b" took no token place either
    places.free("a", [token, address])
    assert places.take("b", [token, address], LEASE) is None


def test_a_place_whose_stream_stopped_renewing_it_lapses(
        make_places: Callable[[], Places]) -> None:
    places = make_places()
    cap = Cap(ADDRESS, "a" * 64, 1)
    assert places.take("killed", [cap], 0.3) is None
    assert places.take("next", [cap], LEASE) == cap
    time.sleep(0.4)
    assert places.take("next", [cap], LEASE) is None


def test_a_held_place_renews_its_lease_and_is_freed_once(
        make_places: Callable[[], Places]) -> None:
    places = make_places()
    cap = Cap(TOKEN, "t" * 64, 1)
    held = Held(places, "open", [cap], lease=0.6)
    assert places.take(held.stream, held.caps, held.lease) is None
    for _ in range(6):  # 1.2 s, twice the lease: each wake renews once a third has passed
        time.sleep(0.2)
        held.keep()
    assert places.take("next", [cap], LEASE) == cap
    held.free()
    held.free()
    held.keep()  # a freed place is not taken again
    assert places.take("next", [cap], LEASE) is None


def test_without_redis_a_stream_opens_uncounted(
        redis_server: RedisServer, caplog: pytest.LogCaptureFixture) -> None:
    places = RedisPlaces(redis_server.url)
    cap = Cap(TOKEN, "t" * 64, 1)
    redis_server.stop()
    try:
        assert places.take("a", [cap], LEASE) is None
        assert places.take("b", [cap], LEASE) is None
        places.free("a", [cap])
    finally:
        redis_server.start()
    assert "opened uncounted" in caplog.text


def caller(kind: str) -> Caller:
    return Caller(kind, 0 if kind == SEAT else None, "h" * 64)


def config(**settings: Any) -> dict[str, Any]:
    return {"LIVE_STREAMS_PER_TOKEN": 6, "LIVE_STREAMS_PER_SPECTATOR_TOKEN": 200,
            "LIVE_STREAMS_PER_ADDRESS": 40, **settings}


def test_a_stream_counts_under_its_token_and_its_address_the_spectators_apart() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY,
                      "DATABASE_URL": "sqlite://"})
    with app.app_context():
        seat, creator = caps_of(config(), caller(SEAT), "192.0.2.7"), \
            caps_of(config(), caller(CREATOR), "192.0.2.7")
        spectators = caps_of(config(), caller(SPECTATOR), "192.0.2.7")
        assert [(c.scope, c.key, c.most) for c in seat[:1]] == [(TOKEN, "h" * 64, 6)]
        assert creator[0].most == 6 and spectators[0].most == 200
        assert seat[1].scope == ADDRESS and seat[1].most == 40
        assert "192.0.2.7" not in seat[1].key  # a keyed hash, no address in Redis
        one, same_64 = (caps_of(config(), caller(SEAT), address)[1].key
                        for address in ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9"))
        assert one == same_64
        assert caps_of(config(LIVE_STREAMS_PER_TOKEN=None, LIVE_STREAMS_PER_ADDRESS=None),
                       caller(SEAT), "192.0.2.7") == []


def test_the_refusal_names_the_full_cap_and_when_to_try_again() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY,
                      "DATABASE_URL": "sqlite://"})
    with app.test_request_context(headers={"Accept-Language": "de"}):
        error = too_many_streams(Cap(ADDRESS, "a" * 64, 40), retry_after=40)
    assert (error.code, error.status) == ("live/too_many_streams", 429)
    assert error.details == {"scope": ADDRESS, "most": 40, "retry_after": 40}
    assert error.headers == {"Retry-After": "40"}
    assert "40" in error.message and "Too many" not in error.message  # in German
