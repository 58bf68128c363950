"""One mail a day for all my games: the addresses that chose it, by keyed hash only, with
the hour of their day it goes at and the day of the last one (service.features.mail.daily).

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of the addresses' daily mail choices."""
    op.create_table(
        "daily_mail_choices",
        sa.Column("address_hash", sa.String(64), nullable=False),
        sa.Column("daily", sa.Boolean(), nullable=False),
        sa.Column("hour", sa.Integer(), nullable=False),
        sa.Column("sent_on", sa.Date(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("address_hash", name=op.f("pk_daily_mail_choices")),
    )


def downgrade() -> None:
    """Drop the table upgrade() made."""
    op.drop_table("daily_mail_choices")
