"""Request ids on outbox rows: which HTTP request wrote a job (null: beat, the worker).

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``outbox.request_id``."""
    op.add_column("outbox", sa.Column("request_id", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop what upgrade() added."""
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("request_id")
