"""Reading and writing games in the service layer's transaction.

Every change to a started game goes through :func:`save_transition`: a conditional UPDATE on
the version the caller read, so of two concurrent changes to one version exactly one is
written; then the action, the events, the monster-phase job and the notifications, all in the
same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, exists, insert, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

import engine
from engine import Transition
from service import notifications, outbox
from service.deadlines.timing import start_sub_turn
from service.models import Action, Event, Game, Seat
from service.webhooks.models import WebhookEndpoint

OPEN = "open"
ACTIVE = "active"
FINISHED = "finished"
CANCELLED = "cancelled"

MONSTER = "monster"
OVER = "over"


class StaleWrite(Exception):
    """The game row was no longer at the version (or status) the change was made against."""


# Statements built once: the submission path runs them on every move, and building a statement
# costs more than running it. The UPDATE takes its SET columns from the parameters given.
_GAMES = Game.__table__
_SEATS_OF = select(Seat).where(Seat.game_id == bindparam("game_id")).order_by(Seat.seat)
_HOOKS = WebhookEndpoint.__table__
_SEATS_AND_HOOKS = (
    select(Seat, exists().where(_HOOKS.c.game_id == Seat.game_id,
                                _HOOKS.c.enabled.is_(True)).label("has_webhooks"))
    .where(Seat.game_id == bindparam("game_id")).order_by(Seat.seat))
_UPDATE_IF_CURRENT = update(_GAMES).where(
    _GAMES.c.id == bindparam("b_id"), _GAMES.c.version == bindparam("b_version"),
    _GAMES.c.status == ACTIVE)
_INSERT_ACTION = insert(Action.__table__)
_INSERT_EVENTS = insert(Event.__table__)


def seats_of(session: Session, game_id: str) -> list[Seat]:
    """Return the seats of a game, in seat order."""
    return list(session.scalars(_SEATS_OF, {"game_id": game_id}))


def seats_and_webhooks(session: Session, game_id: str) -> tuple[list[Seat], bool]:
    """Return the seats of a game, in seat order, and whether it has an enabled webhook
    endpoint (for :func:`save_transition`), in one query."""
    rows = session.execute(_SEATS_AND_HOOKS, {"game_id": game_id}).all()
    return [row.Seat for row in rows], bool(rows and rows[0].has_webhooks)


def save_transition(
    session: Session,
    game: Game,
    transition: Transition,
    now: datetime,
    action: engine.Action | None = None,
    seat: int | None = None,
    seats: Sequence[Seat] | None = None,
    has_webhooks: bool | None = None,
) -> tuple[Action | None, list[Event]]:
    """Write ``transition`` of ``game`` (read at ``game.version``) and what comes with it.

    ``action`` is the player's action that caused it (None: the monster phase); ``seats``
    and ``has_webhooks``, what :func:`seats_and_webhooks` says, when the caller has asked.
    Raises :class:`StaleWrite` when another change got there first; then nothing is written.
    On success ``game`` holds the new values. The rows are written with Core statements, not
    the unit of work: the action and events returned are not in the session (they are only
    read afterwards).
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
    connection = session.connection()
    result = connection.execute(_UPDATE_IF_CURRENT,
                                {"b_id": game.id, "b_version": version_before, **values})
    if result.rowcount != 1:
        raise StaleWrite(game.id)
    for name, value in values.items():  # what the row now holds, without a second UPDATE
        set_committed_value(game, name, value)
    row = None
    if action is not None and seat is not None:
        row = Action(game_id=game.id, seq=action_seq, seat=seat,
                     notation=engine.format_action(action), action=engine.action_to_dict(action),
                     version_before=version_before, version_after=state.version, created_at=now)
        connection.execute(_INSERT_ACTION, {
            "game_id": row.game_id, "seq": row.seq, "seat": row.seat, "notation": row.notation,
            "action": row.action, "version_before": row.version_before,
            "version_after": row.version_after, "created_at": now})
    events = [
        Event(game_id=game.id, seq=event_seq + i, version=state.version, action_seq=action_seq,
              type=str(data.get("type", "")), data=data, created_at=now)
        for i, data in enumerate(transition.events, start=1)
    ]
    if events:
        connection.execute(_INSERT_EVENTS, [
            {"game_id": e.game_id, "seq": e.seq, "version": e.version,
             "action_seq": e.action_seq, "type": e.type, "data": e.data, "created_at": now}
            for e in events])
    if state.phase == MONSTER:
        outbox.monster_phase_job(session, game.id, state.version)
    start_sub_turn(session, game)
    notifications.notify_about(session, game, transition.events, state=state, seats=seats,
                               has_webhooks=has_webhooks)
    return row, events
