"""The monster phase, resolved by the worker from the job a player's last move wrote.

:func:`resolve_monster_phase` is what the worker's task calls with the job's payload. It is
idempotent: a job run twice, or late, or for a cancelled game, changes nothing the second
time, because it acts only on the game at the version the job names, in the monster phase,
and writes with the same conditional UPDATE as players' actions.
"""

from __future__ import annotations

from flask import current_app

import engine
from engine.state import MONSTER
from service.kernel.pipeline import game_changed
from service.kernel.store import StaleWrite, game_with_seats, load_state, save_transition
from service.kernel.vocabulary import ACTIVE
from service.plumbing.columns import utcnow
from service.plumbing.unit_of_work import write_transaction


def resolve_monster_phase(game_id: str, version: int) -> int | None:
    """Resolve the monster phase of ``game_id`` at ``version``; return the new version.

    Returns None, having written nothing, when the game is not (any more) at that version
    in the monster phase, or is not active. Must run in an app context.
    """
    try:
        # A short idle limit: a worker cut off in the middle frees the game's row that soon.
        with write_transaction(current_app.config["MONSTER_PHASE_IDLE_SECONDS"]) as session:
            found = game_with_seats(session, game_id)
            if found is None:
                return None
            game, seats, listeners = found
            if game.status != ACTIVE or game.version != version or game.phase != MONSTER:
                return None
            state = load_state(game)
            assert state is not None  # an active game has started
            change = save_transition(session, game, engine.resolve_monster_phase(state),
                                     utcnow(), seats=seats, listeners=listeners)
            game_changed(session, change)
            new_version = game.version
    except StaleWrite:
        return None
    return new_version
