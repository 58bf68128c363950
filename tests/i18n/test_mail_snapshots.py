"""A "your move" mail in each language, as the seat receives it, against its snapshot in
``tests/i18n/snapshots/``: the subject and the text part, written by the real use cases for
a seat of a game in that language, with a deadline in the seat's time zone (the clock
stands still: ``tests.deadlines.conftest.START``).

Links, tokens and the game's id are random: they are replaced by placeholders before the
comparison. To accept a changed mail, delete its snapshot and run the test once (it writes
the file and fails), then read the new file before committing it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from service.kernel.models import Seat
from service.plumbing.extensions import db
from tests.deadlines.conftest import SettableClock
from tests.mail.helpers import email_rows
from tests.service.helpers import create_game, play_one

SNAPSHOTS = Path(__file__).parent / "snapshots"
ZONES = {"en": "America/New_York", "de": "Europe/Berlin", "es": "Europe/Madrid",
         "pl": "Europe/Warsaw"}
SEATS = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]


def steady(text: str, game_id: str) -> str:
    """``text`` with what differs from run to run replaced: the game's id, links, tokens."""
    text = text.replace(game_id, "<game>")
    text = re.sub(r"https?://\S+", "<link>", text)
    return re.sub(r"play\+[\w.-]+@\S+", "<reply address>", text)


@pytest.mark.parametrize("language", sorted(ZONES))
def test_a_your_move_mail_reads_as_its_snapshot(app: Flask, client: FlaskClient,
                                                clock: SettableClock, language: str) -> None:
    game = create_game(client, seats=SEATS, name="Friday", language=language,
                       move_time_limit=2 * 86_400)
    with app.app_context():
        db.session.execute(update(Seat).where(Seat.game_id == game.id, Seat.seat == 1)
                           .values(time_zone=ZONES[language]))
        db.session.commit()
    play_one(client, game)
    [mail] = [row.payload for row in email_rows(app, "turn") if row.payload.get("seat") == 1]
    shown = steady(f"Subject: {mail['subject']}\n\n{mail['text']}", game.id)
    snapshot = SNAPSHOTS / f"your_move.{language}.txt"
    if not snapshot.exists():
        snapshot.write_text(shown, encoding="utf-8")
        pytest.fail(f"wrote {snapshot.name}: read it, then run again")
    assert shown == snapshot.read_text(encoding="utf-8")
