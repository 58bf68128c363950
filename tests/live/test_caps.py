"""Open live streams capped per token and per client address, against the real app served as
``make run`` serves it (SQLite, no Redis: the places are counted in the process): past a cap,
429 ``live/too_many_streams``; a stream that ends (its time is up, or its client went away)
frees its place. Across web processes, through Redis: ``test_redis.py``."""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from tests.live.helpers import TIMEOUT, HttpGame, Stream, bearer, make_game
from tests.support.live_service import LiveService

CAPS = {"LIVE_STREAMS_PER_TOKEN": 2, "LIVE_STREAMS_PER_SPECTATOR_TOKEN": 3,
        "LIVE_STREAMS_PER_ADDRESS": 4}
HEARTBEAT = 0.3


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """The app on a fresh SQLite database, with small caps; streams beat every 0.3 s."""
    with LiveService(tmp_path, LIVE_HEARTBEAT_SECONDS=HEARTBEAT, LIVE_POLL_SECONDS=0.05,
                     SECRET_KEY=secrets.token_hex(32), **CAPS) as live:
        yield live


def stream(game: HttpGame, token: str) -> Stream:
    """Open the game's stream with ``token``; return it once its first event came."""
    opened = Stream(game.url("/live"), bearer(token))
    assert opened.response.status_code == 200, opened.response.text
    opened.next_event()
    return opened


def refused(game: HttpGame, token: str, ticket: bool = False) -> dict[str, object]:
    """Try to open one more stream (with a ticket, as a page, or the token); return the
    refusal's error, failing if it opened."""
    url, headers = game.url("/live"), bearer(token)
    if ticket:
        made = requests.post(url, headers=headers, timeout=TIMEOUT).json()
        url, headers = game.base + made["url"].lstrip("/"), {}
    response = requests.get(url, headers=headers, timeout=TIMEOUT)
    assert response.status_code == 429, response.text
    assert int(response.headers["Retry-After"]) >= 1
    error: dict[str, object] = response.json()["error"]
    assert error["code"] == "live/too_many_streams"
    return error


def test_a_token_opens_so_many_streams_at_once_then_429(service: LiveService) -> None:
    game = make_game(service.url)
    streams = [stream(game, game.seats[0]) for _ in range(2)]
    try:
        error = refused(game, game.seats[0])
        assert error["details"] == {"scope": "token", "most": 2,
                                    "retry_after": math.ceil(2 * HEARTBEAT)}
        assert "at most 2 at once" in str(error["message"])
        assert refused(game, game.seats[0], ticket=True)  # a page's stream counts as its token
        german = requests.get(game.url("/live"), headers={**bearer(game.seats[0]),
                                                          "Accept-Language": "de"},
                              timeout=TIMEOUT)
        assert "höchstens 2 gleichzeitig" in german.json()["error"]["message"]
        streams.append(stream(game, game.seats[1]))  # another token has its own places
    finally:
        for each in streams:
            each.close()


def test_the_spectators_shared_token_has_its_own_cap_and_the_address_caps_them_all(
        service: LiveService) -> None:
    game = make_game(service.url)
    streams = [stream(game, game.spectator) for _ in range(3)]
    try:
        assert refused(game, game.spectator)["details"]["scope"] == "token"  # type: ignore[index]
        streams.append(stream(game, game.creator))  # the fourth from this address
        error = refused(game, game.seats[1])
        assert error["details"] == {"scope": "address", "most": 4,
                                    "retry_after": math.ceil(2 * HEARTBEAT)}
        assert "from your network" in str(error["message"])
    finally:
        for each in streams:
            each.close()


def test_a_stream_whose_client_went_away_frees_its_place(service: LiveService) -> None:
    game = make_game(service.url)
    first, second = stream(game, game.seats[0]), stream(game, game.seats[0])
    try:
        refused(game, game.seats[0])
        first.close()  # the page was closed: the server notices at the next heartbeat or two
        deadline = time.monotonic() + TIMEOUT
        while True:
            again = Stream(game.url("/live"), bearer(game.seats[0]))
            if again.response.status_code == 200:
                break
            again.close()
            assert time.monotonic() < deadline, "the closed stream's place was never freed"
            time.sleep(HEARTBEAT)
        again.close()
    finally:
        second.close()


def test_a_stream_whose_time_is_up_frees_its_place_at_once(tmp_path: Path) -> None:
    with LiveService(tmp_path, LIVE_STREAM_SECONDS=0.5, LIVE_STREAMS_PER_TOKEN=1,
                     LIVE_POLL_SECONDS=0.05) as service:
        game = make_game(service.url)
        for _ in range(3):  # each ends on its own, and the next opens right after
            ended = stream(game, game.creator)
            while ended.next(timeout=TIMEOUT) is not None:
                pass
            ended.close()
            assert requests.get(game.url("/live"), headers=bearer(game.creator),
                                timeout=TIMEOUT).status_code == 200
