"""Table talk: the messages the players of a game write to each other, and muted seats.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create the tables of game messages and of muted seats."""
    op.create_table(
        "game_messages",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_game_messages_game_id_games")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_messages")),
    )
    op.create_index("ix_game_messages_game_id_id", "game_messages", ["game_id", "id"])
    op.create_table(
        "talk_mutes",
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("muted_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_talk_mutes_game_id_games")),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_talk_mutes")),
    )


def downgrade() -> None:
    """Drop the tables upgrade() made."""
    op.drop_table("talk_mutes")
    op.drop_index("ix_game_messages_game_id_id", table_name="game_messages")
    op.drop_table("game_messages")
