"""Computer players: the level at which the computer plays a seat (null: a person does).

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``seats.computer``."""
    op.add_column("seats", sa.Column("computer", sa.String(8), nullable=True))


def downgrade() -> None:
    """Drop what upgrade() added."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("computer")
