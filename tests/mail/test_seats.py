"""service.features.mail.seats: the default mode, activity within the last minute, cheap activity
writes."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from service.features.mail import seats
from service.kernel.auth import SEAT, SPECTATOR, Caller
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
    assert seats.mode_of(None) == seats.DEFAULT_MODE == seats.EVERY_EVENT
    assert not seats.is_active(None, utcnow())


def test_a_seat_is_active_for_one_minute_after_its_last_read() -> None:
    now = utcnow()
    row = SeatNotifications(game_id="g", seat=0, email_mode="none", last_active_at=now)
    assert seats.is_active(row, now + timedelta(seconds=59))
    assert not seats.is_active(row, now + timedelta(seconds=60))


def test_a_read_writes_the_time_only_when_the_stored_one_is_older_than_the_step(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client)

    def read() -> int:
        return client.get(f"{API}/games/{game.id}", headers=auth(game.seat_tokens[1])).status_code

    assert read() == 200
    first = last_active(app, game.id, 1)
    assert first is not None
    assert read() == 200
    assert last_active(app, game.id, 1) == first  # within the step: no write
    with app.app_context():
        db.session.execute(update(SeatNotifications).values(
            last_active_at=first - seats.ACTIVITY_STEP))
        db.session.commit()
    assert read() == 200
    assert last_active(app, game.id, 1) > first
    assert last_active(app, game.id, 0) is None  # only the reader's seat


def test_record_read_writes_when_the_read_found_no_time_or_an_old_one(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client)
    caller = Caller(SEAT, 1, "h")
    with app.app_context():
        seats.record_read(game.id, caller, utcnow())  # the read found a fresh time
    assert last_active(app, game.id, 1) is None
    with app.app_context():
        seats.record_read(game.id, caller, None)
    first = last_active(app, game.id, 1)
    assert first is not None
    with app.app_context():
        seats.record_read(game.id, caller, first - seats.ACTIVITY_STEP)
    assert last_active(app, game.id, 1) > first


def test_a_read_keeps_the_mode_the_seat_chose(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    with app.app_context():
        seats.upsert(db.session, game.id, 0, {"email_mode": seats.MY_TURN})
        db.session.commit()
        seats.record_read(game.id, Caller(SEAT, 0, "h"), None)
        assert db.session.get(SeatNotifications, (game.id, 0)).email_mode == seats.MY_TURN


def test_other_callers_leave_no_trace(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    with app.app_context():
        seats.record_read(game.id, Caller(SPECTATOR, None, "h"), None)
        assert db.session.query(SeatNotifications).count() == 0
