"""Hardening: indexes for pruning, and no secret left in clear in rows written before.

Rows written by earlier versions are brought to what the code now writes: an outbox email's
links and reply token sealed while it waits, dropped once it is done (``service.sealing``);
an inbound message's reply address masked (``service.mail.addresses.masked``); players'
names without bidirectional controls (``service.text.BIDI_CONTROLS``). The sealing key is
the app's: ``python -m service.migrate`` runs this inside the app.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.features.mail.addresses import masked
from service.plumbing.sealing import redact, seal
from service.plumbing.text import BIDI_CONTROLS

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

WAITING = ("pending", "sending")
INDEXES = (
    ("ix_idempotency_keys_created_at", "idempotency_keys", ["created_at"]),
    ("ix_outbox_status_created_at", "outbox", ["status", "created_at"]),
    ("ix_webhook_deliveries_created_at", "webhook_deliveries", ["created_at"]),
    ("ix_mail_inbound_received_at", "mail_inbound", ["received_at"]),
)
_STRIP = {ord(char): None for char in BIDI_CONTROLS}


def upgrade() -> None:
    """Add the indexes the pruning reads by; seal, redact and mask the rows of before."""
    for name, table, columns in INDEXES:
        op.create_index(op.f(name), table, columns)
    connection = op.get_bind()
    outbox = sa.table("outbox", sa.column("id", sa.Integer), sa.column("kind", sa.String),
                      sa.column("status", sa.String), sa.column("payload", sa.JSON))
    for row in connection.execute(sa.select(outbox).where(outbox.c.kind == "email")).all():
        sealed = seal(row.payload)
        kept = sealed if row.status in WAITING else redact(sealed)
        if kept != row.payload:
            connection.execute(outbox.update().where(outbox.c.id == row.id)
                               .values(payload=kept))
    inbound = sa.table("mail_inbound", sa.column("id", sa.Integer),
                       sa.column("recipient", sa.String))
    for row in connection.execute(sa.select(inbound)).all():
        if masked(row.recipient) != row.recipient:
            connection.execute(inbound.update().where(inbound.c.id == row.id)
                               .values(recipient=masked(row.recipient)))
    seats = sa.table("seats", sa.column("game_id", sa.String), sa.column("seat", sa.Integer),
                     sa.column("name", sa.String))
    for row in connection.execute(sa.select(seats).where(seats.c.name.is_not(None))).all():
        if row.name.translate(_STRIP) != row.name:
            connection.execute(seats.update().where(seats.c.game_id == row.game_id,
                                                    seats.c.seat == row.seat)
                               .values(name=row.name.translate(_STRIP)))


def downgrade() -> None:
    """Drop the indexes (sealed, redacted and masked values stay so: nothing to undo)."""
    for name, table, _ in reversed(INDEXES):
        op.drop_index(op.f(name), table_name=table)
