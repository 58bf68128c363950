"""Private notes: a seat's own notes about its game (service.features.notes).

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of notes, one per seat and game."""
    op.create_table(
        "seat_notes",
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_seat_notes_game_id_games")),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_seat_notes")),
    )


def downgrade() -> None:
    """Drop the table upgrade() made."""
    op.drop_table("seat_notes")
