"""The search of a figure's moves (RULES §3.2): every outcome, breadth first, and its cache.

A step letter is ``N E S W``, ``+`` for entering onto ``p11`` and ``X`` for leaving from
``a1`` (see :mod:`engine.moves`). The search keeps no state of its own between calls: a caller
that lists moves and then applies one of them (random play) owns a :class:`SearchCache`, so the
move applied is looked up in the search just made instead of walked again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.board import CORNERS, DIRECTION_LETTERS, ENTRANCE, EXIT, NEIGHBOURS, SQUARES
from engine.errors import IllegalMove
from engine.layout import Layout
from engine.rng import Rng
from engine.state import OUTSIDE, STONE_KINDS, FigureId, GameState
from engine.texts import N_

ENTER = "+"
LEAVE = "X"

OUT = -1  # the square of a figure waiting outside the entrance
GONE = -2  # the square of a figure that has left the fortress

Stones = dict[int, str]
"""A stone layout: kind by square. Never changed once made: a push makes a new one."""

Steps = tuple[tuple[tuple[int, int, str], ...], ...]
"""Each square's steps as (direction, target square, letter), in N E S W order."""

Queued = tuple[str, int, Stones, set[int]]
"""A state the search reached: (path, square or OUT, stones, the squares seen with them)."""

Found = tuple[str, int | None, Stones, set[int]]
"""An outcome the search found: a ``Queued`` whose square is None once the figure left."""

Enter = Callable[[int, int, Stones], tuple[int, Stones] | None]


def _zobrist_table() -> dict[str, tuple[int, ...]]:
    """Return a random 64-bit number per stone kind and square: ``_ZOBRIST[kind][square]``."""
    rng = Rng(0x5EED_F100_2005)
    table: dict[str, list[int]] = {kind: [0] * len(NEIGHBOURS) for kind in STONE_KINDS}
    for square in SQUARES:
        for kind in STONE_KINDS:
            table[kind][square] = rng.next_u64()
    return {kind: tuple(numbers) for kind, numbers in table.items()}


_ZOBRIST = _zobrist_table()

# Each square's steps that stay on the board.
_BOARD_STEPS: Steps = tuple(
    tuple((direction, target, DIRECTION_LETTERS[direction])
          for direction, target in enumerate(row) if target >= 0)
    for row in NEIGHBOURS
)


@lru_cache(maxsize=256)
def open_steps(monster: int, teleporters: frozenset[int]) -> Steps:
    """Return each square's steps onto squares a figure may enter (N E S W order kept).

    The steps onto the monster or a teleporter, which a figure never takes, are left out.
    The monster stands still for a whole figure phase, so the searches of a phase share one
    table (cached: a pure function of two immutable values). Only the rows next to those
    squares differ from the board's.
    """
    blocked = {monster, *teleporters}
    rows = list(_BOARD_STEPS)
    for square in blocked:
        for neighbour in NEIGHBOURS[square]:
            if neighbour >= 0:
                rows[neighbour] = tuple(s for s in _BOARD_STEPS[neighbour] if s[1] not in blocked)
    return tuple(rows)


