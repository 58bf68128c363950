"""Move notation a person can type in an email and read in a log (docs/notation.md).

* ``red 5 +WWNN`` — move red 5: enter onto p11 (``+``), then west, west, north, north;
* ``5 NNW`` — the player's own figure with coloured number 5 (the colour is the player's);
* ``red 1 NX`` — north, then leave the fortress from a1 (``X``; ``out`` also works);
* ``flip red 4`` or ``red 4 flip`` — turn the figure over without moving;
* ``5 to h7`` / ``5 out`` — destination only, accepted when exactly one outcome matches;
* ``place teleporter A c5 N``, ``place pool long e9 v``, ``place turn right f6`` — set-up.

Figures are always named by their coloured number, which never changes (RULES §2).
Case, spaces and commas do not matter.
"""

from __future__ import annotations

import re

from engine.actions import Action, Flip, Move, Place, tile_square
from engine.board import DIRECTION_LETTERS, parse_square, square_name
from engine.errors import AmbiguousMove, IllegalMove, InvalidNotation, InvalidSquare
from engine.moves import legal_outcomes, normalise_path
from engine.state import COLOURS, FigureId, GameState
from engine.texts import N_, Nn_

_COLOURS = "|".join(COLOURS)
_FIGURE = rf"(?:(?P<colour>{_COLOURS})\s*[-_]?\s*)?(?P<number>\d)"
_FLIP_FIRST = re.compile(rf"^flip\s+{_FIGURE}$")
_FLIP_LAST = re.compile(rf"^{_FIGURE}\s+flip$")
_DEST = re.compile(rf"^{_FIGURE}\s+(?:to|->)\s+(?P<dest>\S+)$")
_OUT = re.compile(rf"^{_FIGURE}\s+(?:out|exit|leaves?)$")
_PATH = re.compile(rf"^{_FIGURE}\s*(?P<path>(?:enter\s+|in\s+)?[nesw+x\s]*(?:\s(?:out|exit))?)$")
_SQUARE = re.compile(r"^[a-p]\d{1,2}$")

_TILE_WORDS = {
    "stone": "stone",
    "crystal": "crystal",
    "turn right": "turn_right", "right": "turn_right", "right turn": "turn_right",
    "turning right": "turn_right", "right turning stone": "turn_right",
    "turn 180": "turn_180", "180": "turn_180", "180 turn": "turn_180",
    "turning 180": "turn_180", "180 turning stone": "turn_180",
    "teleporter a": "teleporter_A", "tele a": "teleporter_A",
    "teleporter b": "teleporter_B", "tele b": "teleporter_B",
    "pool square": "pool_square", "square pool": "pool_square", "square": "pool_square",
    "pool long": "pool_long", "long pool": "pool_long", "long": "pool_long",
}
_ORIENTATION = {"h": "h", "horizontal": "h", "v": "v", "vertical": "v"}


def _clean(text: str) -> str:
    if not isinstance(text, str):
        raise InvalidNotation.said(N_("%(text)r is not text"), {"text": text})
    return " ".join(re.sub(r"[,;:.!]+", " ", text).lower().split())


def _figure(match: re.Match[str], state: GameState | None, seat: int | None, text: str) -> FigureId:
    colour = match.group("colour")
    if colour is None:
        actor = seat if seat is not None else (state.to_move if state is not None else None)
        if state is None or actor is None:
            raise InvalidNotation.said(
                N_("%(text)r: name the figure with its colour, e.g. 'red 5'"),
                {"text": text})
        colour = state.colour_of(actor)
    return FigureId.parse(f"{colour} {match.group('number')}")


def parse_action(text: str, state: GameState | None = None, seat: int | None = None) -> Action:
    """Parse typed notation into an action; ``state``/``seat`` resolve short forms."""
    clean = _clean(text)
    if not clean:
        raise InvalidNotation.said(N_("empty move: write e.g. 'red 5 +WWN', '5 to h7' or 'flip 4'"))
    if clean.startswith("place "):
        return _parse_place(clean[6:], text)
    for pattern in (_FLIP_FIRST, _FLIP_LAST):
        m = pattern.match(clean)
        if m:
            return Flip(_figure(m, state, seat, text))
    m = _DEST.match(clean) or _OUT.match(clean)
    if m:
        figure = _figure(m, state, seat, text)
        dest = m.groupdict().get("dest") or "out"
        if state is None:
            raise InvalidNotation.said(
                N_("%(text)r: a destination-only move needs the game position"),
                {"text": text})
        return _resolve_destination(state, figure, dest, text)
    m = _PATH.match(clean)
    if m and m.group("path").strip():
        path = m.group("path")
        path = re.sub(r"^(?:enter|in)\s+", "+", path)
        path = re.sub(r"\s(?:out|exit)$", "x", path)
        return Move(_figure(m, state, seat, text), normalise_path(path))
    raise InvalidNotation.said(
        N_("cannot read %(text)r: write a figure and a path ('red 5 +WWN'), a destination "
           "('5 to h7', '5 out'), 'flip 4', or a placement ('place stone c3')"), text=text)


