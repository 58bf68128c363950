"""A working copy of what stands where, for fast movement and monster calculations.

``GameState`` keeps tiles and figures as sorted tuples, which is right for storage and equality
but slow to query square by square; a ``Layout`` holds the same facts as dicts and sets.
"""

from __future__ import annotations

from engine.state import BOARD, GameState, Teleporter


class Layout:
    """Dicts of the pieces on the board, built from a state (and written back by the caller)."""

    __slots__ = ("stones", "pool", "teleporters", "partner", "figures", "monster", "facing")

    def __init__(self, state: GameState) -> None:
        self.stones: dict[int, str] = dict(state.stones)
        self.pool: frozenset[int] = frozenset(sq for p in state.pools for sq in p.squares)
        self.teleporters: dict[int, Teleporter] = {t.square: t for t in state.teleporters}
        self.partner: dict[int, Teleporter] = {}
        for t in state.teleporters:
            for other in state.teleporters:
                if other.kind == t.kind and other.square != t.square:
                    self.partner[t.square] = other
        self.figures: dict[int, int] = {
            f.square: i for i, f in enumerate(state.figures) if f.where == BOARD
        }
        self.monster: int = state.monster.square
        self.facing: int = state.monster.facing

    def is_free(self, square: int) -> bool:
        """True for a board square with no figure, stone, monster or teleporter on it."""
        return (
            square >= 0
            and square not in self.figures
            and square not in self.stones
            and square != self.monster
            and square not in self.teleporters
        )
