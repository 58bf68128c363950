"""The experienced game's set-up for computer players: which tile goes where (RULES §5).

Nobody stands on the board yet, so a tile helps or hurts every seat alike; the bots aim for a
board their figures can cross. ``easy`` places a random tile on a random allowed square, but
never a teleporter that walls the exit off. ``normal`` and ``hard`` score every placement
cheaply: stones that block the monster's sight near the diagonal from the entrance to the
exit (where figures walk) are shelter, pools on it speed figures up, and teleporters (walls
for figures) belong away from it, never sealing the exit.
"""

from __future__ import annotations

from typing import Any

from engine.board import DIRECTION_LETTERS, parse_square, xy
from engine.placement import walk_to_exit
from engine.rng import Rng

_SHELTER = {"stone": 1.0, "turn_right": 0.8, "turn_180": 0.8, "crystal": 0.3}


def _off_diagonal(square: int) -> float:
    """Return how far ``square`` lies from the line from ``p11`` to ``a1``, in squares."""
    x, y = xy(square)
    return abs(10 * x - 15 * y) / 18.0  # the line 10x = 15y; 18 ~ its normal's length


def _arrow_away(square: int) -> str:
    """Return the arrow that points from ``square`` toward the nearer long wall, away from
    the diagonal where the figures walk."""
    x, y = xy(square)
    return DIRECTION_LETTERS[0] if 10 * x > 15 * y else DIRECTION_LETTERS[2]


def _seals(view: dict[str, Any], square: int) -> bool:
    walls = {parse_square(t["square"]) for t in view["teleporters"]}
    return walk_to_exit(walls | {square}) is None


def _action(tile: str, place: dict[str, Any], arrow: str | None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "place", "tile": tile, "square": place["square"]}
    if place["orientation"]:
        action["orientation"] = place["orientation"]
    if arrow is not None:
        action["arrow"] = arrow
    return action


def random_placement(view: dict[str, Any], rng: Rng, sensible: bool) -> dict[str, Any]:
    """Return a random allowed placement; ``sensible``: never a teleporter sealing the exit
    (tried a bounded number of times, then any)."""
    tiles = view["legal"]["tiles"]
    for _ in range(20):
        tile = rng.choice(tiles)
        place = rng.choice(tile["squares"])
        arrow = rng.choice(tile["arrows"]) if tile["arrows"] else None
        if not (sensible and arrow is not None and _seals(view, parse_square(place["square"]))):
            break
    return _action(tile["tile"], place, arrow)


def _worth(tile: str, square: int) -> float:
    off = _off_diagonal(square)
    if tile in _SHELTER:
        # Beside the walk, not on it: shelter figures pass by without pushing it about.
        near = 1.0 if 1.0 <= off <= 3.0 else 0.4 if off < 1.0 else 0.1
        return _SHELTER[tile] * near
    if tile.startswith("pool"):
        return 0.6 if off <= 2.0 else 0.0
    return min(off, 6.0) / 6.0  # a teleporter: the further from the walk, the better


def scored_placement(view: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """Return the placement worth most by the cheap measure above; ``rng`` breaks ties."""
    best: list[tuple[str, dict[str, Any], str | None]] = []
    top = -1.0
    for tile in view["legal"]["tiles"]:
        name = tile["tile"]
        for place in tile["squares"]:
            square = parse_square(place["square"])
            worth = _worth(name, square)
            if worth < top - 1e-9:
                continue
            arrow = _arrow_away(square) if tile["arrows"] else None
            if arrow is not None and _seals(view, square):
                continue
            if worth > top + 1e-9:
                top, best = worth, []
            best.append((name, place, arrow))
    if not best:
        return random_placement(view, rng, sensible=False)
    return _action(*rng.choice(best))
