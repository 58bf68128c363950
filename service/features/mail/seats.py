"""Each seat's email preference and its last activity on the game's page.

Modes: ``every_event`` (its turn, monster phases, the end), ``my_turn`` (its turn and the
end), ``digest`` (one email a day at most, see :mod:`service.features.mail.digest`), ``none``.
Activity is recorded when the seat reads the game with its token; a seat active in the last
:data:`ACTIVE_WINDOW` gets no email about the game (it is looking at it). To keep reads
cheap, a read writes only when the stored time is older than :data:`ACTIVITY_STEP`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.kernel.auth import SEAT, Caller
from service.kernel.models import SeatNotifications
from service.plumbing.columns import utcnow
from service.plumbing.unit_of_work import write_transaction

EVERY_EVENT = "every_event"
MY_TURN = "my_turn"
DIGEST = "digest"
NONE = "none"
MODES = (EVERY_EVENT, MY_TURN, DIGEST, NONE)
DEFAULT_MODE = EVERY_EVENT

ACTIVE_WINDOW = timedelta(minutes=1)
ACTIVITY_STEP = timedelta(seconds=15)


def settings_of(session: Session, game_id: str) -> dict[int, SeatNotifications]:
    """Return the stored rows of a game's seats, by seat (seats without one are absent)."""
    rows = session.scalars(select(SeatNotifications).where(SeatNotifications.game_id == game_id))
    return {row.seat: row for row in rows}


def mode_of(row: SeatNotifications | None) -> str:
    """Return a seat's email mode (the default when it has no row)."""
    return DEFAULT_MODE if row is None else row.email_mode


def is_active(row: SeatNotifications | None, now: datetime) -> bool:
    """True when the seat read the game on its page within the last minute."""
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


def record_read(game_id: str, caller: Caller, last: datetime | None) -> None:
    """Note that a seat just read its game (other callers are not players: nothing to do).

    ``last`` is when the seat's last read was recorded, as the read found it (None: never).
    """
    if caller.kind != SEAT or caller.seat is None:
        return
    now = utcnow()
    if last is not None and now - last < ACTIVITY_STEP:
        return
    with write_transaction() as session:
        upsert(session, game_id, caller.seat, {"last_active_at": now})
