"""Rules versions: every game started before them keeps the rules it was started under.

A game's state now says which version of the rules it is played under (``rules`` in the
state; ``engine.state.RULES_VERSION``). Version 2 changed D4 (only a loop stops the monster,
no longer four turns in one point); a game already under way must not change rules halfway,
so each stored state without a version is marked version 1. Games not started yet have no
state and will start under the current version.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

FIRST_RULES = 1


def upgrade() -> None:
    """Mark every stored game state that names no rules version as version 1."""
    connection = op.get_bind()
    games = sa.table("games", sa.column("id", sa.String), sa.column("state", sa.JSON))
    for row in connection.execute(sa.select(games).where(games.c.state.is_not(None))).all():
        state = row.state
        if isinstance(state, dict) and "rules" not in state:
            connection.execute(games.update().where(games.c.id == row.id)
                               .values(state={**state, "rules": FIRST_RULES}))


def downgrade() -> None:
    """Nothing to undo: code from before rules versions would not read a version 2 game
    rightly, so a downgrade leaves the marks as they are."""
