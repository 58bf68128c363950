"""Beat's scheduler, with a heartbeat file that says beat is alive and ticking.

Every beat of the service runs with ``--scheduler worker.beat_scheduler:HeartbeatScheduler``
(compose, the production shape, ``make run``). It is Celery's own persistent scheduler, which
also touches ``<schedule file>.heartbeat`` at each tick; ``python -m worker.health beat``
reads the file's age. A beat process that hangs or died leaves the file to age, whatever
the reason; a beat that ticks while the broker is down still counts as alive (its sends
fail and are logged, and the outbox sweep makes up for them once the broker is back).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from celery.beat import PersistentScheduler

HEARTBEAT_SUFFIX = ".heartbeat"
TICK_AT_LEAST_EVERY_SECONDS = 15.0
"""Beat wakes at least this often, even when no entry is due, so the heartbeat stays fresh
whatever the schedule's intervals (Celery's own bound is 5 minutes)."""


def heartbeat_path(schedule_filename: str | Path) -> Path:
    """Return the heartbeat file of the beat whose schedule file is ``schedule_filename``."""
    return Path(f"{schedule_filename}{HEARTBEAT_SUFFIX}")


class HeartbeatScheduler(PersistentScheduler):
    """Celery's persistent scheduler, touching its heartbeat file at every tick."""

    max_interval = TICK_AT_LEAST_EVERY_SECONDS

    def tick(self, *args: Any, **kwargs: Any) -> float:
        """Touch the heartbeat file, then send what is due; return the seconds to sleep."""
        heartbeat_path(self.schedule_filename).touch()
        return super().tick(*args, **kwargs)


SCHEDULER = f"{__name__}:{HeartbeatScheduler.__name__}"
"""The value of beat's ``--scheduler`` option."""
