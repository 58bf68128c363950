"""No mail bombing: the addresses that have answered the service, and the counts of
invitations to those that have not, by keyed hash only (service.features.mail.trust,
service.features.mail.quotas).

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the tables of trusted addresses and of mail counts."""
    op.create_table(
        "trusted_addresses",
        sa.Column("address_hash", sa.String(64), nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("trusted_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("address_hash", name=op.f("pk_trusted_addresses")),
    )
    op.create_table(
        "mail_counts",
        sa.Column("scope", sa.String(16), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("window_start", TIMESTAMP, nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("expires_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("scope", "key_hash", "window_start", name=op.f("pk_mail_counts")),
    )
    op.create_index(op.f("ix_mail_counts_expires_at"), "mail_counts", ["expires_at"])


def downgrade() -> None:
    """Drop the tables upgrade() made."""
    op.drop_index(op.f("ix_mail_counts_expires_at"), table_name="mail_counts")
    op.drop_table("mail_counts")
    op.drop_table("trusted_addresses")
