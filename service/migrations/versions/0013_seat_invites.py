"""A seat whose player left: the creator's one-time invite for it, and when it changed hands.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the seats' invite code hash (unique: a join looks the seat up by it) and the time
    the seat was last handed to a new player."""
    op.add_column("seats", sa.Column("invite_code_hash", sa.String(length=64), nullable=True))
    op.add_column("seats", sa.Column("replaced_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f("ix_seats_invite_code_hash"), "seats", ["invite_code_hash"],
                    unique=True)


def downgrade() -> None:
    """Drop what upgrade() added."""
    op.drop_index(op.f("ix_seats_invite_code_hash"), table_name="seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("replaced_at")
        batch.drop_column("invite_code_hash")
