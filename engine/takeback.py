"""Taking back actions: the position returns to an earlier one, while nothing hidden was shown.

Everything in a game is public but the order of the monster's pile, so an action may be taken
back as long as no card was turned up since: the earlier position must be of the same game
turn, stage and discard, and the game not over. The caller holds the earlier state (the
service replays the game to it; a record's replay keeps the states of the turn). The taken
back position keeps its generator (the figure phase draws nothing) and gets the next version,
so a move made against the position before the takeback is refused as stale.

>>> from engine import new_game, parse_action, apply_action
>>> game = new_game(["red", "blue"], seed=7, start_seat=0)
>>> moved = apply_action(game, parse_action("red 5 +WWNN", game), seat=0).state
>>> back = take_back(game, moved, seat=0)
>>> back.state.figures == game.figures, back.state.version, back.events[0]["to_version"]
(True, 2, 0)
"""

from __future__ import annotations

from engine.actions import Transition
from engine.errors import CannotTakeBack, GameOver
from engine.events import TAKEBACK
from engine.state import MONSTER, OVER, GameState, evolve
from engine.texts import N_


def check_can_take_back(earlier: GameState, current: GameState) -> None:
    """Refuse a return from ``current`` to ``earlier`` that the rules do not allow: the game
    is over, a monster card was turned up since, or ``earlier`` is not before ``current``."""
    if current.phase == OVER:
        raise GameOver.said(N_("the game is over"), phase=current.phase)
    if earlier.version >= current.version:
        raise CannotTakeBack.because(
            "nothing", N_("there is nothing to take back since version %(version)s"),
            version=earlier.version)
    drawn = (earlier.discard != current.discard or earlier.stage != current.stage
             or earlier.game_turn != current.game_turn
             or earlier.first_card_drawn != current.first_card_drawn)
    if drawn or earlier.phase == MONSTER:
        raise CannotTakeBack.because(
            "card_drawn", N_("the monster has turned up a card since: what was played before "
                             "it cannot be taken back"), version=earlier.version)


def take_back(earlier: GameState, current: GameState, seat: int) -> Transition:
    """Return the position ``earlier`` again, at the version after ``current``'s, with the
    ``takeback`` event (``seat`` asked for it); never mutates. See
    :func:`check_can_take_back` for what is refused."""
    check_can_take_back(earlier, current)
    state = evolve(earlier, version=current.version + 1)
    event = {"type": TAKEBACK, "seat": seat, "from_version": current.version,
             "to_version": earlier.version, "to_move": state.to_move}
    return Transition(state, (event,))
