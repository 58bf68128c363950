"""Sandboxes: a private copy of a position to play on, kept a while (service.features.sandbox).

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the table of sandboxes."""
    op.create_table(
        "sandboxes",
        sa.Column("id", sa.String(22), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(22), nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("start", sa.JSON(), nullable=False),
        sa.Column("entries", sa.JSON(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("origin_version", sa.Integer(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("computer", sa.JSON(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.Column("expires_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sandboxes")),
    )
    op.create_index(op.f("ix_sandboxes_expires_at"), "sandboxes", ["expires_at"])


def downgrade() -> None:
    """Drop what upgrade() made."""
    op.drop_index(op.f("ix_sandboxes_expires_at"), table_name="sandboxes")
    op.drop_table("sandboxes")
