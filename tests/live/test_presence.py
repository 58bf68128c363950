"""service.features.live.presence: a seat's open page (its stream, opened with a ticket) holds
the seat's mail; a read, a stream opened with a token, or a page closed for longer than the
window does not. Against the real app served as ``make run`` serves it (SQLite, no Redis),
streams beating every half second."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
import requests
from sqlalchemy import update

from service.features.live import presence
from service.kernel.models import SeatNotifications
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from tests.live.helpers import TIMEOUT, HttpGame, Stream, bearer
from tests.mail.helpers import email_rows
from tests.service.helpers import token_of
from tests.support.live_service import LiveService

BOB = 1  # the seat with an address; Ann moves first
HEARTBEAT = 0.5


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """The app on a fresh SQLite database: streams beat every half second."""
    with LiveService(tmp_path, LIVE_HEARTBEAT_SECONDS=HEARTBEAT, LIVE_POLL_SECONDS=0.05) as live:
        yield live


def mailed_game(service: LiveService) -> HttpGame:
    """Create a started game: Ann (seat 0) to move, Bob (seat 1) with an email address."""
    response = requests.post(f"{service.url}api/v1/games", timeout=TIMEOUT, json={
        "start_seat": 0, "seats": [{"name": "Ann"}, {"name": "Bob", "email": "bob@example.com"}]})
    response.raise_for_status()
    body = response.json()
    return HttpGame(service.url, body["game"]["id"], body["creator_token"],
                    token_of(body["spectator_link"]),
                    [token_of(seat["link"]) for seat in body["seats"]])


def page_of(service: LiveService, game: HttpGame, token: str) -> Stream:
    """Open the stream as the page does, with a ticket; return it once its first event came."""
    ticket = requests.post(game.url("/live"), headers=bearer(token), timeout=TIMEOUT)
    assert ticket.status_code == 201, ticket.text
    stream = Stream(service.url + ticket.json()["url"].lstrip("/"))
    stream.next_event()
    return stream


def last_seen(service: LiveService, game: HttpGame, seat: int = BOB) -> datetime | None:
    """Return when the seat was last marked present."""
    with service.app.app_context():
        row = db.session.get(SeatNotifications, (game.id, seat))
        return None if row is None else row.last_active_at


def seen_long_ago(service: LiveService, game: HttpGame) -> None:
    """Move the seat's last mark back past the window, as if a minute had gone by."""
    with service.app.app_context():
        db.session.execute(update(SeatNotifications).values(
            last_active_at=utcnow() - timedelta(seconds=61)))
        db.session.commit()


def bob_is_mailed_his_turn(service: LiveService, game: HttpGame) -> bool:
    """Ann moves; return whether that wrote Bob's "your move" email."""
    game.play_one()
    return [r.payload["seat"] for r in email_rows(service.app, "turn")] == [BOB]


def wait_until(condition: object, timeout: float = TIMEOUT) -> None:
    """Wait until ``condition()`` holds (a callable), failing after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def test_an_open_page_holds_its_seat_s_mail_with_one_write_while_the_step_lasts(
        service: LiveService) -> None:
    game = mailed_game(service)
    stream = page_of(service, game, game.seats[BOB])
    try:
        marked = last_seen(service, game)
        assert marked is not None  # marked when it opened
        time.sleep(4 * HEARTBEAT)
        assert last_seen(service, game) == marked  # heartbeats within the step write nothing
        assert not bob_is_mailed_his_turn(service, game)
    finally:
        stream.close()


def test_an_open_page_is_marked_again_on_its_heartbeats(
        service: LiveService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presence, "REFRESH_SECONDS", 0.2)
    game = mailed_game(service)
    stream = page_of(service, game, game.seats[BOB])
    try:
        seen_long_ago(service, game)
        wait_until(lambda: utcnow() - (last_seen(service, game) or utcnow()) < timedelta(
            seconds=5))
        assert not bob_is_mailed_his_turn(service, game)
    finally:
        stream.close()


def test_a_page_closed_for_longer_than_the_window_holds_no_mail(
        service: LiveService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presence, "REFRESH_SECONDS", 0.2)  # an open page would mark again
    game = mailed_game(service)
    page_of(service, game, game.seats[BOB]).close()

    def marks_no_more() -> bool:
        before = last_seen(service, game)
        time.sleep(4 * HEARTBEAT)
        return last_seen(service, game) == before

    wait_until(marks_no_more)  # the server saw the page go
    seen_long_ago(service, game)
    time.sleep(4 * HEARTBEAT)
    assert bob_is_mailed_his_turn(service, game)


def test_reading_the_game_or_streaming_it_with_a_token_holds_no_mail(
        service: LiveService) -> None:
    game = mailed_game(service)
    assert game.read(game.seats[BOB])["version"] == 0  # a script, a bot
    stream = Stream(game.url("/live"), bearer(game.seats[BOB]))  # an API client's stream
    try:
        stream.next_event()
        assert last_seen(service, game) is None
        assert bob_is_mailed_his_turn(service, game)
    finally:
        stream.close()


def test_the_creator_s_and_the_spectators_pages_mark_no_seat(service: LiveService) -> None:
    game = mailed_game(service)
    streams = [page_of(service, game, token) for token in (game.creator, game.spectator)]
    try:
        assert [last_seen(service, game, seat) for seat in (0, 1)] == [None, None]
        assert bob_is_mailed_his_turn(service, game)
    finally:
        for stream in streams:
            stream.close()
