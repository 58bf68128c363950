"""Time left under a deadline in the "your move" mail: until when, how long from now, and the
seat's vacation days; nothing of the kind in a game without a limit."""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from service.features.mail.compose import clock_line, time_left
from service.kernel.models import Seat
from service.plumbing.extensions import db
from service.plumbing.i18n import in_language
from tests.deadlines.conftest import SettableClock
from tests.deadlines.helpers import new_timed_game, outbox_rows
from tests.service.helpers import create_game, play_one

PLAYERS = [{"name": "Ann"}, {"name": "Bob", "email": "bob@example.com"}]


def turn_mails(app: Flask) -> list[str]:
    """Return the texts of the "your move" emails in the outbox."""
    return [p["text"] for _, p in outbox_rows(app, "email") if p.get("topic") == "turn"]


def test_the_your_move_mail_says_until_when_and_how_long(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, seats=PLAYERS, vacation_days=2)
    clock.advance(minutes=30)
    play_one(client, game)
    [text] = turn_mails(app)
    assert ("You have until Mon, Jan 7, 1:30\u202fPM UTC for this move (4 hours left). Then your "
            "vacation (2 days left) is spent a day at a time before your time runs out."
            ) in text


def test_no_time_is_told_without_a_limit(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=PLAYERS)
    play_one(client, game)
    [text] = turn_mails(app)
    assert "You have until" not in text


def test_time_left_in_words(app: Flask) -> None:
    now = datetime(2030, 1, 7, 9, 0)
    with app.app_context():
        assert time_left(now + timedelta(days=2, hours=3, minutes=5), now) == "2 days 3 hours"
        assert time_left(now + timedelta(hours=1, minutes=1), now) == "1 hour 1 minute"
        assert time_left(now + timedelta(seconds=59), now) == "less than a minute"
        assert time_left(now - timedelta(hours=1), now) == "less than a minute"
        assert clock_line(None, now, 3) is None
        assert clock_line(now + timedelta(days=1), now, 1) == (
            "You have until Tue, Jan 8, 9:00\u202fAM UTC for this move (1 day left). Then your "
            "vacation (1 day left) is spent a day at a time before your time runs out.")


def test_the_deadline_is_written_in_the_seats_language_and_time_zone(app: Flask) -> None:
    now = datetime(2030, 1, 7, 9, 0)
    with app.app_context(), in_language("de", "Europe/Berlin"):
        line = clock_line(now + timedelta(days=1, hours=4), now, 0)
    assert line is not None
    assert "Di., 8. Jan., 14:00 MEZ" in line


def test_the_your_move_mail_gives_the_deadline_in_the_seats_language_and_time_zone(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, seats=PLAYERS)
    with app.app_context():
        db.session.execute(update(Seat).where(Seat.game_id == game.id, Seat.seat == 1)
                           .values(language="de", time_zone="Europe/Berlin"))
        db.session.commit()
    clock.advance(minutes=30)
    play_one(client, game)
    [text] = turn_mails(app)
    assert "Mo., 7. Jan., 14:30 MEZ" in text  # 13:30 UTC, a Monday in Berlin's winter


def test_a_seat_without_a_language_or_time_zone_reads_its_games_language_in_utc(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, seats=PLAYERS, language="de")
    clock.advance(minutes=30)
    play_one(client, game)
    [text] = turn_mails(app)
    assert "Mo., 7. Jan., 13:30 UTC" in text
