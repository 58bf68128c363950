"""Figure moves (RULES §3.2): single steps, pushes, pool slides, legal outcomes and path checks.

A path is a string of step letters: ``N E S W`` for a step, ``+`` for the entering step onto
``p11`` (always first, only for a figure waiting outside) and ``X`` for leaving from ``a1``
(always last). Every step costs one point, a pool slide included.

Generating and validating share one step function, so a path validates exactly when its
outcome is among the generated ones.
"""

from __future__ import annotations

from engine.board import (
    CORNERS,
    DIRECTION_LETTERS,
    ENTRANCE,
    EXIT,
    NEIGHBOURS,
    SQUARES,
    square_name,
)
from engine.errors import IllegalMove, InvalidNotation
from engine.layout import Layout
from engine.rng import Rng
from engine.state import BOARD, OUTSIDE, STONE_KINDS, FigureId, GameState

ENTER = "+"
LEAVE = "X"
STEP_LETTERS = DIRECTION_LETTERS + ENTER + LEAVE

_OUT = -1  # the figure waits outside the entrance
_GONE = -2  # the figure has left the fortress

# Why a single step is refused (IllegalMove.details["reason"]).
WALL = "wall"
MONSTER = "monster"
TELEPORTER = "teleporter"
STONE_BLOCKED = "stone_blocked"
_STEP_REASONS = {
    WALL: "a wall is in the way",
    MONSTER: "the monster stands there (figures never enter or pass its square)",
    TELEPORTER: "a teleporter is a wall for figures",
    STONE_BLOCKED: "the stone there cannot be pushed (the square behind it is not empty)",
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
                 before: dict[int, str], after: dict[int, str],
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

    def to_dict(self) -> dict:
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


class _Stones(dict):
    """A stone layout changed by pushes, carrying a Zobrist key of how it differs."""

    __slots__ = ("key",)


def _zobrist_table() -> dict[tuple[int, str], int]:
    rng = Rng(0x5EED_F100_2005)
    return {(sq, kind): rng.next_u64() for sq in SQUARES for kind in STONE_KINDS}


_ZOBRIST = _zobrist_table()

# Each square's steps that stay on the board, as (direction, target, letter), N E S W.
_BOARD_STEPS: tuple[tuple[tuple[int, int, str], ...], ...] = tuple(
    tuple((d, t, DIRECTION_LETTERS[d]) for d, t in enumerate(row) if t >= 0)
    for row in NEIGHBOURS
)


def _push(lay: Layout, figs: dict[int, int], stones: dict[int, str], at: int, d: int):
    """Push the stone on ``at`` one square in direction ``d`` by a figure.

    Returns the new stones dict, or None when the square behind is not empty. A stone pushed
    onto a pool slides across it (stopping before anything not empty, RULES §3.2); a stone that
    ends on a corner is removed (D1). A teleporter counts as a wall for this push (D5).
    """
    nb = NEIGHBOURS
    monster = lay.monster
    tele = lay.teleporters
    u = nb[at][d]
    if u < 0 or u in figs or u in stones or u == monster or u in tele:
        return None
    new = _Stones(stones)
    kind = new.pop(at)
    key = (stones.key if type(stones) is _Stones else 0) ^ _ZOBRIST[at, kind]
    pool = lay.pool
    while u in pool:
        nxt = nb[u][d]
        if nxt < 0 or nxt in figs or nxt in new or nxt == monster or nxt in tele:
            break
        u = nxt
    if u not in CORNERS:
        new[u] = kind
        key ^= _ZOBRIST[u, kind]
    new.key = key
    return new


def _step(lay: Layout, figs: dict[int, int], sq: int, stones: dict[int, str], d: int):
    """Take one step from ``sq`` in direction ``d``: a (square, stones) pair, or a reason.

    Stepping onto a pool slides the figure on in the same direction to the square beyond,
    pushing a stone found there; the slide stops on the pool's last square when the square beyond
    is a wall, the monster, a teleporter or a stone that cannot move (RULES §3.2, D15).
    """
    nb = NEIGHBOURS
    t = nb[sq][d]
    if t < 0:
        return WALL
    if t == lay.monster:
        return MONSTER
    if t in lay.teleporters:
        return TELEPORTER
    if t in stones:
        stones = _push(lay, figs, stones, t, d)
        if stones is None:
            return STONE_BLOCKED
    pool = lay.pool
    while t in pool:
        nxt = nb[t][d]
        if nxt < 0 or nxt == lay.monster or nxt in lay.teleporters:
            break
        if nxt in stones:
            pushed = _push(lay, figs, stones, nxt, d)
            if pushed is None:
                break
            stones = pushed
        t = nxt
    return t, stones


def _pushed(before: dict[int, str], after: dict[int, str]) -> tuple[tuple[int, int | None], ...]:
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


def _start(state: GameState, figure: FigureId) -> tuple[int, int, Layout, dict[int, int]]:
    """Return the figure's index, its start (square, or _OUT), the layout and other figures."""
    index = state.figure_index(figure)
    fig = state.figures[index]
    lay = Layout(state)
    if fig.where == BOARD:
        start = fig.square
        figs = dict(lay.figures)
        del figs[start]
    elif fig.where == OUTSIDE:
        start = _OUT
        figs = lay.figures
    else:
        raise IllegalMove(f"{figure} is not in play ({fig.where})", figure=figure.key,
                          reason="not_in_play", step=0)
    return index, start, lay, figs


def _search(state: GameState, figure: FigureId) -> tuple[dict[int, str], list]:
    """Breadth-first search of ``figure``'s moves: the start stones and the outcomes found.

    The outcomes are (path, end square or None, stones) triples in the order of the search.
    See :func:`legal_outcomes`.
    """
    index, start, lay, figs = _start(state, figure)
    points = state.figures[index].value
    stones0 = lay.stones
    monster, pool = lay.monster, lay.pool
    blocked = set(lay.teleporters)  # no figure steps onto these squares
    blocked.add(monster)
    special = blocked | pool | stones0.keys()  # squares where a step is more than a step
    board_steps, step = _BOARD_STEPS, _step
    # The squares reached so far (and _GONE once the figure has left), one set per stone
    # layout: the start layout's, then one for each layout pushes make, found by its Zobrist
    # key and, should two layouts share a key, by its contents.
    seen0: set[int] = {start}
    layouts: dict[int, list[tuple[dict[int, str], set[int]]]] = {}

    def seen_with(stones: _Stones) -> set[int]:
        entries = layouts.get(stones.key)
        if entries is None:
            seen: set[int] = set()
            layouts[stones.key] = [(stones, seen)]
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
    frontier: list[tuple[int, dict[int, str], str, set[int]]] = [(start, stones0, "", seen0)]
    found: list[tuple[str, int | None, dict[int, str]]] = []
    out = found.append
    for _ in range(points):
        nxt: list[tuple[int, dict[int, str], str, set[int]]] = []
        add = nxt.append
        for sq, stones, path, seen in frontier:
            if stones is not stones0:
                # Some stone has moved: every step is tried, in N E S W order.
                if sq == EXIT and _GONE not in seen:
                    seen.add(_GONE)
                    out((path + LEAVE, None, stones))
                for d, t, letter in board_steps[sq]:
                    if t in blocked:
                        continue
                    if t in stones or t in pool:
                        r = step(lay, figs, sq, stones, d)
                        if type(r) is not tuple:
                            continue
                        t, nst = r
                        reached = seen if nst is stones else seen_with(nst)
                    else:
                        nst, reached = stones, seen
                    if t not in reached:
                        reached.add(t)
                        p = path + letter
                        add((t, nst, p, reached))
                        if t not in figs:
                            out((p, t, nst))
                continue
            if sq == _OUT:
                if monster == ENTRANCE:
                    continue
                steps = [(ENTER, ENTRANCE, stones)]
            else:
                # No stone moved so far. A square outside ``special`` is a plain step, taken
                # here at once; the others go through _step.
                steps = []
                for d, t, letter in board_steps[sq]:
                    if t not in special:
                        if t not in seen:
                            seen.add(t)
                            p = path + letter
                            add((t, stones0, p, seen))
                            if t not in figs:
                                out((p, t, stones0))
                    elif t not in blocked:
                        r = step(lay, figs, sq, stones, d)
                        if type(r) is tuple:
                            steps.append((letter, r[0], r[1]))
                if sq == EXIT and _GONE not in seen:
                    seen.add(_GONE)
                    out((path + LEAVE, None, stones0))
            for letter, t, nst in steps:
                reached = seen if nst is stones0 else seen_with(nst)
                if t not in reached:
                    reached.add(t)
                    p = path + letter
                    add((t, nst, p, reached))
                    if t not in figs:
                        out((p, t, nst))
        frontier = nxt
    global _LAST_SEARCH
    _LAST_SEARCH = (state, figure, stones0, found)
    return stones0, found


# The last search made (state, figure, start stones, outcomes): applying a move just listed,
# as random play does, need not walk its path again. One tuple, swapped whole, so threads never
# see half of one; it holds its state, so the identity check cannot be fooled.
_LAST_SEARCH: tuple[GameState | None, FigureId | None, dict, list] = (None, None, {}, [])


def legal_outcomes(state: GameState, figure: FigureId) -> list[MoveOutcome]:
    """Return every distinct outcome of moving ``figure``, each with one canonical path.

    An outcome is the end square (or leaving) plus the resulting stone layout; the path given is
    the first shortest one in N, E, S, W order. Staying put with nothing pushed is not listed
    (that is a flip). Breadth-first search over (square, stones) with the fewest points used:
    reaching the same square and stones with more points left can never do worse. The list is
    in the order of the search: shorter paths first (its order is stable, not a ranking).
    """
    stones0, found = _search(state, figure)
    before = state.stones
    return [MoveOutcome(figure, p, sq, stones0, st, before) for p, sq, st in found]


def legal_paths(state: GameState, figure: FigureId) -> list[str]:
    """Return the canonical paths of :func:`legal_outcomes`, in the same order.

    For callers that only pick a move (random play): no outcome objects are made.
    """
    return [found[0] for found in _search(state, figure)[1]]


def outcome_dicts(state: GameState, figure: FigureId) -> list[dict]:
    """Return ``[o.to_dict() for o in legal_outcomes(state, figure)]``, made straight from the
    search: the pushes of a stone layout are worked out once for all the moves that share it.
    """
    stones0, found = _search(state, figure)
    key = figure.key
    by_layout: dict[int, list[dict]] = {}
    dicts = []
    for path, sq, stones in found:
        if stones is stones0:
            pushes = []
        else:
            shared = by_layout.get(id(stones))
            if shared is None:
                shared = by_layout[id(stones)] = [
                    {"from": square_name(a), "to": None if b is None else square_name(b)}
                    for a, b in _pushed(stones0, stones)]
            pushes = list(shared)
        dicts.append({"figure": key, "path": path,
                      "to": "out" if sq is None else square_name(sq), "escapes": sq is None,
                      "pushes": pushes})
    return dicts


def check_path(state: GameState, figure: FigureId, path: str) -> MoveOutcome:
    """Validate a path for ``figure`` and return its outcome, or raise ``IllegalMove``.

    ``IllegalMove.details`` names the failing ``step`` (1-based) and a ``reason`` code.
    """
    path = normalise_path(path)
    last_state, last_figure, stones0, found = _LAST_SEARCH
    if last_state is state and last_figure == figure:
        for p, sq, stones in found:
            if p == path:  # a canonical path just generated: its outcome is known
                return MoveOutcome(figure, path, sq, stones0, stones, state.stones)
    index, start, lay, figs = _start(state, figure)
    fig = state.figures[index]
    points = fig.value

    def refuse(step: int, reason: str, message: str) -> IllegalMove:
        return IllegalMove(f"{figure} {path}: step {step}: {message}", figure=figure.key,
                           path=path, step=step, reason=reason)

    if not path:
        raise refuse(0, "empty", "a move needs at least one step (or flip the figure)")
    if len(path) > points:
        raise refuse(points + 1, "too_long",
                     f"{figure} shows {points}, so it can take at most {points} step(s), "
                     f"not {len(path)}")
    sq, stones = start, lay.stones
    for i, letter in enumerate(path, start=1):
        if sq == _GONE:
            raise refuse(i, "after_leaving", "the figure has already left the fortress")
        if letter == ENTER:
            if sq != _OUT:
                raise refuse(i, "not_outside", "only a figure waiting outside can enter (+)")
            if lay.monster == ENTRANCE:
                raise refuse(i, MONSTER, "the monster stands on p11, so nobody can enter (D12)")
            sq = ENTRANCE
            continue
        if sq == _OUT:
            raise refuse(i, "must_enter",
                         "a figure waiting outside must first enter onto p11 (write + first)")
        if letter == LEAVE:
            if sq != EXIT:
                raise refuse(i, "not_on_exit",
                             f"a figure leaves only from a1, and this one is on {square_name(sq)}")
            sq = _GONE
            continue
        d = DIRECTION_LETTERS.index(letter)
        r = _step(lay, figs, sq, stones, d)
        if type(r) is not tuple:
            raise refuse(i, r, f"cannot go {letter} from {square_name(sq)}: {_STEP_REASONS[r]}")
        sq, stones = r
    if sq in figs:
        other = state.figures[figs[sq]].id
        raise refuse(len(path), "ends_on_figure",
                     f"the move would end on {square_name(sq)}, where {other} stands; a figure "
                     "must end on an empty square (and may not slide over a pool onto another "
                     "figure with no points left to step on)")
    if sq == start and stones is lay.stones:
        raise refuse(len(path), "no_change",
                     "the path ends where it started with nothing pushed; flip the figure instead")
    return MoveOutcome(figure, path, None if sq == _GONE else sq, lay.stones, stones,
                       state.stones)


def normalise_path(path: str) -> str:
    """Return a path in canonical form (upper case, no spaces), refusing unknown letters."""
    text = "".join(path.split()).upper()
    for ch in text:
        if ch not in STEP_LETTERS:
            raise InvalidNotation(
                f"{path!r}: {ch!r} is not a step (N, E, S, W; + to enter, X to leave)", path=path
            )
    return text
