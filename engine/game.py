"""Applying any player action to a state: the one entry point for clients of the engine."""

from __future__ import annotations

from engine.actions import Action, Flip, Move, Place, Transition
from engine.errors import InvalidNotation
from engine.figure_phase import apply_figure_action
from engine.placement import apply_placement
from engine.search import SearchCache
from engine.state import FIGURES, PLACEMENT, GameState
from engine.texts import N_
from engine.turn import acting_seat, check_open


def apply_action(
    state: GameState, action: Action, seat: int | None = None, *,
    expected_version: int | None = None, cache: SearchCache | None = None,
) -> Transition:
    """Apply a player's action and return the new state and its events; never mutates.

    ``seat`` is who acts (None: whoever is to act). ``expected_version``, when given, must be
    the state's version, so a move made against an old view is refused. ``cache``: the one
    that listed this move's figure in this state, if any (see :func:`engine.moves.check_path`).
    """
    check_open(state, expected_version)
    if isinstance(action, (Move, Flip)):
        return apply_figure_action(state, action, acting_seat(state, seat, FIGURES), cache)
    if isinstance(action, Place):
        return apply_placement(state, action, acting_seat(state, seat, PLACEMENT))
    raise InvalidNotation.said(N_("%(action)r is not an action"), {"action": action})
