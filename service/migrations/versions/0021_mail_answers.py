"""One mail per turn: which of a seat's emails to its reply address are answered
(``needed``: only those that need an answer; ``every``: all), a seat's setting beside its
email mode (service.features.mailin.needed).

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``seat_notifications.answers`` (every seat so far: ``needed``)."""
    op.add_column("seat_notifications", sa.Column("answers", sa.String(8), nullable=False,
                                                  server_default="needed"))


def downgrade() -> None:
    """Drop what upgrade() added."""
    with op.batch_alter_table("seat_notifications") as batch:
        batch.drop_column("answers")
