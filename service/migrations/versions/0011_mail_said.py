"""Table talk by mail: what became of a reply's ``say`` line, told again in its answer.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the note on a reply's message to the table."""
    op.add_column("mail_inbound", sa.Column("said_note", sa.String(length=300), nullable=True))


def downgrade() -> None:
    """Drop the column upgrade() added."""
    op.drop_column("mail_inbound", "said_note")
