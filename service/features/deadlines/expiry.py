"""What the periodic check does for one game: send the reminder, or act for a late seat.

Each function is one transaction on one game, picked by the check but re-read here, and
claims its work with a conditional UPDATE of the game row (the deadline or reminder time it
read, the version, not paused), so that two checks running at once, a check run twice for
the same instant, or a player moving at the last moment never lead to a second reminder or
a second flip: whoever comes second finds nothing to do.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import InstrumentedAttribute, Session

import engine
from engine.timeouts import timeout_action
from service.features.deadlines import pacing
from service.features.deadlines.reminder import write_reminder
from service.kernel import pace
from service.kernel.models import Game, Seat
from service.kernel.pipeline import game_changed
from service.kernel.store import StaleWrite, append_event, load_state, save_transition
from service.kernel.vocabulary import ACTIVE, REMINDER, TIMEOUT
from service.plumbing.clock import iso
from service.plumbing.unit_of_work import read_transaction, rows_changed, write_transaction


def _due(column: InstrumentedAttribute[datetime | None], now: datetime) -> list[str]:
    with read_transaction() as session:
        return list(session.scalars(
            select(Game.id).where(column <= now, Game.status == ACTIVE,
                                  Game.paused_at.is_(None)).order_by(column)
        ))


def expired_games(now: datetime) -> list[str]:
    """Return the ids of the running games whose sub-turn deadline has passed at ``now``."""
    return _due(Game.move_deadline, now)


def games_to_remind(now: datetime) -> list[str]:
    """Return the ids of the running games whose reminder is due at ``now``."""
    return _due(Game.reminder_at, now)


def _claim(session: Session, game: Game, column: str, value: datetime, *clear: str,
           **values: datetime) -> bool:
    """Clear ``column`` (and the ``clear`` ones), or set them to ``values``, if it still
    holds ``value``, the game's version is the one read and it runs; True if so."""
    claimed = session.execute(
        update(Game).where(Game.id == game.id, Game.version == game.version,
                           Game.status == ACTIVE, Game.paused_at.is_(None),
                           getattr(Game, column) == value)
        .values({name: values.get(name) for name in (column, *clear)})
    )
    return rows_changed(claimed) == 1


def expire(game_id: str, now: datetime) -> int | None:
    """Spend the vacation of the seat whose time ran out, or flip its waiting figure
    (``engine.timeouts``).

    Vacation days go first (``service.kernel.pace``): the deadline moves on a day per day spent,
    and if that puts it after ``now`` nothing else happens (a ``vacation`` event is written).
    Once the bank is empty the flip is stored as that seat's action, after a ``timeout``
    event, through the same path as a player's action (``save_transition``): the next
    sub-turn gets its deadline, or the monster-phase job is written if that was the last
    figure; the seat's missed deadlines are counted, and an absent seat may go to the
    computer (``service.features.deadlines.pacing``). Returns the new version, or None when no flip
    was made.
    """
    try:
        with write_transaction() as session:
            game = session.get(Game, game_id)
            deadline = None if game is None else game.move_deadline
            if game is None or deadline is None or deadline > now:
                return None
            state = load_state(game)
            assert state is not None and state.to_move is not None  # it had a deadline
            seat = state.to_move
            late = session.get(Seat, (game_id, seat))
            assert late is not None
            spent = pace.days_to_spend(deadline, now, pace.days_left(game, late))
            if spent:
                moved = deadline + spent * pace.DAY
                if not _claim(session, game, "move_deadline", deadline, "reminder_at",
                              move_deadline=moved):
                    return None
                pacing.spend_vacation(session, game, late, spent, moved, now)
                if moved > now:
                    return None
                deadline = moved
            if not _claim(session, game, "move_deadline", deadline, "reminder_at"):
                return None
            action = timeout_action(state)
            done = engine.apply_action(state, action, seat, expected_version=game.version)
            timeout = {"type": TIMEOUT, "seat": seat, "deadline": iso(deadline)}
            transition = engine.Transition(done.state, (timeout, *done.events))
            change = save_transition(session, game, transition, now, action, seat)
            # Counted before the reactions: a seat the computer takes now is played by it
            # (service.features.computer), and gets no "your move" mail.
            pacing.count_missed(session, game, late, now)
            game_changed(session, change)
            return game.version
    except StaleWrite:
        return None


def remind(game_id: str, now: datetime) -> bool:
    """Tell the seat to act that its time runs out soon: a ``reminder`` event and an email
    (``service.features.deadlines.reminder``).

    Returns False, having written nothing, when the reminder is not due or was sent.
    """
    with write_transaction() as session:
        game = session.get(Game, game_id)
        due = None if game is None else game.reminder_at
        if game is None or due is None or due > now:
            return False
        if not _claim(session, game, "reminder_at", due):
            return False
        to_move = (game.state or {})["to_move"]
        deadline = game.move_deadline
        assert deadline is not None and to_move is not None  # the reminder comes before it
        append_event(session, game, {"type": REMINDER, "seat": to_move,
                                     "deadline": iso(deadline)}, now)
        seat = session.get(Seat, (game_id, to_move))
        if seat is not None:
            write_reminder(session, game, seat, deadline, now)
        return True

