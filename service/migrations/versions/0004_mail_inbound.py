"""Inbound mail log and per-game mail settings for play by email (play-by-email engineer).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create the inbound mail log and the per-game mail settings."""
    op.create_table(
        "mail_inbound",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("message_key", sa.String(64), nullable=True),
        sa.Column("content_key", sa.String(64), nullable=False),
        sa.Column("recipient", sa.String(254), nullable=False),
        sa.Column("sender", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("game_id", sa.String(22), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("command", sa.String(200), nullable=True),
        sa.Column("version", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("code", sa.String(40), nullable=True),
        sa.Column("detail", sa.Text(), nullable=True),
        sa.Column("duplicates", sa.Integer(), nullable=False),
        sa.Column("received_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_mail_inbound_game_id_games")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_inbound")),
        sa.UniqueConstraint("message_key", name=op.f("uq_mail_inbound_message_key")),
        sa.UniqueConstraint("content_key", name=op.f("uq_mail_inbound_content_key")),
    )
    op.create_index("ix_mail_inbound_game_id_seat", "mail_inbound", ["game_id", "seat"])
    op.create_table(
        "mail_settings",
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("sender_must_match", sa.Boolean(), nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_mail_settings_game_id_games")),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_mail_settings")),
    )


def downgrade() -> None:
    """Drop the tables upgrade() made."""
    op.drop_table("mail_settings")
    op.drop_index("ix_mail_inbound_game_id_seat", table_name="mail_inbound")
    op.drop_table("mail_inbound")