def _resolve_destination(state: GameState, figure: FigureId, dest: str, text: str) -> Move:
    """Turn ``figure to dest`` into the one move that ends there, or explain the choices."""
    leaving = dest in ("out", "exit")
    try:
        target = None if leaving else parse_square(dest)
    except InvalidSquare as exc:
        raise InvalidNotation.said(
            N_("%(text)r: %(problem)s"), {"problem": exc}, text=text) from exc
    outcomes = [o for o in legal_outcomes(state, figure) if o.square == target]
    words = {"text": text, "name": figure, "count": len(outcomes),
             "paths": ", ".join(o.path for o in outcomes)}
    if target is not None:
        words["square"] = square_name(target)
    if not outcomes:
        raise IllegalMove.said(
            N_("%(text)r: %(name)s cannot get out of the fortress this turn") if target is None
            else N_("%(text)r: %(name)s cannot get %(square)s this turn"),
            words, figure=figure.key, reason="unreachable", step=0)
    if len(outcomes) > 1:
        raise AmbiguousMove.said(
            Nn_("%(text)r: %(name)s can reach out of the fortress in %(count)s way that "
                "pushes stones differently; give the path: %(paths)s",
                "%(text)r: %(name)s can reach out of the fortress in %(count)s ways that push "
                "stones differently; give the path: %(paths)s", "count") if target is None
            else Nn_("%(text)r: %(name)s can reach %(square)s in %(count)s way that pushes "
                     "stones differently; give the path: %(paths)s",
                     "%(text)r: %(name)s can reach %(square)s in %(count)s ways that push "
                     "stones differently; give the path: %(paths)s", "count"),
            words, figure=figure.key, choices=[o.to_dict() for o in outcomes])
    return Move(figure, outcomes[0].path)


def _parse_place(rest: str, text: str) -> Place:
    tokens = rest.replace("_", " ").replace("-", " ").split()
    at = next((i for i, t in enumerate(tokens) if _SQUARE.match(t)), None)
    if at is None:
        raise InvalidNotation.said(
            N_("%(text)r: a placement needs a square, e.g. 'place stone c3'"),
            {"text": text})
    words = " ".join(tokens[:at])
    if not words:
        raise InvalidNotation.said(
            N_("%(text)r: a placement names its tile, e.g. 'place stone c3'"),
            text=text)
    # A tile not known by any name goes on as written, and is refused as the structured
    # form's would be (placement/unknown_tile): one refusal however the placement was sent.
    tile = _TILE_WORDS.get(words, words.replace(" ", "_"))
    square = tile_square(tokens[at], tile)
    orientation = arrow = None
    for word in tokens[at + 1:]:
        if word in _ORIENTATION and orientation is None:
            # Kept on any tile: a tile other than the long pool is then refused for it
            # (placement/orientation), as in the structured form.
            orientation = _ORIENTATION[word]
        elif word.upper() in DIRECTION_LETTERS and len(word) == 1 and arrow is None:
            arrow = DIRECTION_LETTERS.index(word.upper())
        elif word != "arrow":
            raise InvalidNotation.said(N_("%(text)r: %(word)r is not understood after the square"),
                                       {"text": text, "word": word})
    return Place(tile, square, orientation, arrow)


def format_action(action: Action) -> str:
    """Format an action in canonical notation (``parse_action`` reads it back)."""
    if isinstance(action, Move):
        return f"{action.figure} {action.path}"
    if isinstance(action, Flip):
        return f"flip {action.figure}"
    words = ["place", action.tile.replace("_", " "), square_name(action.square)]
    if action.orientation:
        words.append(action.orientation)
    if action.arrow is not None:
        words.append(DIRECTION_LETTERS[action.arrow])
    return " ".join(words)
