"""Notification preferences: each seat's email mode, last activity on its page, last digest.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the seat_notifications table."""
    op.create_table(
        "seat_notifications",
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("email_mode", sa.String(16), nullable=False),
        sa.Column("last_active_at", TIMESTAMP, nullable=True),
        sa.Column("digest_sent_at", TIMESTAMP, nullable=True),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_seat_notifications_game_id_games")),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_seat_notifications")),
    )


def downgrade() -> None:
    """Drop the seat_notifications table."""
    op.drop_table("seat_notifications")
