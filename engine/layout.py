"""A working copy of what stands where, for fast movement and monster calculations.

``GameState`` keeps tiles and figures as sorted tuples, which is right for storage and equality
but slow to query square by square; a ``Layout`` holds the same facts as dicts and sets.
"""

from __future__ import annotations

from engine.state import BOARD, GameState, Pool, Teleporter

_Tiles = tuple[frozenset[int], dict[int, Teleporter], dict[int, Teleporter]]

# Pools and teleporters never move after the placement phase, and every state of a game shares
# the same tuples, so what is derived from them is kept by the tuples' identity (the entry
# holds the tuples themselves, so an id is never reused while its entry lives).
_TILES: dict[tuple[int, int], tuple[tuple[Pool, ...], tuple[Teleporter, ...], _Tiles]] = {}
_TILES_KEPT = 512


def _tiles(pools: tuple[Pool, ...], teleporters: tuple[Teleporter, ...]) -> _Tiles:
    """Return the pool squares, the teleporters by square and each one's partner."""
    key = (id(pools), id(teleporters))
    entry = _TILES.get(key)
    if entry is not None and entry[0] is pools and entry[1] is teleporters:
        return entry[2]
    pool = frozenset(sq for p in pools for sq in p.squares)
    by_square = {t.square: t for t in teleporters}
    partner = {t.square: other for t in teleporters for other in teleporters
               if other.kind == t.kind and other.square != t.square}
    if len(_TILES) >= _TILES_KEPT:
        _TILES.clear()
    _TILES[key] = (pools, teleporters, (pool, by_square, partner))
    return pool, by_square, partner


class Layout:
    """Dicts of the pieces on the board, built from a state (and written back by the caller).

    ``stones``, ``figures``, ``monster`` and ``facing`` are the caller's to change; ``pool``,
    ``teleporters`` and ``partner`` are shared between layouts and must not be changed.
    """

    __slots__ = ("stones", "pool", "teleporters", "partner", "figures", "monster", "facing")

    def __init__(self, state: GameState) -> None:
        self.stones: dict[int, str] = dict(state.stones)
        self.pool, self.teleporters, self.partner = _tiles(state.pools, state.teleporters)
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
