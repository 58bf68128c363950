"""Takebacks and the monster preview: the table rules a game is created with, and the
requests to take back an action (service.features.takebacks).

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Add ``games.takebacks`` and ``games.monster_preview``; create the takeback requests."""
    op.add_column("games", sa.Column("takebacks", sa.String(12), nullable=False,
                                     server_default="agreement"))
    op.add_column("games", sa.Column("monster_preview", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))
    op.create_table(
        "takeback_requests",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("asked_version", sa.Integer(), nullable=False),
        sa.Column("to_version", sa.Integer(), nullable=False),
        sa.Column("undoes", sa.JSON(), nullable=False),
        sa.Column("approvers", sa.JSON(), nullable=False),
        sa.Column("answers", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("decided_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_takeback_requests_game_id_games")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_takeback_requests")),
    )
    op.create_index(op.f("ix_takeback_requests_game_id"), "takeback_requests", ["game_id"])


def downgrade() -> None:
    """Drop what upgrade() made."""
    op.drop_index(op.f("ix_takeback_requests_game_id"), table_name="takeback_requests")
    op.drop_table("takeback_requests")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("monster_preview")
        batch.drop_column("takebacks")
