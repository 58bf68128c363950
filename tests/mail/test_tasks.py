"""worker.mail.tasks: the digest task runs the digest job, and beat sends it every hour; the
daily mail task runs the daily mail job, every ten minutes."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from service.kernel.models import SeatNotifications
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from tests.mail.helpers import email_rows, set_mode
from tests.service.helpers import auth, create_game, play_one
from worker.celery_app import TASK_MODULES
from worker.mail.tasks import (
    SEND_DAILY_MAILS,
    SEND_DIGESTS,
    send_daily_mails_task,
    send_digests_task,
)
from worker.schedule import beat_schedule

BOTH = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]


def test_the_task_writes_the_digests_that_are_due(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    set_mode(client, game, 1, "digest")
    play_one(client, game)
    with app.app_context():
        db.session.execute(update(SeatNotifications).values(
            digest_sent_at=utcnow() - timedelta(days=2)))
        db.session.commit()
        # The task's body, in this app's context: calling the task object would run it in
        # the context of whichever app another test last gave Celery (celery_init_app).
        assert send_digests_task.run() == 1
        assert send_digests_task.run() == 0
    assert [r.payload["seat"] for r in email_rows(app, "digest")] == [1]


def test_beat_sends_it_at_the_configured_interval_and_workers_know_it(app: Flask) -> None:
    entry = beat_schedule(app.config)["mail-digests"]
    assert entry["task"] == SEND_DIGESTS == send_digests_task.name
    assert entry["schedule"] == timedelta(seconds=app.config["MAIL_DIGEST_CHECK_SECONDS"])
    assert "worker.mail.tasks" in TASK_MODULES


def test_the_daily_mail_task_writes_the_daily_mails_that_are_due_once(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    response = client.put(game.url("/daily-mail"), json={"daily": True, "hour": 0},
                          headers=auth(game.seat_tokens[0]))
    assert response.status_code == 200
    with app.app_context():  # the task's body, as above
        assert send_daily_mails_task.run() == 1
        assert send_daily_mails_task.run() == 0
    assert [r.payload["to"] for r in email_rows(app, "daily")] == ["ann@example.com"]


def test_beat_sends_the_daily_mail_task_every_ten_minutes(app: Flask) -> None:
    entry = beat_schedule(app.config)["mail-daily"]
    assert entry["task"] == SEND_DAILY_MAILS == send_daily_mails_task.name
    assert entry["schedule"] == timedelta(seconds=app.config["MAIL_DAILY_CHECK_SECONDS"]) == (
        timedelta(minutes=10))
