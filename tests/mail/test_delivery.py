"""Email rows through the real relay (worker.relay) to the real SMTP server: exactly once.

The relay claims each due row, calls the ``email`` handler and records the outcome; the
delivery status it records is what a seat reads through its preferences.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from flask import Flask
from sqlalchemy import update

from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.mail.helpers import email_rows
from tests.service.helpers import auth, create_game, play_one
from tests.support.smtp_server import SmtpServer
from worker import relay
from worker.mail.handler import EMAIL_RETRY
from worker.mail.message import message_id

BOTH = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]


def smtp_app(make_app: Callable[..., Flask], smtp_server: SmtpServer) -> Flask:
    """Return an app on the test database that mails to the test SMTP server."""
    return make_app(SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                    SMTP_TIMEOUT=5, MAIL_FROM="Fearsome Floors <ff@ff.example>")


def sweep(app: Flask, now) -> dict[int, str]:
    """Run one relay sweep at ``now``."""
    with app.app_context():
        return relay.sweep(now)


def test_the_smtp_server_down_then_up_delivers_each_email_exactly_once(
    make_app: Callable[..., Flask], smtp_server: SmtpServer
) -> None:
    app = smtp_app(make_app, smtp_server)
    client = app.test_client()
    game = create_game(client, seats=BOTH)
    play_one(client, game)  # Bob's "your move"
    rows = email_rows(app)
    assert len(rows) == 3
    smtp_server.stop()
    now = utcnow()
    assert set(sweep(app, now).values()) == {"pending"}
    status = client.get(game.url("/notifications"), headers=auth(game.seat_tokens[1]))
    deliveries = status.get_json()["deliveries"]
    assert [(d["status"], d["attempts"]) for d in deliveries] == [("pending", 1)] * 2
    assert "cannot reach 127.0.0.1" in deliveries[0]["last_error"]
    assert sweep(app, now) == {}  # not due again before the retry delay
    smtp_server.start()
    later = now + EMAIL_RETRY.delay_after(1) + timedelta(seconds=1)
    assert set(sweep(app, later).values()) == {"sent"}
    assert sweep(app, later + timedelta(hours=2)) == {}
    received = smtp_server.wait_for(3)
    assert len(received) == 3
    assert sorted(m.message["Message-ID"] for m in received) == sorted(
        message_id(r.dedupe_key, "ff.example") for r in rows)
    deliveries = client.get(game.url("/notifications"),
                            headers=auth(game.seat_tokens[1])).get_json()["deliveries"]
    assert [(d["status"], d["attempts"], d["last_error"]) for d in deliveries] == [
        ("sent", 2, None)] * 2


def test_an_email_given_up_after_its_last_attempt_shows_failed_with_its_error(
    make_app: Callable[..., Flask], smtp_server: SmtpServer
) -> None:
    app = smtp_app(make_app, smtp_server)
    client = app.test_client()
    game = create_game(client, seats=BOTH)
    with app.app_context():
        db.session.execute(update(Outbox).values(attempts=EMAIL_RETRY.max_attempts - 1))
        db.session.commit()
    smtp_server.stop()
    assert set(sweep(app, utcnow()).values()) == {"failed"}
    [delivery] = client.get(game.url("/notifications"),
                            headers=auth(game.seat_tokens[0])).get_json()["deliveries"]
    assert (delivery["status"], delivery["attempts"]) == ("failed", EMAIL_RETRY.max_attempts)
    assert "cannot reach" in delivery["last_error"]
    smtp_server.start()
    assert sweep(app, utcnow() + timedelta(days=1)) == {}
    assert smtp_server.messages() == []
