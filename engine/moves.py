"""Figure moves (RULES §3.2): legal outcomes, path checks and the outcome of a move.

A path is a string of step letters: ``N E S W`` for a step, ``+`` for the entering step onto
``p11`` (always first, only for a figure waiting outside) and ``X`` for leaving from ``a1``
(always last). Every step costs one point, a pool slide included.

Generating (:mod:`engine.search`) and validating share one step function, so a path validates
exactly when its outcome is among the generated ones.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from engine.board import DIRECTION_LETTERS, ENTRANCE, EXIT, NEIGHBOURS, square_name
from engine.errors import IllegalMove, InvalidNotation
from engine.layout import Layout
from engine.search import (
    ENTER,
    GONE,
    LEAVE,
    OUT,
    Enter,
    SearchCache,
    Stones,
    make_mover,
    move_start,
    search_moves,
)
from engine.state import FigureId, GameState
from engine.texts import N_, Nn_, Plural

STEP_LETTERS = DIRECTION_LETTERS + ENTER + LEAVE

# Why a single step is refused (IllegalMove.details["reason"]), and the refusal's words.
WALL = "wall"
MONSTER = "monster"
TELEPORTER = "teleporter"
STONE_BLOCKED = "stone_blocked"
_STEP_REASONS = {
    WALL: N_("%(name)s %(path)s: step %(step)s: cannot go %(letter)s from %(square)s: a wall is "
             "in the way"),
    MONSTER: N_("%(name)s %(path)s: step %(step)s: cannot go %(letter)s from %(square)s: the "
                "monster stands there (figures never enter or pass its square)"),
    TELEPORTER: N_("%(name)s %(path)s: step %(step)s: cannot go %(letter)s from %(square)s: a "
                   "teleporter is a wall for figures"),
    STONE_BLOCKED: N_("%(name)s %(path)s: step %(step)s: cannot go %(letter)s from %(square)s: "
                      "the stone there cannot be pushed (the square behind it is not empty)"),
}


class MoveOutcome:
    """Where a figure's move ends and how it leaves the stones.

    ``square`` is ``None`` when the figure left the fortress. ``stones`` is the whole new stone
    layout as (square, kind) pairs sorted by square; ``pushed`` lists the stones that moved as
    (from, to) pairs, ``to`` being ``None`` for a stone removed on a corner (D1). Both are
    worked out on first use: move generation makes many outcomes and reads few of them.
    """

    __slots__ = ("figure", "path", "square", "_before", "_after", "_stones", "_pushed")

    def __init__(self, figure: FigureId, path: str, square: int | None,
                 before: Stones, after: Stones,
                 stones: tuple[tuple[int, str], ...] | None = None) -> None:
        self.figure = figure
        self.path = path
        self.square = square
        self._before = before
        self._after = after
        self._stones = stones if after is before else None
        self._pushed: tuple[tuple[int, int | None], ...] | None = None

    @property
    def stones(self) -> tuple[tuple[int, str], ...]:
        """The stone layout after the move, as sorted (square, kind) pairs."""
        if self._stones is None:
            self._stones = tuple(sorted(self._after.items()))
        return self._stones

    @property
    def pushed(self) -> tuple[tuple[int, int | None], ...]:
        """The stones this move pushes, as (from, to) pairs (``to`` None: removed)."""
        if self._pushed is None:
            self._pushed = _pushed(self._before, self._after)
        return self._pushed

    @property
    def escaped(self) -> bool:
        """True when the move takes the figure out of the fortress."""
        return self.square is None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoveOutcome):
            return NotImplemented
        return (self.figure, self.path, self.square, self.stones) == (
            other.figure, other.path, other.square, other.stones)

    def __hash__(self) -> int:
        return hash((self.figure, self.path, self.square))

    def __repr__(self) -> str:
        return f"MoveOutcome({self.figure}, {self.path!r}, to={self.to_dict()['to']})"

    def same_result(self, other: MoveOutcome) -> bool:
        """True when both moves end on the same square with the same stones (any path)."""
        return self.square == other.square and self.stones == other.stones

    def to_dict(self) -> dict[str, Any]:
        """Return the outcome as JSON-ready data."""
        return {
            "figure": self.figure.key,
            "path": self.path,
            "to": "out" if self.square is None else square_name(self.square),
            "escapes": self.square is None,
            "pushes": [
                {"from": square_name(a), "to": None if b is None else square_name(b)}
                for a, b in self.pushed
            ],
        }


def _take_step(layout: Layout, enter: Enter, square: int, stones: Stones,
               direction: int) -> tuple[int, Stones] | str:
    """Take one step from ``square``: the (square, stones) it leads to, or why it is refused.

    The reasons a step is refused before anything moves are checked here; the step itself is
    ``enter`` (from :func:`engine.search.make_mover`), which the search calls directly on the
    squares it knows to be open.
    """
    target = NEIGHBOURS[square][direction]
    if target < 0:
        return WALL
    if target == layout.monster:
        return MONSTER
    if target in layout.teleporters:
        return TELEPORTER
    entered = enter(target, direction, stones)
    return STONE_BLOCKED if entered is None else entered


def _pushed(before: Stones, after: Stones) -> tuple[tuple[int, int | None], ...]:
    """List the stones that moved between two stone layouts as (from, to) pairs."""
    if before is after:
        return ()
    gone = sorted(sq for sq in before if sq not in after or after[sq] != before[sq])
    came = [sq for sq in after if sq not in before or before[sq] != after[sq]]
    moves: list[tuple[int, int | None]] = []
    for src in gone:
        kind = before[src]
        dst = next((sq for sq in came if after[sq] == kind), None)
        if dst is not None:
            came.remove(dst)
        moves.append((src, dst))
    return tuple(moves)


def legal_outcomes(state: GameState, figure: FigureId, *,
                   cache: SearchCache | None = None) -> list[MoveOutcome]:
    """Return every distinct outcome of moving ``figure``, each with one canonical path.

    An outcome is the end square (or leaving) plus the resulting stone layout; the path given is
    the first shortest one in N, E, S, W order. Staying put with nothing pushed is not listed
    (that is a flip). Breadth-first search over (square, stones) with the fewest points used:
    reaching the same square and stones with more points left can never do worse. The list is
    in the order of the search: shorter paths first (its order is stable, not a ranking).
    ``cache``: the caller's, to remember the search in for :func:`check_path`.
    """
    _, _, start_stones, found = search_moves(state, figure, cache)
    before = state.stones
    return [MoveOutcome(figure, path, square, start_stones, stones, before)
            for path, square, stones, _ in found]


_path_of = itemgetter(0)


def legal_paths(state: GameState, figure: FigureId, *,
                cache: SearchCache | None = None) -> list[str]:
    """Return the canonical paths of :func:`legal_outcomes`, in the same order.

    For callers that only pick a move (random play): no outcome objects are made.
    """
    return list(map(_path_of, search_moves(state, figure, cache)[3]))


def outcome_dicts(state: GameState, figure: FigureId, *,
                  cache: SearchCache | None = None) -> list[dict[str, Any]]:
    """Return ``[o.to_dict() for o in legal_outcomes(state, figure)]``, made straight from the
    search: the pushes of a stone layout are worked out once for all the moves that share it.
    """
    _, _, start_stones, found = search_moves(state, figure, cache)
    key = figure.key
    by_layout: dict[int, list[dict[str, str | None]]] = {}
    dicts = []
    for path, square, stones, _ in found:
        if stones is start_stones:
            pushes = []
        else:
            shared = by_layout.get(id(stones))
            if shared is None:
                shared = by_layout[id(stones)] = [
                    {"from": square_name(a), "to": None if b is None else square_name(b)}
                    for a, b in _pushed(start_stones, stones)]
            pushes = list(shared)
        dicts.append({"figure": key, "path": path,
                      "to": "out" if square is None else square_name(square),
                      "escapes": square is None, "pushes": pushes})
    return dicts


def check_path(state: GameState, figure: FigureId, path: str, *,
               cache: SearchCache | None = None) -> MoveOutcome:
    """Validate a path for ``figure`` and return its outcome, or raise ``IllegalMove``.

    ``IllegalMove.details`` names the failing ``step`` (1-based) and a ``reason`` code. With
    the ``cache`` of a search of this figure in this very state, a canonical path it listed is
    looked up instead of walked (the outcome is the same).
    """
    path = normalise_path(path)
    known = cache.known(state, figure) if cache is not None else None
    if known is not None:
        _, _, start_stones, found = known
        for found_path, square, stones, _ in found:
            if found_path == path:
                return MoveOutcome(figure, path, square, start_stones, stones, state.stones)
    index, start, layout, others = move_start(state, figure)
    points = state.figures[index].value

    def refuse(step: int, reason: str, template: str | Plural, **words: Any) -> IllegalMove:
        # Every template starts "%(name)s %(path)s: step %(step)s: ", the figure's name.
        return IllegalMove.said(template, {"name": figure, **words}, figure=figure.key,
                                path=path, step=step, reason=reason)

    if not path:
        raise refuse(0, "empty", N_("%(name)s %(path)s: step %(step)s: a move needs at least one "
                                    "step (or flip the figure)"))
    if len(path) > points:
        raise refuse(points + 1, "too_long",
                     Nn_("%(name)s %(path)s: step %(step)s: %(name)s shows %(points)s, so it "
                         "can take at most %(points)s step, not %(steps)s",
                         "%(name)s %(path)s: step %(step)s: %(name)s shows %(points)s, so it "
                         "can take at most %(points)s steps, not %(steps)s", "points"),
                     points=points, steps=len(path))
    enter, _ = make_mover(layout, others)
    square, stones = start, layout.stones
    for i, letter in enumerate(path, start=1):
        if square == GONE:
            raise refuse(i, "after_leaving", N_("%(name)s %(path)s: step %(step)s: the figure "
                                                "has already left the fortress"))
        if letter == ENTER:
            if square != OUT:
                raise refuse(i, "not_outside", N_("%(name)s %(path)s: step %(step)s: only a "
                                                  "figure waiting outside can enter (+)"))
            if layout.monster == ENTRANCE:
                raise refuse(i, MONSTER, N_("%(name)s %(path)s: step %(step)s: the monster "
                                            "stands on p11, so nobody can enter (D12)"))
            square = ENTRANCE
            continue
        if square == OUT:
            raise refuse(i, "must_enter",
                         N_("%(name)s %(path)s: step %(step)s: a figure waiting outside must first "
                            "enter onto p11 (write + first)"))
        if letter == LEAVE:
            if square != EXIT:
                raise refuse(i, "not_on_exit",
                             N_("%(name)s %(path)s: step %(step)s: a figure leaves only from a1, "
                                "and this one is on %(square)s"), square=square_name(square))
            square = GONE
            continue
        stepped = _take_step(layout, enter, square, stones, DIRECTION_LETTERS.index(letter))
        if isinstance(stepped, str):
            raise refuse(i, stepped, _STEP_REASONS[stepped], letter=letter,
                         square=square_name(square))
        square, stones = stepped
    if square in others:
        other = state.figures[others[square]].id
        raise refuse(len(path), "ends_on_figure",
                     N_("%(name)s %(path)s: step %(step)s: the move would end on %(square)s, where "
                        "%(other)s stands; a figure must end on an empty square (and may not slide "
                        "over a pool onto another figure with no points left to step on)"),
                     square=square_name(square), other=other)
    if square == start and stones is layout.stones:
        raise refuse(len(path), "no_change",
                     N_("%(name)s %(path)s: step %(step)s: the path ends where it started with "
                        "nothing pushed; flip the figure instead"))
    return MoveOutcome(figure, path, None if square == GONE else square, layout.stones, stones,
                       state.stones)


def normalise_path(path: str) -> str:
    """Return a path in canonical form (upper case, no spaces), refusing unknown letters."""
    text = "".join(path.split()).upper()
    for ch in text:
        if ch not in STEP_LETTERS:
            raise InvalidNotation.said(
                N_("%(path)r: %(letter)r is not a step (N, E, S, W; + to enter, X to leave)"),
                {"letter": ch}, path=path)
    return text
