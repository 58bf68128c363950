"""service.features.mail.seats: the default mode, a seat present within the last minute, and
what marks it present (its page's stream, never a read)."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from service.features.mail import seats
from service.kernel.models import SeatNotifications
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from tests.service.helpers import API, auth, create_game


def last_active(app: Flask, game_id: str, seat: int):
    """Return the seat's stored last activity."""
    with app.app_context():
        row = db.session.get(SeatNotifications, (game_id, seat))
        return None if row is None else row.last_active_at


def test_a_seat_without_a_row_has_the_default_mode_and_is_not_active() -> None:
    assert seats.mode_of(None) == seats.DEFAULT_MODE == seats.MY_TURN  # one mail per turn
    assert not seats.is_active(None, utcnow())


def test_a_seat_is_active_for_one_minute_after_its_page_was_last_seen_open() -> None:
    now = utcnow()
    row = SeatNotifications(game_id="g", seat=0, email_mode="none", last_active_at=now)
    assert seats.is_active(row, now + timedelta(seconds=59))
    assert not seats.is_active(row, now + timedelta(seconds=60))


def test_reading_the_game_marks_no_seat_present(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    for token in (game.seat_tokens[1], game.seat_tokens[0], game.creator_token,
                  game.spectator_token):
        assert client.get(f"{API}/games/{game.id}", headers=auth(token)).status_code == 200
    assert [last_active(app, game.id, seat) for seat in (0, 1)] == [None, None]


def test_marking_a_seat_present_writes_the_time_of_that_seat_only(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client)
    before = utcnow()
    with app.app_context():
        seats.mark_present(game.id, 1)
    marked = last_active(app, game.id, 1)
    assert marked is not None and marked >= before
    assert last_active(app, game.id, 0) is None
    with app.app_context():
        seats.mark_present(game.id, 1)
    assert last_active(app, game.id, 1) >= marked


def test_marking_a_seat_present_keeps_the_mode_the_seat_chose(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client)
    with app.app_context():
        seats.upsert(db.session, game.id, 0, {"email_mode": seats.MY_TURN})
        db.session.commit()
        seats.mark_present(game.id, 0)
        assert db.session.get(SeatNotifications, (game.id, 0)).email_mode == seats.MY_TURN
