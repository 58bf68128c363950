"""Reading and writing games in the service layer's transaction.

Every change to a started game goes through :func:`save_transition`: a conditional UPDATE on
the version the caller read, so of two concurrent changes to one version exactly one is
written; then the action, the events, the monster-phase job and the notifications, all in the
same transaction.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

import engine
from engine import Transition
from service import notifications, outbox
from service.deadlines.timing import start_sub_turn
from service.models import Action, Event, Game, Seat

OPEN = "open"
ACTIVE = "active"
FINISHED = "finished"
CANCELLED = "cancelled"

MONSTER = "monster"
OVER = "over"


class StaleWrite(Exception):
    """The game row was no longer at the version (or status) the change was made against."""


def seats_of(session: Session, game_id: str) -> list[Seat]:
    """Return the seats of a game, in seat order."""
    return list(session.scalars(select(Seat).where(Seat.game_id == game_id).order_by(Seat.seat)))


def save_transition(
    session: Session,
    game: Game,
    transition: Transition,
    now: datetime,
    action: engine.Action | None = None,
    seat: int | None = None,
) -> tuple[Action | None, list[Event]]:
    """Write ``transition`` of ``game`` (read at ``game.version``) and what comes with it.

    ``action`` is the player's action that caused it (None: the monster phase). Raises
    :class:`StaleWrite` when another change got there first; then nothing is written. On
    success ``game`` holds the new values.
    """
    state = transition.state
    values: dict[str, Any] = {
        "state": engine.state_to_dict(state),
        "version": state.version,
        "phase": state.phase,
        "updated_at": now,
        "event_count": game.event_count + len(transition.events),
    }
    if action is not None:
        values["action_count"] = game.action_count + 1
    if state.phase == OVER:
        values.update(status=FINISHED, finished_at=now)
    action_seq = game.action_count + 1 if action is not None else None
    event_seq, version_before = game.event_count, game.version
    result = session.execute(
        update(Game)
        .where(Game.id == game.id, Game.version == version_before, Game.status == ACTIVE)
        .values(values)
    )
    if result.rowcount != 1:
        raise StaleWrite(game.id)
    row = None
    if action is not None and seat is not None:
        row = Action(game_id=game.id, seq=action_seq, seat=seat,
                     notation=engine.format_action(action), action=engine.action_to_dict(action),
                     version_before=version_before, version_after=state.version, created_at=now)
        session.add(row)
    events = [
        Event(game_id=game.id, seq=event_seq + i, version=state.version, action_seq=action_seq,
              type=str(data.get("type", "")), data=data, created_at=now)
        for i, data in enumerate(transition.events, start=1)
    ]
    session.add_all(events)
    if state.phase == MONSTER:
        outbox.monster_phase_job(session, game.id, state.version)
    start_sub_turn(session, game)
    notifications.notify_about(session, game, transition.events)
    return row, events
