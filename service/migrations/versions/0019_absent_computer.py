"""Computer players for absent seats: the level at which the computer takes a seat that has
missed as many deadlines as the creator allows (null: the creator is only told).

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``games.absent_computer``."""
    op.add_column("games", sa.Column("absent_computer", sa.String(8), nullable=True))


def downgrade() -> None:
    """Drop what upgrade() added."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("absent_computer")
