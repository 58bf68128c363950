"""What happens when the seat to act lets its time run out: the action taken in its place.

The service gives each sub-turn an optional time limit. When it runs out, the seat's
waiting figure is flipped without moving, and play goes on (RULES §3.1 allows a flip, "a move
of 0 squares", for any figure that has not moved this game turn, a figure waiting outside
included; so in the first game turn nothing enters). The figure flipped is the one with the
lowest coloured number among those the seat may still move: a plain rule anyone can check
in the log. In the experienced game's set-up the next tile left to place goes to the first
square where it may lie (arrow N for a teleporter, as ``legal_placements`` lists it).

The result is an ordinary action: the caller applies it with ``apply_action`` and stores it
like a player's, so a replay of the game's actions needs nothing more.

>>> from engine import new_game, apply_action
>>> game = new_game(["red", "blue"], seed=7, start_seat=0)
>>> timeout_action(game)
Flip(figure=FigureId(colour='red', number=1))
>>> apply_action(game, timeout_action(game)).state.to_move
1
"""

from __future__ import annotations

from engine.actions import Flip, Place
from engine.errors import WrongPhase
from engine.figure_phase import movable_figures
from engine.placement import legal_placements
from engine.state import FIGURES, MONSTER, OVER, PLACEMENT, GameState
from engine.texts import N_

_NOBODY_TO_ACT = {
    MONSTER: N_("nobody is to act while the monster moves, so no time can run out"),
    OVER: N_("nobody is to act once the game is over, so no time can run out"),
}
"""Why no time runs out, by the game's phase (whole sentences: each language says each
phase its own way)."""


def timeout_action(state: GameState) -> Flip | Place:
    """Return the action taken for the seat to act whose time has run out.

    Figure phase: flip that seat's unmoved figure in play with the lowest coloured number.
    Placement phase: place the first tile left on its first allowed square. Raises
    ``WrongPhase`` when nobody is to act (the monster phase, the end).
    """
    seat = state.to_move
    if seat is not None and state.phase == FIGURES:
        waiting = min(movable_figures(state, seat), key=lambda f: f.number)
        return Flip(waiting.id)
    if seat is not None and state.phase == PLACEMENT:
        return legal_placements(state, state.tiles_to_place[0])[0]
    # A position may say nobody is to act in another phase: as good as the monster's.
    raise WrongPhase.said(_NOBODY_TO_ACT[OVER if state.phase == OVER else MONSTER],
                          phase=state.phase)

