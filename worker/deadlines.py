"""The periodic check of deadlines: reminders due and sub-turns whose time ran out.

Beat runs :func:`check_deadlines_task` every minute or so; :func:`check_deadlines` is the
plain function it calls with the time of the service's clock (``service.plumbing.clock``), which
tests call directly with the instant they want. Each game is handled in its own
transaction by ``service.features.deadlines.expiry``, which claims its work with a conditional
UPDATE: running the check twice for the same instant, or two checks at once, changes nothing
the second time. Expiries go first, so a seat whose time already ran out gets no reminder.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from celery import shared_task

from service.features.deadlines import expiry
from service.plumbing import clock

CHECK_DEADLINES = "worker.deadlines.check_deadlines"


@dataclass(slots=True)
class CheckResult:
    """What one check did: the games whose sub-turn expired, and those reminded."""

    expired: list[str] = field(default_factory=list)
    reminded: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, list[str]]:
        """Return the result as JSON-ready data (the task's return value)."""
        return {"expired": self.expired, "reminded": self.reminded}


def check_deadlines(now: datetime) -> CheckResult:
    """Act on every running game whose deadline or reminder time is at or before ``now``.

    Must run in an app context (the Celery tasks of ``celery_init_app`` do).
    """
    result = CheckResult()
    for game_id in expiry.expired_games(now):
        if expiry.expire(game_id, now) is not None:
            result.expired.append(game_id)
    for game_id in expiry.games_to_remind(now):
        if expiry.remind(game_id, now):
            result.reminded.append(game_id)
    return result


@shared_task(name=CHECK_DEADLINES, ignore_result=True)
def check_deadlines_task() -> dict[str, list[str]]:
    """Check the deadlines at the service clock's time (beat sends this every minute)."""
    return check_deadlines(clock.now()).to_dict()
