"""The figure phase (RULES §3.1): whose sub-turn it is, moves and flips, the first game turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Flip, Move, Transition
from engine.board import square_name
from engine.errors import IllegalMove, UnknownFigure
from engine.events import FLIP, GAME_OVER, MOVE, PHASE
from engine.moves import MoveOutcome, check_path, legal_outcomes
from engine.outcome import NOTHING_LEFT, final_outcome, immediate_winner
from engine.search import SearchCache
from engine.state import (
    BOARD,
    ESCAPED,
    FIGURES,
    MONSTER,
    OUTSIDE,
    OVER,
    Figure,
    GameState,
    Player,
    evolve,
    figure_key,
)
from engine.texts import N_

FIRST_TURN_ENTRIES = 2
"""In the first game turn each player enters at most two figures (RULES §3.1)."""


def has_unmoved(state: GameState, seat: int) -> bool:
    """True when the player at ``seat`` still has a figure in play to move this game turn."""
    return _has_unmoved(state.players[seat].colour, state.figures)


def _has_unmoved(colour: str, figures: tuple[Figure, ...]) -> bool:
    return any(f.colour == colour and not f.moved and (f.where == BOARD or f.where == OUTSIDE)
               for f in figures)


def first_to_act(state: GameState, from_seat: int) -> int | None:
    """Return the first seat, from ``from_seat`` clockwise, with a figure left to move."""
    return first_to_act_among(state.players, state.figures, from_seat)


def first_to_act_among(players: tuple[Player, ...], figures: tuple[Figure, ...],
                       from_seat: int) -> int | None:
    """:func:`first_to_act` for these players and figures (a state about to be made)."""
    # One pass over the figures for all the seats (this runs after every sub-turn).
    colours = {f.colour for f in figures
               if not f.moved and (f.where == BOARD or f.where == OUTSIDE)}
    if colours:
        n = len(players)
        for k in range(n):
            seat = (from_seat + k) % n
            if players[seat].colour in colours:
                return seat
    return None


def entered_this_turn(state: GameState, seat: int) -> int:
    """Return how many figures the player at ``seat`` has entered in this game turn."""
    return _entered(state.players[seat].colour, state.figures)


def _entered(colour: str, figures: Sequence[Figure]) -> int:
    return sum(1 for f in figures if f.colour == colour and f.where == BOARD and f.moved)


def may_enter(state: GameState, seat: int) -> bool:
    """True unless it is the first game turn and the player has entered two figures already."""
    return state.game_turn > 1 or entered_this_turn(state, seat) < FIRST_TURN_ENTRIES


def movable_figures(state: GameState, seat: int) -> list[Figure]:
    """Return the player's figures that may still move or flip in this game turn."""
    colour = state.players[seat].colour
    # ``in_play`` written out: random play asks this before every sub-turn.
    return [f for f in state.figures if f.colour == colour and not f.moved
            and (f.where == BOARD or f.where == OUTSIDE)]


def legal_moves(state: GameState, seat: int) -> dict[str, list[MoveOutcome]]:
    """Return, per figure key, the moves the player at ``seat`` may make now (flip not listed).

    A figure that may only flip (outside after two entries in the first turn) maps to [].
    """
    if state.phase != FIGURES or state.to_move != seat:
        return {}
    return {f.id.key: legal_outcomes(state, f.id) if may_move else []
            for f, may_move in figures_to_act(state, seat)}


def figures_to_act(state: GameState, seat: int) -> list[tuple[Figure, bool]]:
    """Return the seat's figures that may still act this game turn, each with whether it may
    move (False: it may only flip, being outside after two entries in the first turn)."""
    enter = may_enter(state, seat)
    return [(f, enter or f.where != OUTSIDE) for f in movable_figures(state, seat)]


def _checked_figure(state: GameState, action: Move | Flip, seat: int) -> int:
    """Check that ``seat``, the seat to act, may act with this figure; return its index."""
    index = state.figure_index(action.figure)
    fig = state.figures[index]
    if fig.colour != state.colour_of(seat):
        raise UnknownFigure.said(N_("%(name)s is not a figure of %(colour)s"),
                                 {"name": action.figure, "colour": state.colour_of(seat)},
                                 figure=action.figure.key)
    if not fig.in_play:
        raise IllegalMove.said(N_("%(name)s is not in play (%(where)s)"),
                               {"name": action.figure, "where": fig.where},
                               figure=action.figure.key, reason="not_in_play", step=0)
    if fig.moved:
        raise IllegalMove.said(N_("%(name)s has already moved this game turn"),
                               {"name": action.figure},
                               figure=action.figure.key, reason="already_moved", step=0)
    if isinstance(action, Move) and fig.where == OUTSIDE and not may_enter(state, seat):
        raise IllegalMove.said(
            N_("%(name)s: in the first game turn a player enters at most two figures"),
            {"name": action.figure}, figure=action.figure.key, reason="first_turn_limit", step=1)
    return index