def make_mover(layout: Layout, others: dict[int, int]) -> tuple[Enter, dict[int, int]]:
    """Return ``enter(target, direction, stones)``, the figure stepping onto ``target``, and
    the Zobrist keys of the stone layouts its pushes make (by the layout's ``id``).

    ``others`` are the other figures on the board (figure index by square). ``target`` must be
    a board square that is neither the monster's nor a teleporter (the caller checks that).
    ``enter`` returns where the step ends and the stones after it, or None when a stone on
    ``target`` cannot be pushed. Stepping onto a pool slides the figure on in the same
    direction to the square beyond, pushing a stone found there; the slide stops on the pool's
    last square when the square beyond is a wall, the monster, a teleporter or a stone that
    cannot move (RULES §3.2, D15). ``stones`` is never changed: a push makes a new layout, a
    plain dict, whose key (how it differs from the start layout, key 0) goes into the keys
    dict. A dict subclass carrying its key would be neater, but copying one costs twice what
    ``dict.copy`` does, and pushes are a good part of what a search spends. An ``id`` is only
    looked up for a layout still alive, so a reused one never reads a stale key.

    One closure per search, so the sets it reads are looked up once, not at every step.
    """
    neighbours = NEIGHBOURS
    pool = layout.pool
    blocked = {layout.monster, *layout.teleporters}  # a wall for the figure and what it pushes
    hard = blocked | others.keys()  # where a pushed stone cannot go (besides a stone or a wall)
    zobrist = _ZOBRIST
    keys: dict[int, int] = {}

    def push(stones: Stones, square: int, direction: int) -> Stones | None:
        # Push the stone on ``square`` one square; None when the square behind is not empty.
        # A stone pushed onto a pool slides across it (stopping before anything not empty,
        # RULES §3.2); one that ends on a corner is removed (D1); a teleporter is a wall (D5).
        to = neighbours[square][direction]
        if to < 0 or to in hard or to in stones:
            return None
        new = stones.copy()
        kind = new.pop(square)
        numbers = zobrist[kind]
        key = keys.get(id(stones), 0) ^ numbers[square]
        while to in pool:
            beyond = neighbours[to][direction]
            if beyond < 0 or beyond in hard or beyond in new:
                break
            to = beyond
        if to not in CORNERS:
            new[to] = kind
            key ^= numbers[to]
        keys[id(new)] = key
        return new

    def enter(target: int, direction: int, stones: Stones) -> tuple[int, Stones] | None:
        if target in stones:
            pushed = push(stones, target, direction)
            if pushed is None:
                return None
            stones = pushed
        while target in pool:
            beyond = neighbours[target][direction]
            if beyond < 0 or beyond in blocked:
                break
            if beyond in stones:
                pushed = push(stones, beyond, direction)
                if pushed is None:
                    break
                stones = pushed
            target = beyond
        return target, stones

    return enter, keys


def move_start(state: GameState, figure: FigureId) -> tuple[int, int, Layout, dict[int, int]]:
    """Return the figure's index, its start (a square, or OUT), the layout and the other
    figures on the board (figure index by square); refuse a figure that is not in play."""
    index = state.figure_index(figure)
    fig = state.figures[index]
    layout = Layout(state)
    if fig.square is not None:  # on the board
        start = fig.square
        others = dict(layout.figures)
        del others[start]
    elif fig.where == OUTSIDE:
        start = OUT
        others = layout.figures
    else:
        raise IllegalMove.said(N_("%(name)s is not in play (%(where)s)"),
                               {"name": figure, "where": fig.where}, figure=figure.key,
                               reason="not_in_play", step=0)
    return index, start, layout, others


Search = tuple[GameState, FigureId, Stones, list[Found]]
"""One search of a figure's moves: (state, figure, start stones, outcomes found).

The outcomes are in the order of the search (see :func:`engine.moves.legal_outcomes`); an
outcome's stones are the start stones themselves when nothing was pushed. A plain tuple: one
is made for every search, the hottest code of random play.
"""


class SearchCache:
    """The last search made through it, so that a path it just listed is looked up, not walked.

    Random play lists a figure's moves, picks one and applies it: the caller owns one cache
    (one per game played, never shared between threads) and passes it to both. The search
    holds its state, so a new state at a reused ``id`` is never taken for the old one.
    """

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: Search | None = None

    def known(self, state: GameState, figure: FigureId) -> Search | None:
        """Return the last search if it was of ``figure`` in this very ``state`` object."""
        last = self.last
        if last is not None and last[0] is state and last[1] == figure:
            return last
        return None


