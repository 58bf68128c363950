"""Move time limits, reminders and pausing (worker issue: deadlines engineer).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing yet: the engineer named above fills this in with its tables and columns."""


def downgrade() -> None:
    """Nothing yet: undoes what upgrade() does."""
