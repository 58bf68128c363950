"""service.features.mail.daily_mail: one mail a day to an address that chose it, listing every
game waiting for its move with that seat's moves, and its other games in a line each."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from service.features.mail.addresses import read_reply_address
from service.features.mail.daily_mail import send_daily_mails
from service.features.mail.models import DailyMailChoice
from service.features.mail.seats import mark_present
from service.kernel.models import Seat
from service.plumbing.extensions import db
from tests.mail.helpers import email_rows, set_mode
from tests.service.helpers import (
    NewGame,
    auth,
    create_game,
    play_one,
    play_until,
    read,
    token_of,
)

ANN, BOB = "ann@example.com", "bob@example.com"
MORNING = datetime(2030, 1, 15, 9, 0, tzinfo=UTC)  # 09:00 UTC: past 08:00 in UTC
DAY = timedelta(days=1)
REPLY = re.compile(r"play\+[a-z0-9.]+@localhost")


def choose_daily(client: FlaskClient, game: NewGame, seat: int, **choice: Any
                 ) -> dict[str, Any]:
    """Choose the daily mail for the address of ``game``'s ``seat``, from its settings."""
    response = client.put(game.url("/daily-mail"), json={"daily": True, **choice},
                          headers=auth(game.seat_tokens[seat]))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def daily_mails(app: Flask, now: datetime = MORNING) -> int:
    """Run the daily mail job at ``now``; return how many mails it wrote."""
    with app.app_context():
        return send_daily_mails(now)


def three_games(client: FlaskClient) -> tuple[NewGame, NewGame, NewGame]:
    """Make Ann's three games: two waiting for her (one with a time limit), one for Bob."""
    friday = create_game(client, seats=[{"name": "Ann", "email": ANN},
                                        {"name": "Bob", "email": BOB}],
                         name="Friday night", move_time_limit=2 * 86400)
    sunday = create_game(client, seats=[{"name": "Ann", "email": ANN}, {"name": "Cleo"}],
                         name="Sunday")
    lunch = create_game(client, seats=[{"name": "Bob", "email": BOB},
                                       {"name": "Ann", "email": ANN}], name="Lunch")
    return friday, sunday, lunch


def test_the_daily_mail_lists_the_games_waiting_with_their_moves_and_the_others_in_a_line(
    app: Flask, client: FlaskClient
) -> None:
    friday, sunday, lunch = three_games(client)
    choose_daily(client, friday, 0)
    assert daily_mails(app) == 1
    [row] = email_rows(app, "daily")
    mail = row.payload
    assert mail["to"] == ANN and "reply_to" not in mail  # two games: no one Reply-To
    assert mail["subject"] == "Fearsome Floors: 2 games wait for your move"
    text = mail["text"]
    assert text.startswith("Hello Ann,\n\nIt is your move in 2 games. Each has its own address")
    friday_at = text.index("Friday night: your move (green), turn 1, stage 1\n")
    sunday_at = text.index("Sunday: your move (green), turn 1, stage 1\n")
    assert friday_at < sunday_at  # the one with a deadline first
    assert text.count("You have until ") == 1 and " left).\n" in text[friday_at:sunday_at]
    assert text.count(", for example green 1 + (to p11) or flip green 1; or 'board'") == 2
    assert text.count("\n 1  M>  ") == 2  # each game's board
    replies = REPLY.findall(text)
    with app.app_context():
        assert [read_reply_address(address) for address in replies] == [
            (friday.id, 0), (sunday.id, 0)]
    links = re.findall(r"Your game: (\S+)", text)
    assert [read(client, game, token_of(link))["viewer"]["seat"]
            for game, link in zip((friday, sunday), links, strict=True)] == [0, 0]
    assert "Your other games\n----------------\n- Lunch: Bob (green) is to move.\n" in text
    assert "at 8:00\u202fAM (UTC)" in text and "https://ff.example/home" in text
    html = mail["html"]
    assert f'href="mailto:{replies[0]}?subject=%5BFriday%20night%5D%20Your%20move' in html
    assert html.count(">Reply to play this game</a>") == 2
    assert f">{lunch.id}" not in html and ">Lunch</a>: Bob (green) is to move." in html


def test_with_one_game_waiting_a_reply_to_the_mail_plays_it(app: Flask,
                                                            client: FlaskClient) -> None:
    friday, sunday, _lunch = three_games(client)
    # At midnight (UTC, the seat's zone): the mail is due at whatever hour the test runs (at
    # 8, the default, it was not due before 08:00 UTC), and the presence below is real time.
    choose_daily(client, friday, 0, hour=0)
    with app.app_context():
        mark_present(friday.id, 0)  # Ann has Friday night open on its page
    assert daily_mails(app, datetime.now(UTC)) == 1
    [mail] = [row.payload for row in email_rows(app, "daily")]
    assert mail["subject"] == "Fearsome Floors: 1 game waits for your move"
    assert "reply to this email with your move to play it." in mail["text"]
    assert "- Friday night: Your move; you have the game open on its page." in mail["text"]
    with app.app_context():
        assert read_reply_address(mail["reply_to"]) == (sunday.id, 0)


