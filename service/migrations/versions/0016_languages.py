"""Languages and time zones: the game's language, each seat's language and time zone.

Adds ``games.language`` (the language its creator chose, ``en`` for every game before) and
``seats.language`` and ``seats.time_zone`` (null: the game's language, and UTC).

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the game's language and the seats' languages and time zones."""
    op.add_column("games", sa.Column("language", sa.String(8), nullable=False,
                                     server_default="en"))
    op.add_column("seats", sa.Column("language", sa.String(8), nullable=True))
    op.add_column("seats", sa.Column("time_zone", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop what upgrade() added."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("time_zone")
        batch.drop_column("language")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("language")
