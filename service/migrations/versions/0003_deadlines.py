"""Move time limits, reminders and pausing (worker issue: deadlines engineer).

Adds to ``games`` the current sub-turn's deadline, the time of its reminder and the moment
the game was paused, with indexes for the periodic check of due deadlines and reminders.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
INDEXED = ("move_deadline", "reminder_at")


def upgrade() -> None:
    """Add the deadline, reminder and pause columns to ``games``, and index the first two."""
    for name in (*INDEXED, "paused_at"):
        op.add_column("games", sa.Column(name, TIMESTAMP, nullable=True))
    for name in INDEXED:
        op.create_index(op.f(f"ix_games_{name}"), "games", [name])


def downgrade() -> None:
    """Drop the indexes and the columns that upgrade() added."""
    for name in INDEXED:
        op.drop_index(op.f(f"ix_games_{name}"), table_name="games")
    with op.batch_alter_table("games") as batch:
        for name in (*INDEXED, "paused_at"):
            batch.drop_column(name)
