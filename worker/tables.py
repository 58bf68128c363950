"""The periodic start of the rematches whose time to answer is over
(``service.features.tables``).

Beat sends :func:`start_rematches_task` every ``DEADLINE_CHECK_SECONDS``; a rematch starts once
however many runs overlap (its status is claimed with a conditional UPDATE), so it is
acknowledged late.
"""

from __future__ import annotations

from celery import shared_task

from service.features.tables.service import start_due
from service.plumbing import clock

START_REMATCHES = "worker.tables.start_rematches"


@shared_task(name=START_REMATCHES, acks_late=True, ignore_result=True)
def start_rematches_task() -> int:
    """Start (or let lapse) every rematch whose time to answer is over; return how many."""
    return start_due(clock.now())
