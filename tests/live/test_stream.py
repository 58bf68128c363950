"""A game's live stream against the real app, served as ``make run`` serves it: on SQLite,
without Redis, the process looking at the database for news. Tickets, the events a viewer
gets, resuming with Last-Event-ID, heartbeats, and what opens nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.live.helpers import TIMEOUT, HttpGame, Stream, bearer, make_game
from tests.service.helpers import token_of
from tests.support.live_service import LiveService


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """The app on a fresh SQLite database: streams beat every half second."""
    with LiveService(tmp_path, LIVE_HEARTBEAT_SECONDS=0.5, LIVE_POLL_SECONDS=0.05) as live:
        yield live


def ticket(game: HttpGame, token: str) -> dict[str, str]:
    response = requests.post(game.url("/live"), headers=bearer(token), timeout=TIMEOUT)
    assert response.status_code == 201, response.text
    return response.json()


def open_stream(service: LiveService, game: HttpGame, token: str, **headers: str) -> Stream:
    return Stream(service.url + ticket(game, token)["url"].lstrip("/"), headers)


def test_every_viewer_hears_of_a_move_and_of_a_message(service: LiveService) -> None:
    game = make_game(service.url)
    streams = [open_stream(service, game, token)
               for token in (game.seats[1], game.creator, game.spectator)]
    try:
        for stream in streams:
            assert stream.response.headers["Content-Type"].startswith("text/event-stream")
            assert stream.next().retry == 2000
            first = stream.next_event()
            assert (first.type, first.data) == ("game", {"version": 0, "messages": 0})
        moved = game.play_one()
        for stream in streams:
            event = stream.next_event()
            assert event.data == {"version": moved["version"], "messages": 0}
            assert event.id and event.id.startswith(f"{moved['version']}.0.")
        posted = requests.post(game.url("/messages"), headers=bearer(game.seats[1]),
                               timeout=TIMEOUT, json={"text": "Good move."})
        assert posted.status_code == 201
        for stream in streams:
            assert stream.next_event().data == {"version": moved["version"],
                                                "messages": posted.json()["seq"]}
    finally:
        for stream in streams:
            stream.close()


def test_a_pause_and_a_resume_reach_the_stream(service: LiveService) -> None:
    game = make_game(service.url)
    stream = open_stream(service, game, game.seats[0])
    try:
        first = stream.next_event()
        assert requests.post(game.url("/pause"), headers=bearer(game.creator),
                             timeout=TIMEOUT).status_code == 200
        paused = stream.next_event()
        assert paused.id != first.id and paused.data == first.data  # same version, new stamp
    finally:
        stream.close()


def test_resuming_with_the_last_event_id_sends_only_what_is_new(service: LiveService) -> None:
    game = make_game(service.url)
    stream = open_stream(service, game, game.spectator)
    seen = stream.next_event().id
    stream.close()
    assert seen is not None

    again = open_stream(service, game, game.spectator, **{"Last-Event-ID": seen})
    try:
        assert again.next().retry == 2000
        assert again.next().comment == "still here"  # nothing new: a heartbeat comes first
    finally:
        again.close()

    game.play_one()
    later = open_stream(service, game, game.spectator, **{"Last-Event-ID": seen})
    try:
        assert later.next().retry == 2000
        assert later.next().data == {"version": 1, "messages": 0}  # missed while away
    finally:
        later.close()


def test_an_api_client_streams_with_its_token_and_a_stream_ends_in_time(
        tmp_path: Path) -> None:
    with LiveService(tmp_path, LIVE_STREAM_SECONDS=1, LIVE_HEARTBEAT_SECONDS=0.3) as service:
        game = make_game(service.url)
        stream = Stream(game.url("/live"), bearer(game.seats[1]))
        started = time.monotonic()
        try:
            assert stream.next_event().data == {"version": 0, "messages": 0}
            while (item := stream.next()) is not None:
                assert item.comment == "still here"
            assert 0.9 < time.monotonic() - started < 5
        finally:
            stream.close()


def error_code(response: requests.Response) -> str:
    return response.json()["error"]["code"]


def test_what_opens_no_stream(service: LiveService) -> None:
    game = make_game(service.url)
    other = make_game(service.url)
    good = ticket(game, game.seats[0])["ticket"]
    expiry, prefix, signature = good.split(".")
    cases = {
        "no token": (game.url("/live"), {}, 401, "auth/missing_token"),
        "another game's token": (game.url("/live"), bearer(other.seats[0]), 403,
                                 "auth/forbidden"),
        "a ticket of another game": (other.url(f"/live?ticket={good}"), {}, 401,
                                     "live/invalid_ticket"),
        "a forged signature": (game.url(f"/live?ticket={expiry}.{prefix}.{'A' * 32}"), {},
                               401, "live/invalid_ticket"),
        "a later expiry": (game.url(f"/live?ticket={int(expiry) + 1}.{prefix}.{signature}"),
                           {}, 401, "live/invalid_ticket"),
        "a malformed ticket": (game.url("/live?ticket=nonsense"), {}, 401,
                               "live/invalid_ticket"),
        "no such game": (f"{service.url}api/v1/games/{'x' * 22}/live?ticket={good}", {}, 401,
                         "live/invalid_ticket"),
    }
    for name, (url, headers, status, code) in cases.items():
        response = requests.get(url, headers=headers, timeout=TIMEOUT)
        assert (response.status_code, error_code(response)) == (status, code), name
    assert requests.post(game.url("/live"), timeout=TIMEOUT).status_code == 401


def test_a_ticket_expires(tmp_path: Path) -> None:
    with LiveService(tmp_path, LIVE_TICKET_SECONDS=1) as service:
        game = make_game(service.url)
        url = service.url + ticket(game, game.seats[0])["url"].lstrip("/")
        time.sleep(2.1)  # tickets count whole seconds
        response = requests.get(url, timeout=TIMEOUT)
        assert response.status_code == 401
        assert "expired" in response.json()["error"]["message"]


def test_the_first_position_replays_into_the_game_as_it_is(service: LiveService) -> None:
    game = make_game(service.url, players=3)
    for _ in range(4):
        game.play_one()
    for token in (game.spectator, game.seats[2]):
        response = requests.get(game.url("/start"), headers=bearer(token), timeout=TIMEOUT)
        assert response.status_code == 200, response.text
        first = response.json()
        assert first["version"] == 0
        position = first["position"]
        assert "pile" not in position and "seed" not in position and "rng" not in position
        assert position["to_move"] == 0 and position["game_turn"] == 1
    # The first position is the one a page that was open from the start would have kept.
    fresh = make_game(service.url)
    kept = fresh.read()["position"]
    started = requests.get(fresh.url("/start"), headers=bearer(fresh.spectator),
                           timeout=TIMEOUT).json()
    assert started == {"version": 0, "position": kept}


def test_a_game_waiting_for_players_has_no_first_position(service: LiveService) -> None:
    response = requests.post(f"{service.url}api/v1/games", timeout=TIMEOUT, json={
        "seats": [{"name": "Ann"}, {"open": True}]})
    body = response.json()
    answer = requests.get(f"{service.url}api/v1/games/{body['game']['id']}/start",
                          headers=bearer(token_of(body["creator_link"])), timeout=TIMEOUT)
    assert answer.status_code == 409 and error_code(answer) == "game/not_started"


def test_a_pause_between_a_pages_read_and_its_stream_is_not_lost(service: LiveService) -> None:
    # The page reads the game, then asks for a ticket naming the ETag it read: a change in
    # between (a pause leaves the version alone) shows as "changed"; one after the ticket,
    # as the stream's first event. The stream sends nothing for what the page already has.
    game = make_game(service.url)
    read = requests.get(game.url(), headers=bearer(game.seats[0]), timeout=TIMEOUT)
    etag = read.headers["ETag"]

    def ask() -> dict[str, Any]:
        response = requests.post(game.url("/live"), json={"etag": etag},
                                 headers=bearer(game.seats[0]), timeout=TIMEOUT)
        assert response.status_code == 201, response.text
        return dict(response.json())

    unchanged = ask()
    assert unchanged["changed"] is False and "&last=" in unchanged["url"]
    stream = Stream(service.url + unchanged["url"].lstrip("/"), {})
    try:
        assert stream.next().retry == 2000
        assert stream.next().comment == "still here"  # nothing the page lacks
        assert requests.post(game.url("/pause"), headers=bearer(game.creator),
                             timeout=TIMEOUT).status_code == 200
        assert stream.next_event().data == {"version": 0, "messages": 0}  # the pause
    finally:
        stream.close()
    assert ask()["changed"] is True  # paused since the page's read: read it again
    assert "changed" not in ticket(game, game.seats[0])  # an API client that named no ETag
