"""Figure moves (RULES §3.2): single steps, pushes, pool slides, legal outcomes and path checks.

A path is a string of step letters: ``N E S W`` for a step, ``+`` for the entering step onto
``p11`` (always first, only for a figure waiting outside) and ``X`` for leaving from ``a1``
(always last). Every step costs one point, a pool slide included.

Generating and validating share one step function, so a path validates exactly when its
outcome is among the generated ones.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

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
from engine.state import BOARD, OUTSIDE, STONE_KINDS, FigureId, GameState, Teleporter

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


def _zobrist_table() -> dict[str, list[int]]:
    """Return a random 64-bit number per stone kind and square: ``_ZOBRIST[kind][square]``."""
    rng = Rng(0x5EED_F100_2005)
    table: dict[str, list[int]] = {kind: [0] * len(NEIGHBOURS) for kind in STONE_KINDS}
    for sq in SQUARES:
        for kind in STONE_KINDS:
            table[kind][sq] = rng.next_u64()
    return table


_ZOBRIST = _zobrist_table()

# Each square's steps that stay on the board, as (direction, target, letter), N E S W.
_BOARD_STEPS: tuple[tuple[tuple[int, int, str], ...], ...] = tuple(
    tuple((d, t, DIRECTION_LETTERS[d]) for d, t in enumerate(row) if t >= 0)
    for row in NEIGHBOURS
)

_Steps = tuple[tuple[tuple[int, int, str], ...], ...]

# _BOARD_STEPS without the steps onto the monster or a teleporter, which a figure never takes,
# by (monster square, teleporters): the monster stands still for a whole figure phase, so the
# searches of a phase share one table. Only the rows next to those squares differ.
_OPEN_STEPS: dict[tuple[int, int], tuple[dict[int, Teleporter], _Steps]] = {}
_OPEN_STEPS_KEPT = 256


def _open_steps(monster: int, teleporters: dict[int, Teleporter]) -> _Steps:
    """Return each square's steps onto squares a figure may enter (N E S W order kept)."""
    key = (monster, id(teleporters))
    entry = _OPEN_STEPS.get(key)
    if entry is not None and entry[0] is teleporters:
        return entry[1]
    blocked = {monster, *teleporters}
    rows = list(_BOARD_STEPS)
    for b in blocked:
        for n in NEIGHBOURS[b]:
            if n >= 0:
                rows[n] = tuple(s for s in _BOARD_STEPS[n] if s[1] not in blocked)
    table = tuple(rows)
    if len(_OPEN_STEPS) >= _OPEN_STEPS_KEPT:
        _OPEN_STEPS.clear()
    _OPEN_STEPS[key] = (teleporters, table)
    return table


# A state the search reached: (path, square (_OUT before entering, None once out), stones,
# the squares seen with those stones).
_Reached = tuple[str, int | None, dict[int, str], set[int]]

_Enter = Callable[[int, int, dict[int, str]], "tuple[int, dict[int, str]] | None"]


def _mover(lay: Layout, figs: dict[int, int]) -> tuple[_Enter, dict[int, int]]:
    """Return ``enter(t, d, stones)``, the figure stepping onto ``t`` in direction ``d``, and
    the Zobrist keys of the stone layouts its pushes make (by the layout's ``id``).

    ``t`` must be a board square that is neither the monster's nor a teleporter (the caller
    checks that, see :func:`_step`). ``enter`` returns where the step ends and the stones after
    it, or None when a stone on ``t`` cannot be pushed. Stepping onto a pool slides the figure
    on in the same direction to the square beyond, pushing a stone found there; the slide stops
    on the pool's last square when the square beyond is a wall, the monster, a teleporter or a
    stone that cannot move (RULES §3.2, D15). ``stones`` is never changed: a push makes a new
    layout, a plain dict, whose key (how it differs from the start layout, key 0) goes into
    the keys dict. A dict subclass carrying its key would be neater, but copying one costs
    twice what ``dict.copy`` does, and pushes are a good part of what a search spends. An
    ``id`` is only looked up for a layout still alive, so a reused one never reads a stale key.

    One closure per search, so the sets it reads are looked up once, not at every step.
    """
    nb = NEIGHBOURS
    pool = lay.pool
    blocked = {lay.monster, *lay.teleporters}  # a wall for the figure and for what it pushes
    hard = blocked | figs.keys()  # where a pushed stone cannot go (besides a stone or a wall)
    zobrist = _ZOBRIST
    keys: dict[int, int] = {}

    def push(stones: dict[int, str], at: int, d: int) -> dict[int, str] | None:
        # Push the stone on ``at`` one square; None when the square behind is not empty. A
        # stone pushed onto a pool slides across it (stopping before anything not empty,
        # RULES §3.2); one that ends on a corner is removed (D1); a teleporter is a wall (D5).
        u = nb[at][d]
        if u < 0 or u in hard or u in stones:
            return None
        new = stones.copy()
        kind = new.pop(at)
        numbers = zobrist[kind]
        key = keys.get(id(stones), 0) ^ numbers[at]
        while u in pool:
            nxt = nb[u][d]
            if nxt < 0 or nxt in hard or nxt in new:
                break
            u = nxt
        if u not in CORNERS:
            new[u] = kind
            key ^= numbers[u]
        keys[id(new)] = key
        return new

    def enter(t: int, d: int, stones: dict[int, str]) -> tuple[int, dict[int, str]] | None:
        if t in stones:
            stones = push(stones, t, d)  # type: ignore[assignment]
            if stones is None:
                return None
        while t in pool:
            nxt = nb[t][d]
            if nxt < 0 or nxt in blocked:
                break
            if nxt in stones:
                pushed = push(stones, nxt, d)
                if pushed is None:
                    break
                stones = pushed
            t = nxt
        return t, stones

    return enter, keys


