"""The monster's walk for one card (RULES §3.3, §3.4; D2–D6, D11, D13, D14).

Each point of movement is a look, then one square ahead. The walk works on a mutable
``Layout`` and records what happens as plain-dict events, in order, for the web page to
animate and for emails to tell in words. It returns the figures eaten; the caller decides what
eating means in the current stage.
"""

from __future__ import annotations

from typing import Any

from engine.board import (
    CORNERS,
    DIRECTION_LETTERS,
    NEIGHBOURS,
    ON_BOARD,
    WALL_LETTERS,
    square_name,
    turn_back,
    turn_right,
    wrap,
)
from engine.cards import MAX_HIT_STEPS, hits, is_hit, steps
from engine.events import EAT, LOOK, PUSH, STAY, STEP, TELEPORT, TURNING_STONE, WALL
from engine.layout import Layout
from engine.state import CRYSTAL, TURN_RIGHT, TURNING_KINDS, GameState, figure_key

_MAX_MOVES_PER_POINT = 400  # far above any real walk; a guard against a layout bug looping


def _ray(square: int, d: int) -> tuple[int, ...]:
    """Return the squares from ``square``'s neighbour in direction ``d`` up to the wall."""
    line = []
    square = NEIGHBOURS[square][d]
    while square >= 0:
        line.append(square)
        square = NEIGHBOURS[square][d]
    return tuple(line)


# What the monster's sight runs along, nearest square first: ``_RAYS[square][d]``.
_RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(sq, d) for d in range(4)) if sq in ON_BOARD else ((), (), (), ())
    for sq in range(len(NEIGHBOURS))
)
# Square names by index (square_name without its checks, for the events of every point).
_NAMES: tuple[str | None, ...] = tuple(
    square_name(sq) if sq in ON_BOARD else None for sq in range(len(NEIGHBOURS)))


