"""Who may act now: the game's version, its end, its phase and the seat to act.

The one place these are checked. :func:`check_may_act` is for a caller that has not read the
action yet (the service, before parsing what a player sent); :func:`apply_action
<engine.game.apply_action>` checks the same things through :func:`check_open` and
:func:`acting_seat`, in words that name the kind of action tried.

>>> from engine import new_game, NotYourTurn
>>> game = new_game(["red", "blue"], seed=7, start_seat=0)
>>> check_may_act(game, 0)
>>> try:
...     check_may_act(game, 1)
... except NotYourTurn as refused:
...     print(refused.code, refused.message, refused.details)
move/not_your_turn red is to move, not blue {'seat': 1, 'to_move': 0}
"""

from __future__ import annotations

from engine.errors import GameOver, NotYourTurn, StaleVersion, WrongPhase
from engine.state import FIGURES, MONSTER, OVER, PLACEMENT, GameState
from engine.texts import N_

_WRONG_PHASE = {
    (FIGURES, PLACEMENT): N_("it is the placement phase, not the figure phase"),
    (FIGURES, MONSTER): N_("it is the monster phase, not the figure phase"),
    (PLACEMENT, FIGURES): N_("it is the figure phase, not the placement phase"),
    (PLACEMENT, MONSTER): N_("it is the monster phase, not the placement phase"),
}
"""The refusal of an action of another phase than the game's, by the action's phase and the
game's: whole sentences, as a language may say each phase its own way."""

# People read this: seats are named by their colour (the details keep the numbers), each the
# subject of its clause, so that no language has to make a colour possessive.
_NOT_YOUR_TURN = {False: N_("%(colour)s is to move, not %(actor)s"),
                  True: N_("%(colour)s places the next tile, not %(actor)s")}
"""The refusal of an action by a seat not to act, by whether it places a tile."""


def check_may_act(state: GameState, seat: int, *, expected_version: int | None = None) -> None:
    """Refuse, before its action is read, a seat that may not act now; return if it may.

    In this order: ``StaleVersion`` when ``expected_version`` is given and is not the
    state's version, ``GameOver`` once the game has ended, ``WrongPhase`` while the monster
    moves, and ``NotYourTurn`` when another seat is to act.
    """
    check_open(state, expected_version)
    acting_seat(state, seat, None)


def check_open(state: GameState, expected_version: int | None = None) -> None:
    """Refuse any action against another version of the game than ``state``'s (when
    ``expected_version`` is given: a move made from an old view), or on a finished game."""
    if expected_version is not None and expected_version != state.version:
        raise StaleVersion.said(N_("the game is at version %(version)s, not %(expected)s"),
                                expected=expected_version, version=state.version)
    if state.phase == OVER:
        raise GameOver.said(N_("the game is over; no more actions are taken"), phase=OVER)


def acting_seat(state: GameState, seat: int | None, phase: str | None) -> int:
    """Return the seat that acts (``seat``; None: the seat to act) on a game not over, or
    refuse it: ``WrongPhase`` when the game is not in ``phase``, ``NotYourTurn`` when another
    seat is to act.

    ``phase`` is the phase of the action tried (``FIGURES`` or ``PLACEMENT``), or None when
    the action is not known yet: then only the monster phase is the wrong one.
    """
    if phase is None:
        if state.phase == MONSTER:
            raise WrongPhase.said(N_("the monster is moving; the next turn starts when it is done"),
                                  phase=MONSTER)
    elif state.phase != phase:
        raise WrongPhase.said(_WRONG_PHASE[phase, state.phase], phase=state.phase)
    to_move = state.to_move
    actor = to_move if seat is None else seat
    if actor is None or actor != to_move:
        raise NotYourTurn.said(_NOT_YOUR_TURN[phase == PLACEMENT],
                               {"colour": _colour(state, to_move), "actor": _colour(state, actor)},
                               seat=actor, to_move=to_move)
    return actor


def _colour(state: GameState, seat: int | None) -> str:
    """Name a seat by its colour; a number that is no seat of the game stays a number."""
    if seat is not None and 0 <= seat < len(state.players):
        return state.colour_of(seat)
    return f"seat {seat}"
