"""Game names: a game has a name its players read in every mail's subject and on its page.

Games created before have none; they are called by their number ("Game ab12cd") until the
creator names them.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the games' name."""
    op.add_column("games", sa.Column("name", sa.String(length=80), nullable=True))


def downgrade() -> None:
    """Drop the column upgrade() added."""
    op.drop_column("games", "name")
