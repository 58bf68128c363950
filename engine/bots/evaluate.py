"""How good a position is for a seat: progress to the exit, escapes, and the monster's eye.

Every figure is worth how far it has come (walking distance to ``a1``, teleporters being walls
for figures), an escaped figure more than any figure inside, and a figure the monster sees is
worth less: most of all the one it would turn to (the nearest it sees), less those further
off. A seat's score is its worth less its strongest opponents'; a finished game scores the
win or the loss above everything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from engine.board import EXIT, NEIGHBOURS, SQUARES
from engine.state import BOARD, CRYSTAL, ESCAPED, OUTSIDE, GameState, Teleporter

ENTRY_DISTANCE = 26
"""Points a figure waiting outside needs to reach ``a1`` by the shortest walk (1 to enter)."""
ESCAPED_WORTH = 45.0
OUTSIDE_WORTH = 2.0
ESCAPE_NEXT_TURN = 5.0
"""Bonus for a figure that can reach ``a1`` and leave with its next allowance."""
WIN = 1000.0


@lru_cache(maxsize=64)
def exit_distances(teleporters: tuple[Teleporter, ...]) -> Mapping[int, int]:
    """Return each square's walking distance to ``a1`` (teleporters are walls for figures).

    Stones are left out (a figure pushes them) and pools count square by square: a cheap,
    slightly pessimistic measure. A square with no walk to the exit gets the entrance's.
    """
    walls = {t.square for t in teleporters}
    dist = {EXIT: 0}
    frontier = [EXIT]
    while frontier:
        reached = []
        for square in frontier:
            for near in NEIGHBOURS[square]:
                if near >= 0 and near not in dist and near not in walls:
                    dist[near] = dist[square] + 1
                    reached.append(near)
        frontier = reached
    for square in SQUARES:
        dist.setdefault(square, ENTRY_DISTANCE - 1)
    return MappingProxyType(dist)


def sighted(monster: int, facing: int, figures: Mapping[int, int],
            stones: Mapping[int, str]) -> list[tuple[int, int]]:
    """Return (distance, square) of the first figure the monster sees ahead, left and right.

    As :meth:`engine.monster.Walk.sightings`: sight passes floor, pools, teleporters and
    crystals and stops at any other stone and at the wall. ``figures`` maps squares to any
    value (only the keys are read).
    """
    seen = []
    for d in (facing, (facing + 3) % 4, (facing + 1) % 4):
        square, dist = NEIGHBOURS[monster][d], 1
        while square >= 0:
            if square in figures:
                seen.append((dist, square))
                break
            kind = stones.get(square)
            if kind is not None and kind != CRYSTAL:
                break
            square, dist = NEIGHBOURS[square][d], dist + 1
    return seen


def threat_weights(seen: list[tuple[int, int]]) -> dict[int, float]:
    """Return how much the monster threatens each figure it sees (by square), 0..1.

    The nearest it sees alone is the one it turns to; a tie leaves it facing ahead, which the
    weights share. Far figures are reached only by the long cards.
    """
    if not seen:
        return {}
    nearest = min(d for d, _ in seen)
    closest = [sq for d, sq in seen if d == nearest]
    weights = {}
    for dist, square in seen:
        reach = 1.0 if dist <= 6 else 0.6 if dist <= 10 else 0.3
        share = (1.0 / len(closest)) if dist == nearest else 0.35
        weights[square] = reach * share
    return weights


def figure_worth(square: int | None, where: str, shows: int,
                 distances: Mapping[int, int]) -> float:
    """Return what one figure is worth where it stands, showing ``shows`` next turn."""
    if where == ESCAPED:
        return ESCAPED_WORTH
    if where == OUTSIDE:
        return OUTSIDE_WORTH
    if where != BOARD or square is None:
        return 0.0
    dist = distances[square]
    worth = float(ENTRY_DISTANCE + 4 - dist)
    if dist + 1 <= shows:
        worth += ESCAPE_NEXT_TURN
    return worth


def seat_worths(state: GameState, danger: float = 1.0) -> list[float]:
    """Return every seat's worth in ``state``; ``danger`` scales what the monster's eye costs.

    A figure in sight loses part of its worth in proportion to the threat: all it stands to
    lose in stage 2 (removed for good), most of it in stage 1 (sent back outside).
    """
    distances = exit_distances(state.teleporters)
    seat_of = {p.colour: p.seat for p in state.players}
    worths = [0.0] * len(state.players)
    on_board: dict[int, int] = {}
    for i, f in enumerate(state.figures):
        worths[seat_of[f.colour]] += figure_worth(f.square, f.where, f.value, distances)
        if f.square is not None:
            on_board[f.square] = i
    if danger:
        stones = dict(state.stones)
        weights = threat_weights(sighted(state.monster.square, state.monster.facing,
                                         on_board, stones))
        loss = 0.9 if state.stage == 2 else 0.7
        for square, weight in weights.items():
            f = state.figures[on_board[square]]
            lost = figure_worth(square, BOARD, f.value, distances) + 4.0
            worths[seat_of[f.colour]] -= danger * weight * loss * lost
    return worths


def relative(worths: list[float], seat: int) -> float:
    """Return ``seat``'s worth less the mean of its best opponent's and all opponents'."""
    others = [w for s, w in enumerate(worths) if s != seat]
    if not others:
        return worths[seat]
    return worths[seat] - 0.5 * (max(others) + sum(others) / len(others))


def score(state: GameState, seat: int, danger: float = 1.0) -> float:
    """Return how good ``state`` is for ``seat``: a win or loss first, then relative worth."""
    worth = relative(seat_worths(state, danger), seat)
    if state.outcome is not None:
        winners = state.outcome.winners
        if seat in winners:
            return WIN + worth
        if winners:
            return -WIN + worth
    return worth
