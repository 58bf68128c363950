"""Inbound mail log for play by email (play-by-email engineer).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing yet: the engineer named above fills this in with its tables and columns."""


def downgrade() -> None:
    """Nothing yet: undoes what upgrade() does."""
