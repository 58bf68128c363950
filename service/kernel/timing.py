"""The deadline of the current sub-turn: set when a seat is to act, cleared when nobody is.

A game with a ``move_time_limit`` gives each sub-turn (each time a seat is to act, also the
same seat again when the others have nothing left to move) the whole limit, counted from
the moment the sub-turn begins; while the game is paused it is counted from the pause, so
that resuming, which shifts every deadline by the time paused, gives the full limit from the
resumption. The reminder is due when ``DEADLINE_REMINDER_FRACTION`` of the limit is left.
Nobody is to act in the monster phase or after the end: then there is no deadline.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import update
from sqlalchemy.orm import Session

from service.kernel.models import Game, GameRow, hold_written
from service.kernel.vocabulary import ACTIVE
from service.plumbing import clock


def deadlines_from(game: GameRow, start: datetime) -> tuple[datetime | None, datetime | None]:
    """Return the deadline and the reminder time of a sub-turn of ``game`` starting at
    ``start`` (None, None: the game has no limit or nobody is to act)."""
    to_move = (game.state or {}).get("to_move")
    if not game.move_time_limit or game.status != ACTIVE or to_move is None:
        return None, None
    limit = timedelta(seconds=game.move_time_limit)
    deadline = start + limit
    fraction = float(current_app.config["DEADLINE_REMINDER_FRACTION"])
    reminder = deadline - limit * fraction if fraction > 0 else None
    return deadline, reminder


def start_sub_turn(session: Session, game: GameRow) -> None:
    """Set the deadline of the sub-turn that ``game`` (just written) now waits for.

    Called in the transaction of every change that writes a game's state (a start, an
    action, a monster phase), after the game row was updated; ``game`` holds the new values,
    and the deadline's too once this returns (the view built next shows them). Writes
    nothing for a game without a limit that never had a deadline.
    """
    paused_at = game.paused_at if game.status == ACTIVE else None
    deadline, reminder = deadlines_from(game, paused_at or clock.now())
    if (deadline, reminder, paused_at) == (game.move_deadline, game.reminder_at,
                                           game.paused_at):
        return
    values = {"move_deadline": deadline, "reminder_at": reminder, "paused_at": paused_at}
    session.execute(update(Game).where(Game.id == game.id).values(values))
    hold_written(game, values)
