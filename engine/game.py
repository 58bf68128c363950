"""Applying any player action to a state: the one entry point for clients of the engine."""

from __future__ import annotations

from engine.actions import Action, Flip, Move, Place, Transition
from engine.errors import GameOver, InvalidNotation, StaleVersion
from engine.figure_phase import apply_figure_action
from engine.placement import apply_placement
from engine.state import OVER, GameState


def apply_action(
    state: GameState, action: Action, seat: int | None = None, *,
    expected_version: int | None = None,
) -> Transition:
    """Apply a player's action and return the new state and its events; never mutates.

    ``seat`` is who acts (None: whoever is to act). ``expected_version``, when given, must be
    the state's version, so a move made against an old view is refused.
    """
    if expected_version is not None and expected_version != state.version:
        raise StaleVersion(
            f"the game is at version {state.version}, not {expected_version}",
            expected=expected_version, version=state.version)
    if state.phase == OVER:
        raise GameOver("the game is over; no more actions are taken", phase=OVER)
    if isinstance(action, (Move, Flip)):
        return apply_figure_action(state, action, seat)
    if isinstance(action, Place):
        return apply_placement(state, action, seat)
    raise InvalidNotation(f"{action!r} is not an action")
