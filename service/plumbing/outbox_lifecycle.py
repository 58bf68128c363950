"""The life of an outbox row, in one place: claimed, then sent, retried or given up.

``pending`` → ``sending`` (:func:`claim`, a conditional UPDATE, so two relays never run the
same attempt: Healthchecks' pattern; the claim counts the attempt) → ``sent``
(:func:`mark_sent`), back to ``pending`` for a later try, or ``failed``, given up with its
``last_error`` kept (:func:`mark_failed`). A row claimed longer ago than the lease
(``OUTBOX_LEASE_SECONDS``, a monster phase's ``MONSTER_PHASE_LEASE_SECONDS``: its worker
died) is due again (:func:`is_due`, :func:`due_ids`).
Those writes hold only while the claim is ours (same ``claimed_at``). A done row drops the
secrets sealed in its payload (``service.plumbing.sealing``). Which handler runs a claimed row, and
when a failed one is tried again, is the worker's (``worker.relay``, ``worker.jobs``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from flask import current_app
from sqlalchemy import ColumnElement, and_, or_, select, update

from service.plumbing import sealing
from service.plumbing.outbox import FAILED, MONSTER_PHASE, PENDING, SENDING, SENT, Outbox
from service.plumbing.unit_of_work import read_transaction, rows_changed, write_transaction

# Rows one sweep takes on; the next sweep goes on with the rest.
SWEEP_LIMIT = 200

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Job:
    """One claimed outbox row, as a handler sees it."""

    id: int
    kind: str
    payload: dict[str, Any]
    dedupe_key: str
    attempt: int  # 1 for the first try
    # the HTTP request that wrote the row (service.plumbing.request_ids)
    request_id: str | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """A row a relay holds: the job to run, and the claim time that proves it is ours."""

    job: Job
    claimed_at: datetime


def lease(kind: str | None = None) -> timedelta:
    """Return how long a claim of a row of ``kind`` holds before another relay may take the
    row over: a monster phase's is short (``MONSTER_PHASE_LEASE_SECONDS``: it takes
    milliseconds, and a game waits on it), every other kind's outlasts its slowest handler
    (``OUTBOX_LEASE_SECONDS``)."""
    name = "MONSTER_PHASE_LEASE_SECONDS" if kind == MONSTER_PHASE else "OUTBOX_LEASE_SECONDS"
    return timedelta(seconds=current_app.config[name])


def is_due(now: datetime) -> ColumnElement[bool]:
    """Return the SQL condition "this row may be claimed at ``now``"."""
    return or_(
        and_(Outbox.status == PENDING, Outbox.next_attempt_at <= now),
        and_(Outbox.status == SENDING, Outbox.kind == MONSTER_PHASE,
             Outbox.claimed_at < now - lease(MONSTER_PHASE)),
        and_(Outbox.status == SENDING, Outbox.kind != MONSTER_PHASE,
             Outbox.claimed_at < now - lease()),
    )


def claim(row_id: int, now: datetime) -> Claim | None:
    """Claim row ``row_id`` if it is due; return None when it is not, or another relay won."""
    with write_transaction() as session:
        changed = rows_changed(session.execute(
            update(Outbox)
            .where(Outbox.id == row_id, is_due(now))
            .values(status=SENDING, claimed_at=now, attempts=Outbox.attempts + 1)
            .execution_options(synchronize_session=False)
        ))
        if changed != 1:
            return None
        row = session.execute(
            select(Outbox.kind, Outbox.payload, Outbox.dedupe_key, Outbox.attempts,
                   Outbox.request_id)
            .where(Outbox.id == row_id)
        ).one()
    return Claim(Job(row_id, row.kind, row.payload, row.dedupe_key, row.attempts,
                     row.request_id), now)


def finish(claim: Claim, **values: object) -> bool:
    """Write ``values`` to the claimed row if the claim is still ours; return whether it was."""
    with write_transaction() as session:
        changed = rows_changed(session.execute(
            update(Outbox)
            .where(Outbox.id == claim.job.id, Outbox.status == SENDING,
                   Outbox.claimed_at == claim.claimed_at)
            .values(**values)
            .execution_options(synchronize_session=False)
        ))
    if changed != 1:
        logger.warning("outbox row %s was taken over before attempt %s ended",
                       claim.job.id, claim.job.attempt)
    return changed == 1


def mark_sent(claim: Claim, now: datetime) -> bool:
    """Record that the claimed job is done."""
    return finish(claim, status=SENT, sent_at=now, last_error=None, **_redacted(claim))


def mark_failed(claim: Claim, error: str, retry_at: datetime | None) -> bool:
    """Record a failed attempt: try again at ``retry_at``, or (None) give the row up."""
    if retry_at is None:
        return finish(claim, status=FAILED, last_error=error, **_redacted(claim))
    return finish(claim, status=PENDING, last_error=error, claimed_at=None,
                  next_attempt_at=retry_at)


def _redacted(claim: Claim) -> dict[str, object]:
    """Return the payload to keep once the job is done: without its sealed secrets
    (``service.plumbing.sealing``), which no one needs any more; nothing to write when it has
    none."""
    payload = claim.job.payload
    return {"payload": sealing.redact(payload)} if sealing.SEALED in payload else {}


def due_ids(now: datetime, limit: int = SWEEP_LIMIT) -> list[int]:
    """Return the ids of rows that may be claimed at ``now``, the longest waiting first."""
    with read_transaction() as session:
        return list(session.scalars(
            select(Outbox.id).where(is_due(now)).order_by(Outbox.next_attempt_at, Outbox.id)
            .limit(limit)
        ))
