"""The events read by game and version, and by game and action, each through an index of its
own: the primary key (game, seq) let such a lookup read every event of the game and filter,
a heap page each, so its cost grew with the game's length and with the games stored.

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the two indexes."""
    op.create_index("ix_events_game_id_version", "events", ["game_id", "version"])
    op.create_index("ix_events_game_id_action_seq", "events", ["game_id", "action_seq"])


def downgrade() -> None:
    """Drop the indexes upgrade() made; the previous release reads the events without them."""
    op.drop_index("ix_events_game_id_action_seq", table_name="events")
    op.drop_index("ix_events_game_id_version", table_name="events")
