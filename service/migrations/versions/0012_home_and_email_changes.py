"""Home links ("my games") by address, and seats' email changes waiting for confirmation.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create the tables of home addresses and of email changes."""
    op.create_table(
        "home_addresses",
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("email_key", sa.String(254), nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_home_addresses")),
        sa.UniqueConstraint("email_key", name=op.f("uq_home_addresses_email_key")),
    )
    op.create_table(
        "email_changes",
        sa.Column("game_id", sa.String(22), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("expires_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_email_changes_game_id_games")),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_email_changes")),
        sa.UniqueConstraint("code_hash", name=op.f("uq_email_changes_code_hash")),
    )


def downgrade() -> None:
    """Drop the tables upgrade() made."""
    op.drop_table("email_changes")
    op.drop_table("home_addresses")
