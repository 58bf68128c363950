"""The pace of a game: vacation days spent for a late seat, missed deadlines counted, and the
creator's settings of both.

When a seat's deadline passes, the periodic check (``service.features.deadlines.expiry``) first
spends its vacation days (:func:`spend_vacation`; the arithmetic is ``service.kernel.pace``),
and only when they are gone flips for it and counts a missed deadline
(:func:`count_missed`). The missed deadlines only *prompt* the creator: once a seat has
missed as many as the creator set (``missed_deadlines_limit``), the game view marks it
``absent`` and the creator's webhooks hear ``seat.absent``, once; the creator may then give
the seat to a new player (``service.features.games.host``) or to the computer
(``service.features.computer``), which they could do at any time, and until they do the timeout flip
goes on as before. If the creator chose a level for absent seats (``absent_computer``),
the computer takes the seat at the deadline that makes it absent (or, for a seat absent
already when the level was chosen, at its next one), and its player is told by email.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from service.features.computer.service import take_absent_seat
from service.features.notifications import service as notifications
from service.kernel import pace
from service.kernel.auth import CREATOR, authenticate
from service.kernel.models import Game, Seat, hold_written
from service.kernel.store import append_event, seats_of
from service.kernel.views import game_view
from service.kernel.vocabulary import ACTIVE, OPEN, VACATION
from service.plumbing import clock, signals
from service.plumbing.clock import iso
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.i18n.words import status_name
from service.plumbing.unit_of_work import rows_changed, write_transaction


def spend_vacation(session: Session, game: Game, seat: Seat, days: int,
                   deadline: datetime, now: datetime) -> None:
    """Count ``days`` more of the seat's vacation as spent, the deadline having moved on to
    ``deadline`` (the caller claimed that move), and write a ``vacation`` event."""
    session.execute(update(Seat).where(Seat.game_id == seat.game_id, Seat.seat == seat.seat)
                    .values(vacation_used=Seat.vacation_used + days))
    session.refresh(seat)
    event = append_event(session, game, {"type": VACATION, "seat": seat.seat, "days": days,
                                         "days_left": pace.days_left(game, seat),
                                         "deadline": iso(deadline)}, now)
    # The game row holds them now; a flip written next numbers its events after this one.
    hold_written(game, {"event_count": event.seq, "move_deadline": deadline,
                        "reminder_at": None})
    signals.game_touched(session, game.id)


def count_missed(session: Session, game: Game, seat: Seat, now: datetime) -> None:
    """Count a missed deadline of ``seat`` (its timeout flip was just made, its reactions not
    yet run); if the seat is absent now, the computer may take it (``absent_computer``);
    when the count makes as many as the creator set, tell the creator's webhooks
    (``seat.absent``), once."""
    session.execute(update(Seat).where(Seat.game_id == seat.game_id, Seat.seat == seat.seat)
                    .values(missed_deadlines=Seat.missed_deadlines + 1))
    session.refresh(seat)
    take_absent_seat(session, game, seat, now)
    if seat.missed_deadlines == game.missed_deadlines_limit:
        notifications.tell_absent(session, game, seat)


def set_pace(game_id: str, token: str | None, settings: dict[str, Any]) -> dict[str, Any]:
    """Set the game's vacation days per seat, its missed-deadlines limit and the computer's
    level for absent seats (any of them; the creator's token); return the game as the
    creator sees it.

    A new bank counts what each seat has spent already: lowered below it, the seat has no
    days left. A limit lowered to a count a seat has reached marks it absent at once, and
    its webhook is not sent (it is sent when a timeout reaches the limit); the computer
    takes such a seat at its next missed deadline, not at once. Refusals: 409
    ``game/ended`` for a game over or cancelled.
    """
    now = clock.now()
    values: dict[str, Any] = {name: settings[name] for name in pace.PACE_SETTINGS
                              if name in settings}
    with write_transaction() as session:
        game, caller = authenticate(session, game_id, token, kinds=(CREATOR,))
        changed = session.execute(
            update(Game).where(Game.id == game_id, Game.status.in_((OPEN, ACTIVE)))
            .values(**values, updated_at=now)
        )
        if rows_changed(changed) != 1:
            # TRANSLATORS: %(status)s is the game's status: "finished" or "cancelled".
            raise ServiceError("game/ended", _("This game is %(status)s: its pace stays as it "
                                               "is.", status=status_name(game.status)),
                               {"status": game.status})
        hold_written(game, {**values, "updated_at": now})
        signals.game_touched(session, game_id)
        return game_view(game, seats_of(session, game_id), caller)