def search_moves(state: GameState, figure: FigureId, cache: SearchCache | None = None) -> Search:
    """Search ``figure``'s moves breadth first; remember the search in ``cache`` if given.

    A state of the search is (square, stones); each is reached with the fewest points used:
    reaching the same square and stones with more points left can never do worse. The
    outcomes listed are the states reached that do not end on another figure, each with the
    first shortest path in N, E, S, W order.
    """
    index, start, layout, others = move_start(state, figure)
    points = state.figures[index].value
    start_stones = layout.stones
    pool = layout.pool
    # Steps onto the monster or a teleporter are left out of the table, so every step the
    # search looks at is open; ``special`` are the open squares where a step with the start
    # stones is more than a step (a stone to push or a pool to slide on).
    steps = open_steps(layout.monster, layout.teleporters)
    special = pool | start_stones.keys()
    enter, keys = make_mover(layout, others)
    # The squares reached so far (and GONE once the figure has left), one set per stone
    # layout: the start layout's, then one for each layout pushes make, found by its Zobrist
    # key and, should two layouts share a key, by its contents.
    start_seen: set[int] = {start}
    seen_by_key: dict[int, list[tuple[Stones, set[int]]]] = {}

    def seen_with(stones: Stones) -> set[int]:
        key = keys[id(stones)]
        entries = seen_by_key.get(key)
        if entries is None:
            seen: set[int] = set()
            seen_by_key[key] = [(stones, seen)]
            return seen
        for other, seen in entries:
            if other is stones or other == stones:
                return seen
        seen = set()
        entries.append((stones, seen))
        return seen

    # Recording a newly reached state (mark it, queue it, list it unless it ends on a figure)
    # is written out in each branch below rather than called: it runs for every state, the
    # hottest code of random play.
    frontier: list[Queued] = [("", start, start_stones, start_seen)]
    found: list[Found] = []
    list_found = found.append
    for _ in range(points):
        queued: list[Queued] = []
        queue = queued.append
        for path, square, stones, seen in frontier:
            if stones is not start_stones:
                # Some stone has moved: every step is tried, in N E S W order.
                if square == EXIT and GONE not in seen:
                    seen.add(GONE)
                    list_found((path + LEAVE, None, stones, seen))
                for direction, target, letter in steps[square]:
                    if target in stones or target in pool:
                        entered = enter(target, direction, stones)
                        if entered is None:
                            continue
                        target, new_stones = entered
                        reached = seen if new_stones is stones else seen_with(new_stones)
                    else:
                        new_stones, reached = stones, seen
                    if target not in reached:
                        reached.add(target)
                        state_reached = (path + letter, target, new_stones, reached)
                        queue(state_reached)
                        if target not in others:
                            list_found(state_reached)
                continue
            if square == OUT:
                if layout.monster != ENTRANCE and ENTRANCE not in seen:
                    seen.add(ENTRANCE)
                    state_reached = (ENTER, ENTRANCE, start_stones, seen)
                    queue(state_reached)
                    if ENTRANCE not in others:
                        list_found(state_reached)
                continue
            # No stone moved so far. A square outside ``special`` is a plain step, taken at
            # once; the others are taken after the plain ones (and after leaving from a1), in
            # N E S W order among themselves, so that canonical paths and the order of the
            # outcomes stay as they have always been.
            later = False
            for _direction, target, letter in steps[square]:
                if target in special:
                    later = True
                elif target not in seen:
                    seen.add(target)
                    state_reached = (path + letter, target, start_stones, seen)
                    queue(state_reached)
                    if target not in others:
                        list_found(state_reached)
            if square == EXIT and GONE not in seen:
                seen.add(GONE)
                list_found((path + LEAVE, None, start_stones, seen))
            if not later:
                continue
            for direction, target, letter in steps[square]:
                if target not in special:
                    continue
                entered = enter(target, direction, start_stones)
                if entered is None:
                    continue
                target, new_stones = entered
                reached = seen if new_stones is start_stones else seen_with(new_stones)
                if target not in reached:
                    reached.add(target)
                    state_reached = (path + letter, target, new_stones, reached)
                    queue(state_reached)
                    if target not in others:
                        list_found(state_reached)
        frontier = queued
    search = (state, figure, start_stones, found)
    if cache is not None:
        cache.last = search
    return search
