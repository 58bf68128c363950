"""Turn plans: the moves a seat has queued for its coming sub-turns of this game turn.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the table of turn plans, one row per seat that has one, and the games' mark
    that a seat may have one."""
    op.add_column("games", sa.Column("has_plans", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))
    op.create_table(
        "turn_plans",
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("game_turn", sa.Integer(), nullable=False),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column("flip_rest", sa.Boolean(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("stopped", sa.Text(), nullable=True),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_turn_plans_game_id_games")),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_turn_plans")),
    )


def downgrade() -> None:
    """Drop what upgrade() added."""
    op.drop_table("turn_plans")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("has_plans")
