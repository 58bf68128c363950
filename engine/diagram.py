"""A fixed-width text diagram of a position, under 80 columns, for emails, logs and bug reports.

Rendering sits beside the core and only reads a state (python-chess's ``svg.py`` idea).
"""

from __future__ import annotations

import textwrap

from engine.board import DIRECTION_LETTERS, HEIGHT, ON_BOARD, WIDTH, square_name
from engine.cards import card_label
from engine.state import (
    COLOUR_LETTERS,
    CRYSTAL,
    ESCAPED,
    OUTSIDE,
    STONE,
    TURN_BACK,
    TURN_RIGHT,
    GameState,
)

_ARROWS = "^>v<"
_STONES = {STONE: "[]", CRYSTAL: "<>", TURN_RIGHT: "@R", TURN_BACK: "@U"}

LEGEND = (
    "Legend: .. floor  ## no square  ~~ blood pool  [] stone  <> crystal\n"
    "        @R right-turning stone  @U 180-turning stone  A^ B> teleporter & arrow\n"
    "        M> monster & facing  r5 red 5 on its coloured side  R2 red 5 on its\n"
    "        black side (capital: shows 7 minus its number)  x~ any piece on a pool\n"
    "        Colours: g green r red b blue y yellow e beige p purple k black"
)


def figure_code(colour: str, number: int, black: bool) -> str:
    """Return the two-letter code of a figure as drawn: ``r5``, or ``R2`` on its black side."""
    letter = COLOUR_LETTERS[colour]
    return f"{letter.upper()}{7 - number}" if black else f"{letter}{number}"


def _cells(state: GameState) -> dict[int, str]:
    cells: dict[int, str] = {}
    pools = {sq for p in state.pools for sq in p.squares}
    for sq in pools:
        cells[sq] = "~~"
    for sq, kind in state.stones:
        cells[sq] = _STONES[kind]
    for t in state.teleporters:
        cells[t.square] = f"{t.kind}{_ARROWS[t.arrow]}"
    for f in state.figures:
        if f.square is not None:  # on the board
            cells[f.square] = figure_code(f.colour, f.number, f.black)
    cells[state.monster.square] = f"M{_ARROWS[state.monster.facing]}"
    for sq in pools:
        if cells[sq] != "~~":
            cells[sq] += "~"
    return cells


_HEADER = "    " + "".join(c.ljust(4) for c in "abcdefghijklmnop").rstrip()
# The empty board, one 4-character cell per square (row by row): floor, or no square.
_EMPTY = tuple("..  " if sq in ON_BOARD else "##  " for sq in range(WIDTH * HEIGHT))


_WIDTH = 78


def _wrap(text: str) -> list[str]:
    """``textwrap.wrap(text, 78, subsequent_indent="    ")``, skipped for a line that fits."""
    if len(text) <= _WIDTH and text.isprintable():
        return [text.rstrip()] if text.strip() else []
    return textwrap.wrap(text, _WIDTH, subsequent_indent="    ")


def diagram(state: GameState, legend: bool = True) -> str:
    """Return the board and the game's status as fixed-width text, at most 80 columns wide."""
    grid = list(_EMPTY)
    for sq, cell in _cells(state).items():
        grid[sq] = cell.ljust(4)
    lines = [_HEADER]
    for y in range(HEIGHT):
        lines.append(f"{y + 1:>2}  " + "".join(grid[y * WIDTH:(y + 1) * WIDTH]).rstrip())
    lines.append("    exit: a1 (leave with X)        entrance: p11 (enter with +)")
    lines.extend(_status(state))
    if legend:
        lines.append(LEGEND)
    return "\n".join(lines)


def _status(state: GameState) -> list[str]:
    out = []
    phase = state.phase
    head = f"Stage {state.stage}, game turn {state.game_turn}, {phase} phase"
    # Seats are named by their colour: people read this (in mails too), and a seat number
    # would be counted from 0 here and from 1 elsewhere.
    if state.to_move is not None:
        head += f"; {state.colour_of(state.to_move)} to act"
    head += f". Start player: {state.colour_of(state.start_seat)}."
    out.extend(_wrap(head))
    discard = ", ".join(card_label(c) for c in state.discard) or "none"
    out.extend(_wrap(
        f"Monster on {square_name(state.monster.square)} facing "
        f"{DIRECTION_LETTERS[state.monster.facing]}. Cards left: {len(state.pile)}; "
        f"played this stage: {discard}."))
    if state.tiles_to_place:
        out.extend(textwrap.wrap("Tiles to place: " + ", ".join(state.tiles_to_place), 78))
    for p in state.players:
        figs = [f for f in state.figures if f.colour == p.colour]
        parts = []
        for f in figs:
            where = square_name(f.square) if f.square is not None else f.where
            mark = "*" if f.moved else ""
            parts.append(f"{f.number}={f.value}{mark}@{where}")
        esc = sum(1 for f in figs if f.where == ESCAPED)
        wait = sum(1 for f in figs if f.where == OUTSIDE)
        text = f"{p.colour}: {' '.join(parts)} (out {esc}, waiting {wait})"
        out.extend(_wrap(text))
    if state.outcome:
        o = state.outcome
        winners = ", ".join(state.colour_of(s) for s in o.winners) or "nobody"
        out.append(f"Game over ({o.reason}): winner {winners}.")
    out.append("Figures: number=shows, * moved this turn, @ where.")
    return out
