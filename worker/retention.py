"""The periodic pruning of what the service keeps only for a while (``service.retention``).

Beat sends :func:`prune_task` every ``RETENTION_CHECK_SECONDS``; it is idempotent (a row is
deleted once however many runs overlap), so it is acknowledged late.
"""

from __future__ import annotations

from celery import shared_task

from service.plumbing import clock
from service.retention import prune

PRUNE = "worker.retention.prune"


@shared_task(name=PRUNE, acks_late=True, ignore_result=True)
def prune_task() -> dict[str, int]:
    """Delete what is past its retention now; return how many rows, by table."""
    return prune(clock.now())
