"""Each seat's email preference and its last activity on the game's page.

Modes: ``every_event`` (its turn, monster phases, the end), ``my_turn`` (its turn and the
end), ``digest`` (one email a day at most, see :mod:`service.features.mail.digest`), ``none``.
Answers (to the seat's emails to its reply address, ``service.features.mailin``): ``needed``
(only those that need one: ``service.features.mailin.needed``) or ``every``.

A seat is present while it has the game open on its page: the page's live stream marks it
(:func:`mark_present`, from ``service.features.live.presence``, when the stream opens and
then every 40 s or so while it stays open), and a seat marked within the last
:data:`ACTIVE_WINDOW` gets no email about the game (it is looking at it). Reading the game
through the API marks nothing: a script or a bot that reads is not a player looking.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.kernel.models import SeatNotifications
from service.plumbing.columns import utcnow
from service.plumbing.unit_of_work import write_transaction

EVERY_EVENT = "every_event"
MY_TURN = "my_turn"
DIGEST = "digest"
NONE = "none"
MODES = (EVERY_EVENT, MY_TURN, DIGEST, NONE)
# One mail per turn by default: "your move" (which tells the monster phases since) and the
# end; a seat that wants the monster's walks as they happen chooses every_event.
DEFAULT_MODE = MY_TURN
ANSWERS_NEEDED = "needed"
ANSWERS_EVERY = "every"
ANSWERS = (ANSWERS_NEEDED, ANSWERS_EVERY)
DEFAULT_ANSWERS = ANSWERS_NEEDED

ACTIVE_WINDOW = timedelta(minutes=1)


def settings_of(session: Session, game_id: str) -> dict[int, SeatNotifications]:
    """Return the stored rows of a game's seats, by seat (seats without one are absent)."""
    rows = session.scalars(select(SeatNotifications).where(SeatNotifications.game_id == game_id))
    return {row.seat: row for row in rows}


def mode_of(row: SeatNotifications | None) -> str:
    """Return a seat's email mode (the default when it has no row)."""
    return DEFAULT_MODE if row is None else row.email_mode


def answers_of(row: SeatNotifications | None) -> str:
    """Return which of a seat's emails are answered (the default when it has no row)."""
    return DEFAULT_ANSWERS if row is None else row.answers


def is_active(row: SeatNotifications | None, now: datetime) -> bool:
    """True when the seat's page was open within the last minute (:func:`mark_present`)."""
    return row is not None and row.last_active_at is not None and (
        now - row.last_active_at < ACTIVE_WINDOW)


def upsert(session: Session, game_id: str, seat: int, values: Mapping[str, Any]) -> None:
    """Write ``values`` into the seat's row, making the row (default mode) if it is missing."""
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    now = utcnow()
    changes = {"updated_at": now, **values}
    session.execute(
        insert(SeatNotifications)
        .values({"game_id": game_id, "seat": seat, "email_mode": DEFAULT_MODE, **changes})
        .on_conflict_do_update(index_elements=["game_id", "seat"], set_=changes)
    )


def mark_present(game_id: str, seat: int) -> None:
    """Note, in a transaction of its own, that the seat has the game open on its page now."""
    with write_transaction() as session:
        upsert(session, game_id, seat, {"last_active_at": utcnow()})
