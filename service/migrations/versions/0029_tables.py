"""Tables: a group of players that plays game after game, its games, its rematches
(service.features.tables).

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create the tables of tables, their members, their games and their rematches."""
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(22), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_tables")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_game_tables_token_hash")),
    )
    op.create_table(
        "table_members",
        sa.Column("table_id", sa.String(22), nullable=False),
        sa.Column("member", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("language", sa.String(8), nullable=True),
        sa.Column("time_zone", sa.String(64), nullable=True),
        sa.Column("colour", sa.String(16), nullable=True),
        sa.Column("computer", sa.String(8), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"],
                                name=op.f("fk_table_members_table_id_game_tables")),
        sa.PrimaryKeyConstraint("table_id", "member", name=op.f("pk_table_members")),
    )
    op.create_table(
        "table_games",
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("table_id", sa.String(22), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("members", sa.JSON(), nullable=False),
        sa.Column("start_member", sa.Integer(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_table_games_game_id_games")),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"],
                                name=op.f("fk_table_games_table_id_game_tables")),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_table_games")),
    )
    op.create_index(op.f("ix_table_games_table_id"), "table_games", ["table_id"])
    op.create_table(
        "rematches",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(22), nullable=False),
        sa.Column("after_game_id", sa.String(22), nullable=False),
        sa.Column("asked_by", sa.Integer(), nullable=True),
        sa.Column("answers", sa.JSON(), nullable=False),
        sa.Column("changes", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("starts_by", TIMESTAMP, nullable=False),
        sa.Column("game_id", sa.String(22), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("decided_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(["after_game_id"], ["games.id"],
                                name=op.f("fk_rematches_after_game_id_games")),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"],
                                name=op.f("fk_rematches_table_id_game_tables")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rematches")),
        sa.UniqueConstraint("after_game_id", name=op.f("uq_rematches_after_game_id")),
    )
    op.create_index(op.f("ix_rematches_table_id"), "rematches", ["table_id"])
    op.create_index(op.f("ix_rematches_starts_by"), "rematches", ["starts_by"])


def downgrade() -> None:
    """Drop what upgrade() made."""
    op.drop_index(op.f("ix_rematches_starts_by"), table_name="rematches")
    op.drop_index(op.f("ix_rematches_table_id"), table_name="rematches")
    op.drop_table("rematches")
    op.drop_index(op.f("ix_table_games_table_id"), table_name="table_games")
    op.drop_table("table_games")
    op.drop_table("table_members")
    op.drop_table("game_tables")