def test_per_game_mails_stop_but_the_end_and_other_addresses_still_get_theirs(
    app: Flask, client: FlaskClient
) -> None:
    _friday, _sunday, lunch = three_games(client)
    choose_daily(client, lunch, 1)
    play_one(client, lunch)  # Bob moves: it is Ann's turn in Lunch
    play_one(client, lunch)
    assert [(r.payload["to"], r.payload["topic"]) for r in email_rows(app)
            if r.payload["topic"] != "invite"] == [(BOB, "turn")]


def test_the_end_of_a_game_still_comes_on_its_own_but_no_move_or_monster_mail(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=[{"name": "Ann", "email": ANN},
                                      {"name": "Bob", "email": BOB}], name="Whole")
    choose_daily(client, game, 0)
    set_mode(client, game, 0, "every_event")
    set_mode(client, game, 1, "every_event")  # Bob hears of every monster phase
    play_until(app, client, game, "over")
    assert [r.payload["topic"] for r in email_rows(app) if r.payload["to"] == ANN] == [
        "invite", "over"]
    assert {"turn", "monster", "over"} <= {r.payload["topic"] for r in email_rows(app)
                                          if r.payload["to"] == BOB}
    assert daily_mails(app) == 0  # nothing under way


def test_a_game_whose_seat_gets_no_email_stays_out_of_the_daily_mail(
    app: Flask, client: FlaskClient
) -> None:
    friday, sunday, _lunch = three_games(client)
    choose_daily(client, friday, 0)
    set_mode(client, sunday, 0, "none")
    assert daily_mails(app) == 1
    text = email_rows(app, "daily")[0].payload["text"]
    assert "Sunday" not in text and "Friday night: your move" in text


def test_nothing_is_sent_while_nothing_waits_and_the_day_s_mail_goes_once_something_does(
    app: Flask, client: FlaskClient
) -> None:
    lunch = create_game(client, seats=[{"name": "Bob", "email": BOB},
                                       {"name": "Ann", "email": ANN}], name="Lunch")
    choose_daily(client, lunch, 1)
    assert daily_mails(app) == 0
    assert email_rows(app, "daily") == []
    play_one(client, lunch)
    assert daily_mails(app, MORNING + timedelta(hours=5)) == 1
    assert "Lunch: your move (red)" in email_rows(app, "daily")[0].payload["text"]


def test_one_mail_a_day_whatever_how_often_or_after_a_restart(
    app: Flask, client: FlaskClient, make_app: Any
) -> None:
    friday, _sunday, _lunch = three_games(client)
    choose_daily(client, friday, 0)
    assert daily_mails(app, MORNING - timedelta(hours=2)) == 0  # 07:00: not yet
    assert daily_mails(app) == 1
    assert daily_mails(app, MORNING + timedelta(hours=3)) == 0
    assert daily_mails(make_app()) == 0  # another process, the same database
    with app.app_context():  # a day's mark lost: the mail's key still holds
        db.session.execute(update(DailyMailChoice).values(sent_on=None))
        db.session.commit()
    assert daily_mails(app) == 0
    assert len(email_rows(app, "daily")) == 1
    assert daily_mails(app, MORNING + DAY) == 1
    assert len(email_rows(app, "daily")) == 2


def test_the_hour_is_the_address_s_own_in_the_language_of_its_latest_seat(
    app: Flask, client: FlaskClient
) -> None:
    friday, _sunday, lunch = three_games(client)  # Lunch: the seat Ann took last
    response = client.put(lunch.url("/language"), json={"language": "de",
                                                         "time_zone": "America/New_York"},
                          headers=auth(lunch.seat_tokens[1]))
    assert response.status_code == 200
    assert choose_daily(client, friday, 0, hour=7) == {
        "email": ANN, "daily": True, "hour": 7, "time_zone": "America/New_York",
        "language": "de"}
    assert daily_mails(app, datetime(2030, 1, 15, 11, 30, tzinfo=UTC)) == 0  # 06:30 there
    assert daily_mails(app, datetime(2030, 1, 15, 12, 30, tzinfo=UTC)) == 1  # 07:30 there
    [mail] = [row.payload for row in email_rows(app, "daily")]
    assert mail["text"].startswith("Hallo Ann,")
    assert "(America/New_York)" in mail["text"]


def test_the_computer_s_seats_get_no_daily_mail(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Ann", "email": ANN},
                                      {"name": "Bob", "email": BOB}], name="Solo")
    choose_daily(client, game, 0)
    with app.app_context():
        db.session.execute(update(Seat).where(Seat.game_id == game.id, Seat.seat == 0)
                           .values(computer="easy"))
        db.session.commit()
    assert daily_mails(app) == 0
