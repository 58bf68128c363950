"""Web Push: a seat's channel choices, its devices (sealed subscriptions), the delivery log.

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create the tables of push settings, subscriptions and delivery attempts."""
    op.create_table(
        "push_settings",
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("channels", sa.String(8), nullable=False),
        sa.Column("mail_waits", sa.Boolean(), nullable=False),
        sa.Column("talk", sa.String(8), nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_push_settings_game_id_games")),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_push_settings")),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("endpoint_hash", sa.String(64), nullable=False),
        sa.Column("sealed", sa.Text(), nullable=False),
        sa.Column("key_id", sa.String(16), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_push_subscriptions_game_id_games")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_push_subscriptions")),
        sa.UniqueConstraint("game_id", "seat", "endpoint_hash",
                            name=op.f("uq_push_subscriptions_game_id")),
    )
    op.create_table(
        "push_deliveries",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("outbox_id", ID, nullable=False),
        sa.Column("subscription_id", ID, nullable=False),
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("ok", sa.Boolean(), nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_push_deliveries")),
    )
    op.create_index("ix_push_deliveries_outbox_id", "push_deliveries", ["outbox_id"])
    op.create_index(op.f("ix_push_deliveries_created_at"), "push_deliveries", ["created_at"])


def downgrade() -> None:
    """Drop the three tables; the previous release knows no push."""
    op.drop_index(op.f("ix_push_deliveries_created_at"), table_name="push_deliveries")
    op.drop_index("ix_push_deliveries_outbox_id", table_name="push_deliveries")
    op.drop_table("push_deliveries")
    op.drop_table("push_subscriptions")
    op.drop_table("push_settings")
