"""The delivery log of pushes, written as the worker sends: where to send, each attempt,
and the mail that waited for the push.

The worker (``worker.push``) asks :func:`targets` which devices a push goes to (judged at
send time: the seat's present player's devices, while the seat still wants pushes, less
those that took it on an earlier attempt), records each attempt with :func:`record` (a
push service answering 404 or 410 says the subscription is gone: it is dropped), and
settles the mail that waited for the push (:func:`settle_mail`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, select, update

from service.features.push import devices
from service.features.push.endpoints import Subscription
from service.features.push.models import BOTH, PUSH, PushDelivery, PushSubscription
from service.plumbing import sealing
from service.plumbing.columns import utcnow
from service.plumbing.outbox import PENDING, SENT, Outbox
from service.plumbing.unit_of_work import read_transaction, write_transaction

GONE = (404, 410)  # RFC 8030: the subscription expired or was removed
NOT_SENT = "not sent: the push about the same thing reached the seat's device"


@dataclass(frozen=True, slots=True)
class Target:
    """A device to push to: its row's id and its subscription."""

    id: int
    subscription: Subscription


def targets(outbox_id: int, game_id: str, seat: int) -> list[Target]:
    """Return the devices push ``outbox_id`` still goes to: none when the seat chose mail
    alone since, or changed hands; none that took it on an earlier attempt."""
    with read_transaction() as session:
        if devices.settings_of(session, game_id, seat).channels not in (PUSH, BOTH):
            return []
        done = set(session.scalars(select(PushDelivery.subscription_id).where(
            PushDelivery.outbox_id == outbox_id, PushDelivery.ok.is_(True))))
        return [Target(row.id, devices.opened(row))
                for row in devices.current_devices(session, game_id, seat)
                if row.id not in done]


def was_delivered(outbox_id: int) -> bool:
    """True when a device took push ``outbox_id`` on some attempt."""
    with read_transaction() as session:
        return session.scalar(select(PushDelivery.id).where(
            PushDelivery.outbox_id == outbox_id, PushDelivery.ok.is_(True)).limit(1)) is not None


def record(outbox_id: int, attempt: int, game_id: str, seat: int, subscription_id: int,
           status_code: int | None, error: str | None) -> None:
    """Write one attempt to the log; on 404 or 410 drop the subscription."""
    with write_transaction() as session:
        session.add(PushDelivery(outbox_id=outbox_id, subscription_id=subscription_id,
                                 game_id=game_id, seat=seat, attempt=attempt,
                                 ok=error is None, status_code=status_code, error=error,
                                 created_at=utcnow()))
        if status_code in GONE:
            session.execute(delete(PushSubscription).where(
                PushSubscription.id == subscription_id))


def settle_mail(mail_id: int, *, delivered: bool) -> None:
    """Decide the mail that waited for a push: the push was ``delivered``, so the mail is not
    sent (its row is done, without its sealed links); else it is due now. A mail already
    claimed or done (its wait ran out first) is left alone."""
    with write_transaction() as session:
        row = session.get(Outbox, mail_id)
        if row is None or row.status != PENDING or row.claimed_at is not None:
            return
        values: dict[str, object] = (
            {"status": SENT, "last_error": NOT_SENT, "payload": sealing.redact(row.payload)}
            if delivered else {"next_attempt_at": utcnow()})
        session.execute(update(Outbox).where(Outbox.id == mail_id, Outbox.status == PENDING,
                                             Outbox.claimed_at.is_(None)).values(**values))
