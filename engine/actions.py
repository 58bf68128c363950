"""Player actions as values, and the result of applying one: a ``Transition``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.board import DIRECTION_LETTERS, parse_square, square_name
from engine.errors import IllegalPlacement, InvalidNotation, InvalidSquare
from engine.moves import normalise_path
from engine.state import FigureId, GameState
from engine.texts import N_


@dataclass(frozen=True, slots=True)
class Move:
    """Move a figure along a path of steps (see ``engine.moves`` for the letters)."""

    figure: FigureId
    path: str


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn a figure over without moving it (a move of 0 squares)."""

    figure: FigureId


@dataclass(frozen=True, slots=True)
class Place:
    """Place one tile in the experienced game's set-up (RULES §5).

    ``square`` is the tile's square, or for a pool its top-left square; ``orientation`` is
    ``"h"`` or ``"v"`` for the long pool; ``arrow`` (a direction) is for teleporters.
    """

    tile: str
    square: int
    orientation: str | None = None
    arrow: int | None = None


Action = Move | Flip | Place


@dataclass(frozen=True, slots=True)
class Transition:
    """A new state and the events that led to it, in order (plain JSON-ready dicts)."""

    state: GameState
    events: tuple[dict[str, Any], ...]


def action_to_dict(action: Action) -> dict[str, Any]:
    """Return an action as structured JSON-ready data."""
    if isinstance(action, Move):
        return {"type": "move", "figure": action.figure.key, "path": action.path}
    if isinstance(action, Flip):
        return {"type": "flip", "figure": action.figure.key}
    data: dict[str, Any] = {"type": "place", "tile": action.tile,
                            "square": square_name(action.square)}
    if action.orientation is not None:
        data["orientation"] = action.orientation
    if action.arrow is not None:
        data["arrow"] = DIRECTION_LETTERS[action.arrow]
    return data


def action_from_dict(data: dict[str, Any]) -> Action:
    """Build an action from structured JSON data, refusing malformed input."""
    if not isinstance(data, dict):
        raise InvalidNotation.said(N_("an action must be a JSON object with a 'type'"))
    kind = data.get("type")
    try:
        if kind == "move":
            return Move(FigureId.parse(data["figure"]), normalise_path(str(data["path"])))
        if kind == "flip":
            return Flip(FigureId.parse(data["figure"]))
        if kind == "place":
            arrow = data.get("arrow")
            if arrow is not None:
                if not isinstance(arrow, str) or arrow.upper() not in ("N", "E", "S", "W"):
                    raise InvalidNotation.said(N_("arrow must be N, E, S or W, got %(arrow)r"),
                                               {"arrow": arrow})
                arrow = DIRECTION_LETTERS.index(arrow.upper())
            orientation = data.get("orientation")
            if orientation is not None and orientation not in ("h", "v"):
                raise InvalidNotation.said(
                    N_("orientation must be 'h' or 'v', got %(orientation)r"),
                    {"orientation": orientation})
            tile = str(data["tile"])
            return Place(tile, tile_square(str(data["square"]), tile), orientation, arrow)
    except KeyError as exc:
        raise InvalidNotation.said(N_("a %(kind)s action needs %(field)r"),
                                   {"kind": kind, "field": exc.args[0]}) from exc
    raise InvalidNotation.said(
        N_("unknown action type %(kind)r (move, flip or place)"), {"kind": kind})


# A name on the board's grid (columns a..p, rows 1..11), a square or not.
_GRID_NAME = re.compile(r"^[a-p](?:[1-9]|1[01])$")


def tile_square(name: str, tile: str) -> int:
    """Return the square named ``name`` that a ``tile`` is to be placed on.

    A name of the board's grid that is no square of the board (under a staircase) is refused
    as a placement off the board, ``placement/off_board``, as a tile reaching past the edge
    is; any other name is not a square at all (``position/invalid_square``).
    """
    try:
        return parse_square(name)
    except InvalidSquare:
        text = name.strip().lower()
        if not _GRID_NAME.match(text):
            raise
        raise IllegalPlacement.because(
            "off_board", N_("%(square)s is under a staircase, not on the board: a %(tile)s cannot "
                            "be placed there"), tile=tile, square=text) from None

