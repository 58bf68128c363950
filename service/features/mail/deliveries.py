"""The email delivery log, written as the worker sends: one row per attempt.

Like a webhook's delivery log (``service.features.webhooks.deliveries``), every attempt to send an
outbox email is recorded by :func:`record_attempt`, whatever its end: the mail server took
it, refused it for good, or could not be reached. Beat prunes the log with the webhooks'
(``service.retention``).
"""

from __future__ import annotations

from sqlalchemy import select

from service.features.mail.models import EmailDelivery
from service.plumbing.columns import utcnow
from service.plumbing.outbox import EMAIL, Outbox
from service.plumbing.unit_of_work import read_transaction, write_transaction


def record_attempt(outbox_id: int, number: int, error: str | None, duration_ms: int) -> None:
    """Write attempt ``number`` to send the email of outbox row ``outbox_id``: ``error`` is
    None when the mail server took it."""
    with write_transaction() as session:
        session.add(EmailDelivery(outbox_id=outbox_id, attempt=number, ok=error is None,
                                  duration_ms=duration_ms, error=error, created_at=utcnow()))


def is_superseded(outbox_id: int, prefix: str) -> bool:
    """True when an email whose dedupe key starts with ``prefix`` was written after outbox row
    ``outbox_id``: the mail a held-back confirmation waited for went out first
    (``service.plumbing.outbox.email_job``'s ``superseded_by``)."""
    pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    with read_transaction() as session:
        return session.scalar(select(Outbox.id).where(
            Outbox.kind == EMAIL, Outbox.id > outbox_id,
            Outbox.dedupe_key.like(pattern, escape="\\")).limit(1)) is not None
