"""Shared helpers for the engine tests: hand-written positions in a few words.

``position`` sits on top of ``state_from_dict`` (the position format), so every position a
test builds is checked by the engine exactly like one a user would send. Short forms:

* figures: ``{"red4": "h5", "blue1": "outside", "red5": "g5 black moved"}``;
* stones: ``["h6", "c3 crystal"]``; pools: ``["long e9 f9 g9 h9", "square i3 j3 i4 j4"]``;
* teleporters: ``["A c5 N", "A k7 S"]``; monster: ``"a1 E"``.

Any other field of the position format can be passed as a keyword (``to_move=1``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from engine.board import parse_square, square_name
from engine.errors import IllegalMove
from engine.moves import MoveOutcome, check_path
from engine.position import state_from_dict
from engine.state import WHERE, FigureId, GameState

POSITIONS = Path(__file__).parent / "positions"


def sq(name: str) -> int:
    """Return the square index of a square name (``"h5"``)."""
    return parse_square(name)


def fig(name: str) -> FigureId:
    """Return the figure named ``"red5"`` or ``"red 5"``."""
    return FigureId.parse(name)


def _figure(key: str, spec: str | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(spec, Mapping):
        return {"figure": key, **spec}
    data: dict[str, Any] = {"figure": key}
    for word in spec.split():
        if word in WHERE:
            data["where"] = word
        elif word == "black":
            data["face"] = "black"
        elif word == "moved":
            data["moved"] = True
        else:
            data["square"] = word
    return data


def position_dict(
    figures: Mapping[str, str | Mapping[str, Any]] | None = None,
    *,
    stones: Iterable[str] = (),
    pools: Iterable[str] = (),
    teleporters: Iterable[str] = (),
    monster: str = "a1 E",
    **fields: Any,
) -> dict[str, Any]:
    """Return a position in the JSON format from the short forms above."""
    data: dict[str, Any] = {
        "figures": [_figure(k, v) for k, v in (figures or {}).items()],
        "stones": [],
        "pools": [],
        "teleporters": [],
    }
    for text in stones:
        square, *kind = text.split()
        data["stones"].append({"square": square, "kind": kind[0] if kind else "stone"})
    for text in pools:
        kind, *squares = text.split()
        data["pools"].append({"kind": kind, "squares": squares})
    for text in teleporters:
        kind, square, arrow = text.split()
        data["teleporters"].append({"kind": kind, "square": square, "arrow": arrow})
    square, facing = monster.split()
    data["monster"] = {"square": square, "facing": facing}
    data.update(fields)
    return data


def position(
    figures: Mapping[str, str | Mapping[str, Any]] | None = None, **kwargs: Any
) -> GameState:
    """Return the state of a hand-written position (see the module docstring)."""
    return state_from_dict(position_dict(figures, **kwargs))


def load_position(name: str) -> GameState:
    """Return the state stored in ``tests/engine/positions/<name>.json``."""
    return state_from_dict(json.loads((POSITIONS / f"{name}.json").read_text()))


def stone_names(stones: Iterable[tuple[int, str]]) -> list[str]:
    """Return the squares of a stone layout (a state's or an outcome's) as sorted names."""
    return sorted(square_name(square) for square, _ in stones)


def walk(state: GameState, figure: str, path: str) -> tuple[str, list[str]]:
    """Validate ``path`` for ``figure``; return where it ends (``"out"``) and the stones."""
    result: MoveOutcome = check_path(state, fig(figure), path)
    end = "out" if result.square is None else square_name(result.square)
    return end, stone_names(result.stones)


def refusal(state: GameState, figure: str, path: str) -> IllegalMove:
    """Return the ``IllegalMove`` that ``check_path`` raises for ``path`` (fail if none)."""
    try:
        result = check_path(state, fig(figure), path)
    except IllegalMove as exc:
        return exc
    raise AssertionError(f"{figure} {path} was accepted: {result!r}")