def _step(lay: Layout, enter: _Enter, sq: int, stones: dict[int, str], d: int):
    """Take one step from ``sq`` in direction ``d``: a (square, stones) pair, or a reason.

    The reasons a step is refused before anything moves are checked here; the step itself is
    ``enter`` (from :func:`_mover`), which the search calls directly on the squares it knows
    to be open.
    """
    t = NEIGHBOURS[sq][d]
    if t < 0:
        return WALL
    if t == lay.monster:
        return MONSTER
    if t in lay.teleporters:
        return TELEPORTER
    r = enter(t, d, stones)
    return STONE_BLOCKED if r is None else r


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

    The outcomes are (path, end square or None, stones, seen) in the order of the search,
    ``seen`` being the search's own bookkeeping (a state is queued and listed as one tuple).
    See :func:`legal_outcomes`.
    """
    index, start, lay, figs = _start(state, figure)
    points = state.figures[index].value
    stones0 = lay.stones
    pool = lay.pool
    # Steps onto the monster or a teleporter are left out of the table, so every step the
    # search looks at is open; ``special`` are the open squares where a step with the start
    # stones is more than a step (a stone to push or a pool to slide on).
    open_steps = _open_steps(lay.monster, lay.teleporters)
    special = pool | stones0.keys()
    enter, keys = _mover(lay, figs)
    # The squares reached so far (and _GONE once the figure has left), one set per stone
    # layout: the start layout's, then one for each layout pushes make, found by its Zobrist
    # key and, should two layouts share a key, by its contents.
    seen0: set[int] = {start}
    layouts: dict[int, list[tuple[dict[int, str], set[int]]]] = {}

    def seen_with(stones: dict[int, str]) -> set[int]:
        key = keys[id(stones)]
        entries = layouts.get(key)
        if entries is None:
            seen: set[int] = set()
            layouts[key] = [(stones, seen)]
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
    frontier: list[_Reached] = [("", start, stones0, seen0)]
    found: list[_Reached] = []
    out = found.append
    for _ in range(points):
        nxt: list[_Reached] = []
        add = nxt.append
        for path, sq, stones, seen in frontier:
            if stones is not stones0:
                # Some stone has moved: every step is tried, in N E S W order.
                if sq == EXIT and _GONE not in seen:
                    seen.add(_GONE)
                    out((path + LEAVE, None, stones, seen))
                for d, t, letter in open_steps[sq]:
                    if t in stones or t in pool:
                        r = enter(t, d, stones)
                        if r is None:
                            continue
                        t, nst = r
                        reached = seen if nst is stones else seen_with(nst)
                    else:
                        nst, reached = stones, seen
                    if t not in reached:
                        reached.add(t)
                        p = path + letter
                        e = (p, t, nst, reached)
                        add(e)
                        if t not in figs:
                            out(e)
                continue
            if sq == _OUT:
                if lay.monster != ENTRANCE and ENTRANCE not in seen:
                    seen.add(ENTRANCE)
                    e = (ENTER, ENTRANCE, stones0, seen)
                    add(e)
                    if ENTRANCE not in figs:
                        out(e)
                continue
            # No stone moved so far. A square outside ``special`` is a plain step, taken at
            # once; the others are taken after the plain ones (and after leaving from a1), in
            # N E S W order among themselves, so that canonical paths and the order of the
            # outcomes stay as they have always been.
            later = False
            for _d, t, letter in open_steps[sq]:
                if t in special:
                    later = True
                elif t not in seen:
                    seen.add(t)
                    p = path + letter
                    e = (p, t, stones0, seen)
                    add(e)
                    if t not in figs:
                        out(e)
            if sq == EXIT and _GONE not in seen:
                seen.add(_GONE)
                out((path + LEAVE, None, stones0, seen))
            if not later:
                continue
            for d, t, letter in open_steps[sq]:
                if t not in special:
                    continue
                r = enter(t, d, stones0)
                if r is None:
                    continue
                t, nst = r
                reached = seen if nst is stones0 else seen_with(nst)
                if t not in reached:
                    reached.add(t)
                    p = path + letter
                    e = (p, t, nst, reached)
                    add(e)
                    if t not in figs:
                        out(e)
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
    return [MoveOutcome(figure, p, sq, stones0, st, before) for p, sq, st, _ in found]


_first = itemgetter(0)


def legal_paths(state: GameState, figure: FigureId) -> list[str]:
    """Return the canonical paths of :func:`legal_outcomes`, in the same order.

    For callers that only pick a move (random play): no outcome objects are made.
    """
    return list(map(_first, _search(state, figure)[1]))


def outcome_dicts(state: GameState, figure: FigureId) -> list[dict]:
    """Return ``[o.to_dict() for o in legal_outcomes(state, figure)]``, made straight from the
    search: the pushes of a stone layout are worked out once for all the moves that share it.
    """
    stones0, found = _search(state, figure)
    key = figure.key
    by_layout: dict[int, list[dict]] = {}
    dicts = []
    for path, sq, stones, _ in found:
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
        for p, sq, stones, _ in found:
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
    enter, _ = _mover(lay, figs)
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
        r = _step(lay, enter, sq, stones, d)
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
