"""The reminder (service.features.deadlines.reminder) and an address that chose one mail a day
for all its games (service.features.mail.daily): no reminder goes to it; the daily mail says
the time left instead."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from tests.deadlines.conftest import START, SettableClock
from tests.deadlines.helpers import HOUR, LIMIT, check, new_timed_game, reminders
from tests.service.helpers import auth

REMINDER = START + timedelta(seconds=LIMIT - HOUR)


def test_an_address_on_the_daily_mail_gets_no_reminder(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, seats=[{"name": "Ann", "email": "ann@example.com"},
                                         {"name": "Bob", "email": "bob@example.com"}])
    response = client.put(game.url("/daily-mail"), json={"daily": True},
                          headers=auth(game.seat_tokens[0]))
    assert response.status_code == 200
    assert check(app, REMINDER).reminded == [game.id]  # the reminder is due, and noted
    assert reminders(app) == []
