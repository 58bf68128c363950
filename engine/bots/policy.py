"""The one-ply player: every action of the seat to act, scored, and the easy choice.

``easy_action`` is the quick default policy the deeper levels also use for the rest of a game
turn: it tries each action of the seat to act and keeps the one whose position scores best
(:func:`engine.bots.evaluate.score`) — progress to the exit, escapes, and fewer of its own
figures where the monster looks. It never simulates the monster.
"""

from __future__ import annotations

from engine.actions import Action, Flip, Move
from engine.bots.evaluate import score
from engine.figure_phase import figures_to_act
from engine.game import apply_action
from engine.moves import legal_paths
from engine.rng import Rng
from engine.search import SearchCache
from engine.state import FIGURES, GameState

TIE = 1e-9


def figure_actions(state: GameState, cache: SearchCache | None = None) -> list[Action]:
    """Return every action of the seat to act in the figure phase: per figure, in the order
    of the view's ``legal``, its flip and then its moves (canonical paths)."""
    seat = state.to_move
    if seat is None:
        return []
    actions: list[Action] = []
    for figure, may_move in figures_to_act(state, seat):
        actions.append(Flip(figure.id))
        if may_move:
            actions.extend(Move(figure.id, path)
                           for path in legal_paths(state, figure.id, cache=cache))
    return actions


class Work:
    """How many positions have been scored: the measure of a bot's work, which the deeper
    levels spend to a fixed amount (a clock's measure would not replay)."""

    __slots__ = ("scored",)

    def __init__(self) -> None:
        self.scored = 0


def ranked_actions(state: GameState, cache: SearchCache | None = None,
                   work: Work | None = None) -> list[tuple[float, Action, GameState]]:
    """Return every action of the seat to act with the state it leads to and its one-ply
    score for that seat, best first (ties keep the listing's order)."""
    seat = state.to_move
    assert seat is not None
    found = []
    for action in figure_actions(state, cache):
        after = apply_action(state, action, seat, cache=cache).state
        found.append((score(after, seat), action, after))
    if work is not None:
        work.scored += len(found)
    found.sort(key=lambda item: -item[0])
    return found


def best_of(scored: list[tuple[float, Action]], rng: Rng | None) -> Action:
    """Return the best-scored action; ``rng`` breaks exact ties (else the first wins)."""
    top = max(value for value, _ in scored)
    best = [action for value, action in scored if value >= top - TIE]
    return rng.choice(best) if rng is not None else best[0]


def easy_action(state: GameState, rng: Rng | None = None, cache: SearchCache | None = None,
                work: Work | None = None) -> Action:
    """Return the action of the seat to act whose resulting position scores best for it."""
    return best_of([(value, action)
                    for value, action, _ in ranked_actions(state, cache, work)], rng)


def play_out_figure_phase(state: GameState, cache: SearchCache,
                          work: Work | None = None) -> GameState:
    """Play the rest of the figure phase with :func:`easy_action` for every seat."""
    while state.to_move is not None and state.phase == FIGURES:
        state = apply_action(state, easy_action(state, None, cache, work), cache=cache).state
    return state
