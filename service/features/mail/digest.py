"""The daily digest: one email a day at most to each seat in ``digest`` mode, when it has news.

Beat runs :func:`send_digests` every hour or so; a seat is due when its last digest is a day
old. Each seat is written in its own short transaction that checks again that it is due, and
the email's dedupe key names the period it covers, so running twice at once writes one
email. A seat with no news, or active on its page in the last minute, is left for a later run;
so is a seat whose address chose one mail a day for all its games (:mod:`.daily_mail` lists
the game instead) until it chooses a mail per game again.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.orm import Session

from engine.state import OVER
from service.features.mail import compose, history
from service.features.mail.daily import replaces_game_mails
from service.features.mail.notices import (
    in_seat_language,
    outcome_words,
    reader_of,
    talk_line,
    write_mail,
)
from service.features.mail.seats import DIGEST, is_active, upsert
from service.features.talk.service import since_moment
from service.kernel.models import Game, Seat, SeatNotifications
from service.kernel.narration import board_and_status
from service.kernel.store import load_state
from service.kernel.vocabulary import ACTIVE, FINISHED
from service.plumbing.columns import utcnow
from service.plumbing.i18n import _
from service.plumbing.unit_of_work import read_transaction, write_transaction

EVERY = timedelta(days=1)


def _is_due(now: datetime) -> ColumnElement[bool]:
    return (SeatNotifications.email_mode == DIGEST) & or_(
        SeatNotifications.digest_sent_at.is_(None), SeatNotifications.digest_sent_at <= now - EVERY)


def send_digests(now: datetime | None = None) -> int:
    """Write the digest of every seat that is due and has news; return how many were written.

    Must run in an app context.
    """
    now = now or utcnow()
    with read_transaction() as session:
        due = session.execute(
            select(SeatNotifications.game_id, SeatNotifications.seat)
            .join(Game, Game.id == SeatNotifications.game_id)
            .where(_is_due(now), Game.status.in_((ACTIVE, FINISHED)))
        ).all()
    return sum(_send_one(game_id, seat, now) for game_id, seat in due)


def _send_one(game_id: str, seat_number: int, now: datetime) -> bool:
    with write_transaction() as session:
        prefs = session.scalar(select(SeatNotifications).where(
            SeatNotifications.game_id == game_id, SeatNotifications.seat == seat_number,
            _is_due(now)))
        game = session.get(Game, game_id)
        seat = session.get(Seat, (game_id, seat_number))
        if prefs is None or game is None or seat is None or not seat.email:
            return False
        if is_active(prefs, now) or replaces_game_mails(session, seat.email):
            return False
        since = prefs.digest_sent_at or game.started_at or game.created_at
        if not _write_digest(session, game, seat, since):
            return False
        upsert(session, game_id, seat_number, {"digest_sent_at": now})
    return True


def _write_digest(session: Session, game: Game, seat: Seat, since: datetime) -> bool:
    """Write the digest of ``seat`` covering what happened after ``since``; False: no news."""
    state = load_state(game)
    seats = list(session.scalars(select(Seat).where(Seat.game_id == game.id)
                                 .order_by(Seat.seat)))
    with in_seat_language(game, seat):
        players = history.players_of(seats)
        lines = history.since(session, game.id, since, players)
        said = [talk_line(m, players)
                for m in since_moment(session, game.id, since, exclude_seat=seat.seat)]
        if state is None or not (lines or said):
            return False
        if state.phase == OVER:
            status = outcome_words(state, players)[0]
        elif state.to_move == seat.seat:
            status = _("It is your turn.")
        elif state.to_move is not None:
            # TRANSLATORS: %(player)s is a player and their colour: "Ann (red)".
            status = _("%(player)s is to move.", player=players[state.to_move])
        else:
            status = _("The monster is about to move.")
        reader = reader_of(session, game, seat, DIGEST)
        mail = compose.digest(reader, lines, said, status, board_and_status(state))
    write_mail(session, seat, mail, "digest",
               f"mail:{game.id}:{seat.seat}:digest:{since.isoformat()}")
    return True
