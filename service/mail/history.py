"""What happened in a game, in lines of words: players' actions and monster phases, in order.

Used by the "your move" email (since the seat's own last move) and the daily digest (since
the last digest). Monster phases are told by the engine's ``narrate_monster``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from itertools import groupby

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from engine.events import CARD
from engine.narrate import narrate_monster
from service.models import Action, Event, SeatRow

MAX_LINES = 30


def players_of(seats: Sequence[SeatRow]) -> dict[int, str]:
    """Return ``Ann (red)`` for each seat number."""
    return {s.seat: f"{s.name or 'seat ' + str(s.seat)} ({s.colour})" for s in seats}


def _lines(session: Session, game_id: str, players: Mapping[int, str],
           action_filter: ColumnElement[bool], event_filter: ColumnElement[bool]) -> list[str]:
    actions = session.scalars(select(Action).where(Action.game_id == game_id, action_filter))
    told = [(a.version_after, f"{players.get(a.seat, a.seat)}: {a.notation}") for a in actions]
    events = session.scalars(select(Event).where(
        Event.game_id == game_id, Event.action_seq.is_(None), event_filter
    ).order_by(Event.seq))
    for version, group in groupby(events, key=lambda e: e.version):
        phase = [e.data for e in group]
        # Events of no action are monster phases, and also deadline notes (reminder, pause,
        # resume) that are not told here; only a group with a drawn card is a monster phase.
        if any(data.get("type") == CARD for data in phase):
            told.append((version, "The monster: " + narrate_monster(phase)))
    lines = [line for _, line in sorted(told, key=lambda item: item[0])]
    if len(lines) > MAX_LINES:
        skipped = len(lines) - MAX_LINES
        lines = [f"({skipped} earlier moves not shown)"] + lines[-MAX_LINES:]
    return lines


def since_last_move(session: Session, game_id: str, seat: int,
                    players: Mapping[int, str]) -> list[str]:
    """Return what happened since ``seat``'s last action (everything, if it has none)."""
    last = session.scalar(select(func.max(Action.version_after)).where(
        Action.game_id == game_id, Action.seat == seat)) or 0
    return _lines(session, game_id, players, Action.version_before >= last,
                  Event.version > last)


def since(session: Session, game_id: str, moment: datetime,
          players: Mapping[int, str]) -> list[str]:
    """Return what happened in the game after ``moment``."""
    return _lines(session, game_id, players, Action.created_at > moment,
                  Event.created_at > moment)
