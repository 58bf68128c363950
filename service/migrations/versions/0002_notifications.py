"""Notification preferences, webhooks and deliveries (worker issue: notifications engineer).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing yet: the engineer named above fills this in with its tables and columns."""


def downgrade() -> None:
    """Nothing yet: undoes what upgrade() does."""
