"""The monster preview at the table: where the monster would walk, for each card still in the
pile, from the position after the move being chosen.

A game's creator turns it on at creation (``monster_preview``, shown in the game's rules).
It is public information a player could work out at the table: the position and which cards
the stage's pile still holds, never their order (``engine.monster_walks``). Reading writes
nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine
from service.kernel.auth import check_game_id
from service.kernel.store import authenticate_for_reading, load_state
from service.plumbing.errors import ServiceError, from_engine
from service.plumbing.i18n import _
from service.plumbing.unit_of_work import read_transaction


def preview(game_id: str, token: str | None, request: Mapping[str, Any]) -> dict[str, Any]:
    """Return where the monster would walk for each card that may come, from the position as
    it is, or after the action ``request`` gives (``notation`` or ``action``, for the seat to
    act): ``{version, after, walks}`` (any token of the game). 409 ``preview/off`` when the
    game's creator did not turn the preview on."""
    check_game_id(game_id)
    with read_transaction() as session:
        game, _caller, _seats = authenticate_for_reading(session, game_id, token)
    if not game.monster_preview:
        raise ServiceError("preview/off", _("This game shows no monster preview: its creator "
                                            "did not choose it."))
    state = load_state(game)
    if state is None:
        raise ServiceError("game/not_started",
                           _("The game has not started yet: it waits for players."))
    after = None
    try:
        if "notation" in request or "action" in request:
            seat = state.to_move
            engine.check_may_act(state, -1 if seat is None else seat)
            assert seat is not None
            action = (engine.parse_action(request["notation"], state, seat)
                      if "notation" in request else engine.action_from_dict(request["action"]))
            state = engine.apply_action(state, action, seat).state
            after = engine.format_action(action)
    except engine.EngineError as refusal:
        raise from_engine(refusal) from None
    walks = [] if state.is_over else [walk.to_dict() for walk in engine.monster_walks(state)]
    return {"version": game.version, "after": after, "walks": walks}
