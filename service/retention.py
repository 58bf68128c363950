"""How long the service keeps what only matters for a while, and pruning the rest.

* Idempotency keys: ``IDEMPOTENCY_KEY_HOURS`` (24, as Stripe keeps them). An older key is
  not replayed any more (``service.plumbing.idempotency``): the same key then makes a new request.
* Outbox rows that are done (sent, or given up): ``OUTBOX_DONE_DAYS`` (30). A seat's list
  of its emails and an endpoint's redelivery read them.
* Delivery attempts, of webhooks, of emails and of pushes: ``DELIVERY_LOG_DAYS`` (30): an
  endpoint's delivery log, the mail log, and the push log.
* Inbound mail that was handled: ``MAIL_INBOUND_DAYS`` (30): the seat's log of replies, and
  what recognises a message delivered again (mail servers give up retrying within 5 days).
* Counts of invitations to untrusted addresses (``service.features.mail.quotas``): once
  their window (a day, an hour) is over.
* Sandboxes (``service.features.sandbox``): ``SANDBOX_DAYS`` (30) after their last change.

Beat runs :func:`prune` every ``RETENTION_CHECK_SECONDS`` (``worker.retention``). Each
table is pruned in batches of :data:`BATCH` rows, each batch its own short transaction, so
pruning never holds a lock for long; running it twice at once deletes each row once.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from flask import current_app
from sqlalchemy import ColumnElement, Table, delete, select

from service.features.mail.models import EmailDelivery, MailCount
from service.features.mailin.models import InboundMail
from service.features.push.models import PushDelivery
from service.features.sandbox.models import Sandbox
from service.features.webhooks.models import WebhookDelivery
from service.plumbing import idempotency
from service.plumbing.extensions import table_of
from service.plumbing.idempotency import IdempotencyRecord
from service.plumbing.outbox import DONE, Outbox
from service.plumbing.unit_of_work import rows_changed, write_transaction

BATCH = 1000
RECEIVED = "received"  # an inbound message still being handled (service.features.mailin.service)


def _cutoffs(now: datetime) -> dict[str, tuple[Table, Any, ColumnElement[bool]]]:
    """Return, per table, the key column and the condition "old enough to prune"."""
    config = current_app.config
    days = {name: timedelta(days=float(config[name])) for name in (
        "OUTBOX_DONE_DAYS", "DELIVERY_LOG_DAYS", "MAIL_INBOUND_DAYS")}
    keys = table_of(IdempotencyRecord)
    return {
        "idempotency_keys": (keys, keys.c.key_hash,
                             keys.c.created_at < now - idempotency.window(config)),
        "outbox": (table_of(Outbox), Outbox.id, Outbox.status.in_(DONE)
                   & (Outbox.created_at < now - days["OUTBOX_DONE_DAYS"])),
        "webhook_deliveries": (table_of(WebhookDelivery), WebhookDelivery.id,
                               WebhookDelivery.created_at < now - days["DELIVERY_LOG_DAYS"]),
        "email_deliveries": (table_of(EmailDelivery), EmailDelivery.id,
                             EmailDelivery.created_at < now - days["DELIVERY_LOG_DAYS"]),
        "push_deliveries": (table_of(PushDelivery), PushDelivery.id,
                            PushDelivery.created_at < now - days["DELIVERY_LOG_DAYS"]),
        "mail_inbound": (table_of(InboundMail), InboundMail.id,
                         (InboundMail.status != RECEIVED)
                         & (InboundMail.received_at < now - days["MAIL_INBOUND_DAYS"])),
        "mail_counts": (table_of(MailCount), MailCount.key_hash, MailCount.expires_at <= now),
        "sandboxes": (table_of(Sandbox), Sandbox.id, Sandbox.expires_at <= now),
    }


def prune(now: datetime) -> dict[str, int]:
    """Delete what is past its retention at ``now``; return how many rows, by table.

    Must run in an app context.
    """
    pruned = {}
    for name, (table, key, is_old) in _cutoffs(now).items():
        pruned[name] = 0
        while True:
            with write_transaction() as session:
                batch = select(key).where(is_old).limit(BATCH).scalar_subquery()
                # is_old again: a key may name several rows (idempotency keys across
                # callers, a mail count's windows)
                count = rows_changed(session.execute(
                    delete(table).where(key.in_(batch), is_old)))
            pruned[name] += count
            if count < BATCH:
                break
    return pruned
