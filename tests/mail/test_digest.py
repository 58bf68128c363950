"""service.features.mail.digest: one email a day at most to seats in digest mode, only with news."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from service.features.mail import seats as mail_seats
from service.features.mail.digest import send_digests
from service.kernel.models import SeatNotifications
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from tests.mail.helpers import email_rows, set_mode
from tests.service.helpers import auth, create_game, play_one

BOTH = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]
DAY = timedelta(days=1, seconds=1)


def digests(app: Flask, when: object) -> int:
    """Run the digest job at ``when``; return how many digests it wrote."""
    with app.app_context():
        return send_digests(when)


def test_a_seat_in_digest_mode_gets_one_summary_a_day_of_what_happened(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    set_mode(client, game, 1, "digest")
    for _ in range(3):
        play_one(client, game)
    assert email_rows(app, "turn") and all(r.payload["seat"] == 0
                                           for r in email_rows(app, "turn"))
    assert digests(app, utcnow()) == 0  # not a day yet
    later = utcnow() + DAY
    assert digests(app, later) == 1
    assert digests(app, later) == 0  # the same run again writes nothing more
    [row] = email_rows(app, "digest")
    assert row.payload["seat"] == 1 and row.payload["to"] == "bob@example.com"
    text = row.payload["text"]
    assert text.count("- Ann (green) brought green ") == 2
    assert text.count("- Bob (red) brought red ") == 1
    assert "It is your turn." in text
    assert row.payload["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_the_digest_tells_what_the_others_said_at_the_table_even_without_moves(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    set_mode(client, game, 1, "digest")
    talk = f"/api/v1/games/{game.id}/messages"
    for seat, text in ((0, "Shall we play tonight?"), (1, "Bob's own words")):
        assert client.post(talk, json={"text": text},
                           headers=auth(game.seat_tokens[seat])).status_code == 201
    assert digests(app, utcnow() + DAY) == 1
    text = email_rows(app, "digest")[0].payload["text"]
    assert "Said at the table:\n- Ann (green): Shall we play tonight?" in text
    assert "Bob's own words" not in text and "What happened" not in text


def test_a_day_without_news_sends_nothing_and_the_next_news_is_kept_for_later(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    set_mode(client, game, 0, "digest")
    assert digests(app, utcnow() + DAY) == 0
    play_one(client, game)
    assert digests(app, utcnow() + DAY) == 1
    assert "Ann (green) brought green " in email_rows(app, "digest")[0].payload["text"]


def test_a_seat_active_on_its_page_gets_its_digest_at_a_later_run(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    set_mode(client, game, 1, "digest")
    play_one(client, game)
    with app.app_context():
        row = db.session.get(SeatNotifications, (game.id, 1))
        row.digest_sent_at = utcnow() - DAY
        db.session.commit()
        mail_seats.mark_present(game.id, 1)  # Bob's page is open (its live stream marks it)
    assert digests(app, utcnow()) == 0
    assert digests(app, utcnow() + timedelta(minutes=2)) == 1


def test_seats_in_other_modes_get_no_digest(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    set_mode(client, game, 0, "my_turn")
    set_mode(client, game, 1, "none")
    play_one(client, game)
    assert digests(app, utcnow() + DAY) == 0
    assert email_rows(app, "digest") == []
