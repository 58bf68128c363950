"""Pace tools and absent players: nudges, vacation banks, missed deadlines.

Adds to ``games`` the days of vacation each seat has (``vacation_days``, 0: none), after how
many missed deadlines the creator is told a seat may be handed on
(``missed_deadlines_limit``, null: never) and when the game's last nudge was sent
(``nudged_at``: one a day per game); to ``seats`` the vacation days the seat has spent and
the deadlines it has missed.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

COUNTS = ("vacation_used", "missed_deadlines")


def upgrade() -> None:
    """Add the games' pace settings and last nudge, and the seats' counts."""
    op.add_column("games", sa.Column("vacation_days", sa.Integer(), nullable=False,
                                     server_default="0"))
    op.add_column("games", sa.Column("missed_deadlines_limit", sa.Integer(), nullable=True))
    op.add_column("games", sa.Column("nudged_at", sa.DateTime(timezone=True), nullable=True))
    for name in COUNTS:
        op.add_column("seats", sa.Column(name, sa.Integer(), nullable=False,
                                         server_default="0"))


def downgrade() -> None:
    """Drop what upgrade() added."""
    with op.batch_alter_table("seats") as batch:
        for name in COUNTS:
            batch.drop_column(name)
    with op.batch_alter_table("games") as batch:
        for name in ("nudged_at", "missed_deadlines_limit", "vacation_days"):
            batch.drop_column(name)
