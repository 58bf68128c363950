"""The email delivery log: one row per attempt to send an outbox email.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create the table of email delivery attempts."""
    op.create_table(
        "email_deliveries",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("outbox_id", ID, nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("ok", sa.Boolean(), nullable=False),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_email_deliveries")),
    )
    op.create_index(op.f("ix_email_deliveries_outbox_id"), "email_deliveries", ["outbox_id"])
    op.create_index(op.f("ix_email_deliveries_created_at"), "email_deliveries", ["created_at"])


def downgrade() -> None:
    """Drop the table upgrade() made."""
    op.drop_index(op.f("ix_email_deliveries_created_at"), table_name="email_deliveries")
    op.drop_index(op.f("ix_email_deliveries_outbox_id"), table_name="email_deliveries")
    op.drop_table("email_deliveries")
