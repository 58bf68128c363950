"""The arithmetic of a game's pace: a seat's vacation days, and when it counts as absent.

A seat's vacation is whole days, per game, spent when the seat's deadline passes.

The creator gives every seat of a game the same bank (``games.vacation_days``, 0: none);
each seat counts what it spent (``seats.vacation_used``). When a seat's deadline passes, the
periodic check spends whole days of its bank first, as many as it takes for the deadline,
moved on by a day each, to lie after the check's time, and only once the bank is empty is
the timeout flip made (``service.features.deadlines.expiry``; the rule and its reasons:
``docs/deadlines.md``). A seat that has missed as many deadlines as the creator set is
*absent*: the creator is told they may hand it on, and if they chose a level for absent
seats the computer takes it (``service.features.deadlines.pacing``).
Arithmetic only: no database, no clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from service.kernel.models import GameRow, SeatRow

DAY = timedelta(days=1)
MAX_VACATION_DAYS = 60
"""The most days a creator may give each seat."""
MAX_MISSED_DEADLINES_LIMIT = 20
"""The most missed deadlines a creator may wait for before being told."""
PACE_SETTINGS = ("vacation_days", "missed_deadlines_limit", "absent_computer")
"""The creator's settings of a game's pace, which ``PUT /pace`` changes."""


def days_left(game: GameRow, seat: SeatRow) -> int:
    """Return the whole days of vacation ``seat`` has left in ``game`` (never below 0: the
    creator may lower the bank below what a seat has spent)."""
    return max(0, (game.vacation_days or 0) - (seat.vacation_used or 0))


def days_to_spend(deadline: datetime, now: datetime, left: int) -> int:
    """Return how many vacation days a deadline that has passed at ``now`` spends: enough that
    the deadline moved on by that many days lies after ``now``, at most ``left``.

    >>> from datetime import UTC
    >>> due = datetime(2030, 1, 7, 13, 0, tzinfo=UTC)
    >>> days_to_spend(due, due, 3), days_to_spend(due, due + 2 * DAY, 3)
    (1, 3)
    >>> days_to_spend(due, due + 5 * DAY, 3), days_to_spend(due - DAY, due, 0)
    (3, 0)
    """
    if deadline > now or left <= 0:
        return 0
    return min(left, (now - deadline) // DAY + 1)


def is_absent(game: GameRow, seat: SeatRow) -> bool:
    """True when ``seat`` has missed as many deadlines as the creator set, or more."""
    limit = game.missed_deadlines_limit
    return limit is not None and (seat.missed_deadlines or 0) >= limit
