"""A working copy of what stands where, for fast movement and monster calculations.

``GameState`` keeps tiles and figures as sorted tuples, which is right for storage and equality
but slow to query square by square; a ``Layout`` holds the same facts as dicts and sets.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from engine.state import GameState, Pool, Teleporter

_Tiles = tuple[frozenset[int], frozenset[int], Mapping[int, Teleporter]]


# Pools and teleporters never move after the placement phase, so every state of a game asks
# for the same answer: cached, being a pure function of two tuples of frozen values, and made
# of read-only values.
@lru_cache(maxsize=512)
def _tiles(pools: tuple[Pool, ...], teleporters: tuple[Teleporter, ...]) -> _Tiles:
    """Return the pool squares, the teleporter squares and each teleporter's partner."""
    pool = frozenset(sq for p in pools for sq in p.squares)
    partner = {t.square: other for t in teleporters for other in teleporters
               if other.kind == t.kind and other.square != t.square}
    return pool, frozenset(t.square for t in teleporters), MappingProxyType(partner)


class Layout:
    """Dicts of the pieces on the board, built from a state (and written back by the caller).

    ``stones``, ``figures``, ``monster`` and ``facing`` are the caller's to change; ``pool``
    (squares), ``teleporters`` (squares) and ``partner`` (the teleporter a teleporter square
    sends to) are shared between layouts and read-only. A figure stands on the board exactly
    when it has a square (``check_position`` holds every position to that).
    """

    __slots__ = ("stones", "pool", "teleporters", "partner", "figures", "monster", "facing")

    def __init__(self, state: GameState) -> None:
        self.stones: dict[int, str] = dict(state.stones)
        self.pool, self.teleporters, self.partner = _tiles(state.pools, state.teleporters)
        self.figures: dict[int, int] = {
            f.square: i for i, f in enumerate(state.figures) if f.square is not None
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
