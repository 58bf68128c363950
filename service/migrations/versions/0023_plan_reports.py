"""What a plan did: each seat's report of its turn plan's lines (played as planned, flipped
instead, broke, not played and why), kept until the seat's next mail about the game tells
it (service.features.plans.report).

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of plan reports, one row per seat with something to tell."""
    op.create_table(
        "plan_reports",
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("game_turn", sa.Integer(), nullable=False),
        sa.Column("fates", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_plan_reports_game_id_games")),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_plan_reports")),
    )


def downgrade() -> None:
    """Drop the table upgrade() made."""
    op.drop_table("plan_reports")