def apply_figure_action(state: GameState, action: Move | Flip, actor: int,
                        cache: SearchCache | None = None) -> Transition:
    """Move or flip a figure for ``actor``, then pass the turn on (or end the phase).

    ``actor`` is the seat to act in the figure phase (the caller checks it:
    :func:`engine.turn.acting_seat`). ``cache``: see :func:`engine.moves.check_path`.
    """
    index = _checked_figure(state, action, actor)
    fig = state.figures[index]
    figures = list(state.figures)
    stones = state.stones
    escapes = state.escapes
    events: list[dict[str, Any]] = []
    if isinstance(action, Move):
        result = check_path(state, action.figure, action.path, cache=cache)
        stones = result.stones
        if result.escaped:
            escapes += 1
            figures[index] = evolve(fig, where=ESCAPED, square=None, black=not fig.black,
                                     moved=True, escaped_order=escapes)
        else:
            figures[index] = evolve(fig, where=BOARD, square=result.square,
                                     black=not fig.black, moved=True)
        events.append(_move_event(actor, fig, result, state.stones))
    else:
        figures[index] = evolve(fig, black=not fig.black, moved=True)
        events.append({"type": FLIP, "seat": actor, "figure": fig.id.key,
                       "shows": figures[index].value})
    if state.game_turn == 1:
        _auto_flip_first_turn(state.players[actor].colour, actor, figures, events)
    # One new state for the whole sub-turn: the move and what follows from it.
    return Transition(_after_sub_turn(state, actor, events, tuple(figures), stones, escapes),
                      tuple(events))


def _move_event(seat: int, fig: Figure, result: MoveOutcome,
                stones_before: tuple[tuple[int, str], ...]) -> dict[str, Any]:
    """Return the ``move`` event; each push names its piece (a stone kind), so that the move
    can be told in words without the position it was made in (``engine.narrate``)."""
    kinds = dict(stones_before) if result.pushed else {}
    return {
        "type": MOVE,
        "seat": seat,
        "figure": figure_key(fig),
        "path": result.path,
        "from": "outside" if fig.square is None else square_name(fig.square),
        "to": "out" if result.square is None else square_name(result.square),
        "escapes": result.escaped,
        "pushes": [{"from": square_name(a), "to": None if b is None else square_name(b),
                    "piece": kinds[a]} for a, b in result.pushed],
        "shows": 7 - fig.value,
    }


def _auto_flip_first_turn(colour: str, seat: int, figures: list[Figure],
                          events: list[dict[str, Any]]) -> None:
    """In the first turn, once a player has entered two figures, flip their waiting ones."""
    if _entered(colour, figures) < FIRST_TURN_ENTRIES:
        return
    for i, f in enumerate(figures):
        if f.colour == colour and f.where == OUTSIDE and not f.moved:
            figures[i] = evolve(f, black=not f.black, moved=True)
            events.append({"type": FLIP, "seat": seat, "figure": f.id.key,
                           "shows": figures[i].value, "automatic": True})


def _after_sub_turn(state: GameState, seat: int, events: list[dict[str, Any]],
                    figures: tuple[Figure, ...], stones: tuple[tuple[int, str], ...],
                    escapes: int) -> GameState:
    """End the game, pass to the next seat with a figure to move, or start the monster phase.

    ``state`` is the state before the sub-turn; ``figures``, ``stones`` and ``escapes`` are
    what the sub-turn made of them. Only an escape can end the game here: it is the one way a
    figure leaves play in the figure phase, so only then can someone have enough figures out
    or nothing be left.
    """
    version = state.version + 1
    if escapes != state.escapes:
        state = evolve(state, figures=figures, stones=stones, escapes=escapes)
        won = immediate_winner(state)
        if won is None and state.stage == 2 and not any(f.in_play for f in figures):
            won = final_outcome(state, NOTHING_LEFT)
        if won is not None:
            events.append({"type": GAME_OVER, **won.to_dict()})
            return evolve(state, phase=OVER, to_move=None, outcome=won, version=version)
    nxt = first_to_act_among(state.players, figures, (seat + 1) % len(state.players))
    if nxt is None:
        events.append({"type": PHASE, "phase": MONSTER})
        return evolve(state, figures=figures, stones=stones, escapes=escapes, phase=MONSTER,
                      to_move=None, version=version)
    return evolve(state, figures=figures, stones=stones, escapes=escapes, to_move=nxt,
                  version=version)
