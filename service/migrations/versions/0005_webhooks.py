"""Webhook endpoints and their delivery log (webhooks engineer).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""

from __future__ import annotations

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing yet: the engineer named above fills this in with its tables and columns."""


def downgrade() -> None:
    """Nothing yet: undoes what upgrade() does."""