class Walk:
    """One monster walk on a layout; ``events`` and ``eaten`` (figure indexes) accumulate."""

    def __init__(self, state: GameState, lay: Layout) -> None:
        self.state = state
        self.lay = lay
        self.events: list[dict[str, Any]] = []
        self.eaten: list[int] = []
        self.point = 0

    # -- naming helpers -------------------------------------------------------------------
    def _fig(self, index: int) -> str:
        return figure_key(self.state.figures[index])

    def _emit(self, event: str, **data: Any) -> None:
        data = {"type": event, "point": self.point, **data}
        self.events.append(data)

    # -- looking --------------------------------------------------------------------------
    def sightings(self) -> list[tuple[int, int, int]]:
        """Return (distance, direction, square) of the first figure seen ahead, left, right.

        Sight passes over floor, pools, teleporters and crystals; stones, turning stones and the
        wall stop it (RULES §3.3). Distance counts squares along the line, pools included (D2).
        """
        lay = self.lay
        figures, stones = lay.figures, lay.stones
        f = lay.facing
        rays = _RAYS[lay.monster]
        seen = []
        for d in (f, (f + 3) % 4, (f + 1) % 4):  # ahead, left, right
            for dist, sq in enumerate(rays[d], 1):
                if sq in figures:
                    seen.append((dist, d, sq))
                    break
                kind = stones.get(sq)
                if kind is not None and kind != CRYSTAL:
                    break
        return seen

    def look(self, final: bool = False) -> None:
        """Look ahead, left and right; turn toward the single nearest figure seen."""
        lay = self.lay
        seen = self.sightings()
        before = lay.facing
        if len(seen) == 1:
            lay.facing = seen[0][1]
        elif seen:
            nearest = min(s[0] for s in seen)
            closest = [s for s in seen if s[0] == nearest]
            if len(closest) == 1:
                lay.facing = closest[0][1]
        figures = self.state.figures
        # The event written out rather than through _emit: a walk looks at every point.
        self.events.append({
            "type": LOOK,
            "point": self.point,
            "square": _NAMES[lay.monster],
            "final": final,
            "seen": [
                {"figure": figure_key(figures[lay.figures[sq]]), "square": _NAMES[sq],
                 "direction": DIRECTION_LETTERS[d], "distance": dist}
                for dist, d, sq in seen
            ],
            "facing": DIRECTION_LETTERS[lay.facing],
            "turned": lay.facing != before,
        })

    # -- moving ---------------------------------------------------------------------------
    def _eat(self, square: int, how: str) -> None:
        index = self.lay.figures.pop(square)
        self.eaten.append(index)
        self._emit(EAT, figure=self._fig(index), square=square_name(square), how=how)

    def _slide_end(self, square: int, d: int) -> int:
        """Return where a piece pushed onto the pool at ``square`` stops sliding (D11, D15)."""
        lay = self.lay
        while square in lay.pool:
            nxt = NEIGHBOURS[square][d]
            if not lay.is_free(nxt):
                break
            square = nxt
        return square

    def _push_line(self, first: int, d: int) -> None:
        """Push the unbroken line of stones and figures starting at ``first`` one square.

        The front piece goes off the board or onto a teleporter and is removed (a figure counts
        as eaten), or slides across a pool as far as it can (D11); the rest move one square. A
        stone ending on a corner is removed (D1); a figure pushed onto ``a1`` stays (D13).
        A line the monster meets through the wall can reach back to the square it is leaving
        (only along row 6); its front piece moves onto that square, which is not off the board.
        """
        lay = self.lay
        line = []
        sq = first
        while sq >= 0 and sq != lay.monster and (sq in lay.figures or sq in lay.stones):
            line.append(sq)
            sq = NEIGHBOURS[sq][d]
        end = sq
        if end < 0 or end in lay.teleporters:
            front_to = None
            how = "pushed_off" if end < 0 else "teleporter"
        else:
            front_to = self._slide_end(end, d) if end in lay.pool else end
            how = ""
        targets = [*line[1:], front_to]
        moved = []
        for src, dst in zip(reversed(line), reversed(targets), strict=True):
            if src in lay.figures:
                if dst is None:
                    self._eat(src, how)
                    moved.append({"piece": self._fig(self.eaten[-1]), "from": square_name(src),
                                  "to": None})
                    continue
                lay.figures[dst] = lay.figures.pop(src)
                moved.append({"piece": self._fig(lay.figures[dst]), "from": square_name(src),
                              "to": square_name(dst)})
            else:
                kind = lay.stones.pop(src)
                if dst is not None and dst not in CORNERS:
                    lay.stones[dst] = kind
                moved.append({"piece": kind, "from": square_name(src),
                              "to": None if dst is None or dst in CORNERS else square_name(dst)})
        moved.reverse()
        self._emit(PUSH, direction=DIRECTION_LETTERS[d], pieces=moved)

    def advance(self) -> None:
        """Spend one point: move one square ahead, with every effect of the square entered.

        A turning stone ahead turns the monster instead, and it enters the square in the new
        direction with the same point (D3, D4). Only a loop stops it: standing again on a
        square with a facing it had before in this point, it stays and the point is spent
        (D4; under rules version 1, four turns in one point did). A pool
        slides it on without looking, eating figures on the pool and pushing stones ahead
        (D6, D14). A teleporter moves it to the other of the pair, facing that tile's arrow.
        Past a wall it arrives on the half-turn square, keeping its facing (RULES §1).
        """
        lay = self.lay
        d = lay.facing
        turns = 0
        loop_rule = self.state.rules >= 2
        # Where the monster has stood in this point, with its facing (D4's loop rule).
        stood: set[tuple[int, int]] = set()
        for _ in range(_MAX_MOVES_PER_POINT):
            m = lay.monster
            if loop_rule:
                if (m, d) in stood:
                    self._emit(STAY, square=square_name(m), reason="loop")
                    break
                stood.add((m, d))
            t = NEIGHBOURS[m][d]
            through_wall = t < 0
            if through_wall:
                t = wrap(m)
            kind = lay.stones.get(t)
            if kind in TURNING_KINDS:
                new = turn_right(d) if kind == TURN_RIGHT else turn_back(d)
                self._emit(TURNING_STONE, square=square_name(m), stone=square_name(t), kind=kind,
                           facing=DIRECTION_LETTERS[new])
                d = new
                turns += 1
                if not loop_rule and turns >= 4:
                    self._emit(STAY, square=square_name(m), reason="four_turns")
                    break
                continue
            if through_wall:
                self._emit(WALL, square=square_name(m), to=square_name(t),
                           letter=WALL_LETTERS[(m, d)], direction=DIRECTION_LETTERS[d])
            self.events.append({"type": STEP, "point": self.point, "square": _NAMES[m],
                                "to": _NAMES[t], "facing": DIRECTION_LETTERS[d],
                                "slide": m in lay.pool})
            if t in lay.figures:
                self._eat(t, "caught")
            elif t in lay.stones:
                self._push_line(t, d)
            lay.monster = t
            if t in lay.teleporters:
                other = lay.partner[t]
                lay.monster = other.square
                d = other.arrow
                self._emit(TELEPORT, square=square_name(t), to=square_name(other.square),
                           facing=DIRECTION_LETTERS[d])
                break
            if t not in lay.pool:
                break
        else:
            raise RuntimeError(f"monster walk did not settle from {square_name(lay.monster)}")
        lay.facing = d

    def step(self) -> None:
        """Spend one point: look, then move one square."""
        self.point += 1
        self.look()
        self.advance()

    def run(self, card: str) -> None:
        """Carry out a card: its number of steps, or steps until enough figures are eaten."""
        if is_hit(card):
            wanted = hits(card)
            while len(self.eaten) < wanted and self.point < MAX_HIT_STEPS:
                self.step()
        else:
            for _ in range(steps(card)):
                self.step()
        self.look(final=True)
