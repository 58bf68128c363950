"""The outbox relay: claim due rows, run their handlers, record how each attempt ended.

The row's life (claiming, recording, the lease) is ``service.plumbing.outbox_lifecycle``; this
module decides what runs it and what its end means: the handler registered for its kind runs
outside any transaction; then the row is marked sent, tried again after the delay its
:class:`~worker.jobs.Retry` policy names, or given up after its last attempt or a permanent
error. A row claimed more often than its policy allows (its worker died during the last
attempt) is given up without running it again.

:func:`relay` (the Celery task ``relay_outbox`` after a commit) and :func:`sweep` (beat,
every few seconds) are plain functions; they must run in an app context.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import datetime

from service.plumbing.columns import utcnow
from service.plumbing.outbox import FAILED, PENDING, SENT
from service.plumbing.outbox_lifecycle import (
    SWEEP_LIMIT,
    Claim,
    claim,
    due_ids,
    mark_failed,
    mark_sent,
)
from service.plumbing.request_ids import carrying
from worker.jobs import Retry, TransportError, handler_for

logger = logging.getLogger(__name__)


def fail(claim: Claim, now: datetime, error: str, retry: Retry, permanent: bool) -> bool:
    """Record a failed attempt: try again after the policy's delay, or give the row up."""
    attempt = claim.job.attempt
    retry_at = None if permanent or attempt >= retry.max_attempts else (
        now + retry.delay_after(attempt))
    return mark_failed(claim, error, retry_at)


def run(claim: Claim, now: datetime | None = None) -> str:
    """Run the claimed job's handler and record the outcome; return the row's new status.
    The job runs under the id of the request that wrote it (its log lines, its mail's and
    webhook's ``X-Request-Id``)."""
    with carrying(claim.job.request_id):
        return _run(claim, now)


def _run(claim: Claim, now: datetime | None) -> str:
    job = claim.job
    try:
        handle, retry = handler_for(job.kind)
    except KeyError:
        fail(claim, utcnow(), f"no handler for outbox jobs of kind {job.kind!r}", Retry(),
             permanent=True)
        return FAILED
    if job.attempt > retry.max_attempts:
        # Its last attempt was cut short (the worker died): give it up, do not run it again.
        fail(claim, now or utcnow(), "the worker stopped during the last attempt", retry,
             permanent=True)
        return FAILED
    try:
        handle(job)
    except TransportError as error:
        status = FAILED if error.permanent or job.attempt >= retry.max_attempts else PENDING
        fail(claim, now or utcnow(), str(error), retry, error.permanent)
        return status
    except Exception as error:
        # A bug or an outage the handler did not foresee: logged with its traceback and kept
        # on the row, and retried like a transport error, so one bad row cannot stop the
        # relay from sending the others.
        logger.exception("outbox job %s (%s) raised", job.id, job.kind)
        status = PENDING if job.attempt < retry.max_attempts else FAILED
        fail(claim, now or utcnow(), f"{type(error).__name__}: {error}", retry,
             permanent=False)
        return status
    mark_sent(claim, now or utcnow())
    return SENT


def relay(ids: Iterable[int], now: datetime | None = None) -> dict[int, str]:
    """Claim and run each due row of ``ids``; return the new status of each row run.

    Rows that are not due, or that another relay holds, are left alone (not in the result).
    ``now`` fixes the clock (tests); by default each step reads the time.
    """
    outcomes = {}
    for row_id in ids:
        claimed = claim(row_id, now or utcnow())
        if claimed is not None:
            outcomes[row_id] = run(claimed, now)
    return outcomes


def sweep(now: datetime | None = None, limit: int = SWEEP_LIMIT, batches: int = 1,
          hand_out: Callable[[list[int]], object] | None = None) -> dict[int, str]:
    """Relay the rows due at ``now`` (what a publisher missed, retries, lost claims), the
    longest waiting first: the first ``limit`` here; with ``hand_out``, up to ``batches - 1``
    more batches of ``limit`` rows are handed to it (``relay_outbox`` tasks, which every
    worker takes), so that a backlog, after a broker outage, drains on all workers at once
    rather than ``limit`` rows a sweep. A row handed out twice (a later sweep found it still
    waiting in a task's queue) is run once: each relay claims it first."""
    ids = due_ids(now or utcnow(), limit * (batches if hand_out is not None else 1))
    if hand_out is not None:
        for start in range(limit, len(ids), limit):
            try:
                hand_out(ids[start:start + limit])
            except Exception:  # the broker refused (down again): the next sweep hands them out
                logger.warning("the sweep could not hand out outbox rows %s..%s; it relays "
                               "its own batch", ids[start], ids[-1], exc_info=True)
                break
    return relay(ids[:limit], now)
