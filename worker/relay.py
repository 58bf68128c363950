"""The outbox relay: claim due rows, run their handlers, record how each attempt ended.

A row is claimed with a conditional UPDATE (``pending`` and due, or ``sending`` for longer
than the lease, so a row whose worker was killed is done again) and the relay goes on only
if exactly one row changed: two relays never run the same attempt (Healthchecks' pattern).
The claim counts the attempt, so a row that kills its worker every time still runs out of
attempts. The handler runs outside any transaction; then the row is marked ``sent``, put
back to ``pending`` with the delay its :class:`~worker.jobs.Retry` policy names, or given up
(``failed``) after its last attempt or a permanent error, its ``last_error`` kept; a done
row drops the secrets sealed in its payload (``service.sealing``). Those
writes hold only while the claim is ours (same ``claimed_at``): a relay that outlived its
lease leaves the row to the one that took it over.

:func:`relay` (the Celery task ``relay_outbox`` after a commit) and :func:`sweep` (beat,
every few seconds) are plain functions; they must run in an app context.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import ColumnElement, and_, or_, select, update

from service.models import Outbox, utcnow
from service.outbox import PENDING
from service.sealing import SEALED, redact
from service.unit_of_work import read_transaction, write_transaction
from worker.jobs import Job, Retry, TransportError, handler_for

SENDING = "sending"
SENT = "sent"
FAILED = "failed"

# Rows one sweep takes on; the next sweep goes on with the rest.
SWEEP_LIMIT = 200

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Claim:
    """A row this relay holds: the job to run, and the claim time that proves it is ours."""

    job: Job
    claimed_at: datetime


def lease() -> timedelta:
    """Return how long a claim holds before another relay may take the row over."""
    return timedelta(seconds=current_app.config["OUTBOX_LEASE_SECONDS"])


def is_due(now: datetime) -> ColumnElement[bool]:
    """Return the SQL condition "this row may be claimed at ``now``"."""
    return or_(
        and_(Outbox.status == PENDING, Outbox.next_attempt_at <= now),
        and_(Outbox.status == SENDING, Outbox.claimed_at < now - lease()),
    )


def claim(row_id: int, now: datetime) -> Claim | None:
    """Claim row ``row_id`` if it is due; return None when it is not, or another relay won."""
    with write_transaction() as session:
        changed = session.execute(
            update(Outbox)
            .where(Outbox.id == row_id, is_due(now))
            .values(status=SENDING, claimed_at=now, attempts=Outbox.attempts + 1)
            .execution_options(synchronize_session=False)
        ).rowcount
        if changed != 1:
            return None
        row = session.execute(
            select(Outbox.kind, Outbox.payload, Outbox.dedupe_key, Outbox.attempts)
            .where(Outbox.id == row_id)
        ).one()
    return Claim(Job(row_id, row.kind, row.payload, row.dedupe_key, row.attempts), now)


def finish(claim: Claim, **values: object) -> bool:
    """Write ``values`` to the claimed row if the claim is still ours; return whether it was."""
    with write_transaction() as session:
        changed = session.execute(
            update(Outbox)
            .where(Outbox.id == claim.job.id, Outbox.status == SENDING,
                   Outbox.claimed_at == claim.claimed_at)
            .values(**values)
            .execution_options(synchronize_session=False)
        ).rowcount
    if changed != 1:
        logger.warning("outbox row %s was taken over before attempt %s ended",
                       claim.job.id, claim.job.attempt)
    return changed == 1


def mark_sent(claim: Claim, now: datetime) -> bool:
    """Record that the claimed job is done."""
    return finish(claim, status=SENT, sent_at=now, last_error=None, **_redacted(claim))


def _redacted(claim: Claim) -> dict[str, object]:
    """Return the payload to keep once the job is done: without its sealed secrets
    (``service.sealing``), which no one needs any more; nothing to write when it has none."""
    payload = claim.job.payload
    return {"payload": redact(payload)} if SEALED in payload else {}


def mark_failed(claim: Claim, now: datetime, error: str, retry: Retry,
                permanent: bool) -> bool:
    """Record a failed attempt: try again after the policy's delay, or give the row up."""
    attempt = claim.job.attempt
    if permanent or attempt >= retry.max_attempts:
        return finish(claim, status=FAILED, last_error=error, **_redacted(claim))
    return finish(claim, status=PENDING, last_error=error, claimed_at=None,
                  next_attempt_at=now + retry.delay_after(attempt))


def run(claim: Claim, now: datetime | None = None) -> str:
    """Run the claimed job's handler and record the outcome; return the row's new status."""
    job = claim.job
    try:
        handle, retry = handler_for(job.kind)
    except KeyError:
        mark_failed(claim, utcnow(), f"no handler for outbox jobs of kind {job.kind!r}",
                    Retry(), permanent=True)
        return FAILED
    if job.attempt > retry.max_attempts:
        # Its last attempt was cut short (the worker died): give it up, do not run it again.
        mark_failed(claim, now or utcnow(), "the worker stopped during the last attempt",
                    retry, permanent=True)
        return FAILED
    try:
        handle(job)
    except TransportError as error:
        status = FAILED if error.permanent or job.attempt >= retry.max_attempts else PENDING
        mark_failed(claim, now or utcnow(), str(error), retry, error.permanent)
        return status
    except Exception as error:
        # A bug or an outage the handler did not foresee: logged with its traceback and kept
        # on the row, and retried like a transport error, so one bad row cannot stop the
        # relay from sending the others.
        logger.exception("outbox job %s (%s) raised", job.id, job.kind)
        status = PENDING if job.attempt < retry.max_attempts else FAILED
        mark_failed(claim, now or utcnow(), f"{type(error).__name__}: {error}", retry,
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


def due_ids(now: datetime, limit: int = SWEEP_LIMIT) -> list[int]:
    """Return the ids of rows that may be claimed at ``now``, the longest waiting first."""
    with read_transaction() as session:
        return list(session.scalars(
            select(Outbox.id).where(is_due(now)).order_by(Outbox.next_attempt_at, Outbox.id)
            .limit(limit)
        ))


def sweep(now: datetime | None = None, limit: int = SWEEP_LIMIT) -> dict[int, str]:
    """Relay every row due at ``now`` (what a publisher missed, retries, lost claims)."""
    return relay(due_ids(now or utcnow(), limit), now)
