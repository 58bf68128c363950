"""A fixed-width text diagram of a position, under 80 columns, for emails, logs and bug reports.

Rendering sits beside the core and only reads a state (python-chess's ``svg.py`` idea). Its
words (the status lines, the legend) are English templates said through ``say`` as the
narration's are (:mod:`engine.narrate`), so the service can write them in the reader's
language; the board's codes (``r5``, ``[]``, ``@R``) are the same in every language.
"""

from __future__ import annotations

import textwrap

from engine.board import DIRECTION_LETTERS, HEIGHT, ON_BOARD, WIDTH, square_name
from engine.cards import card_label
from engine.narrate import Say, colour_word, english
from engine.state import (
    COLOUR_LETTERS,
    CRYSTAL,
    ESCAPED,
    OUTSIDE,
    REMOVED,
    STONE,
    TURN_BACK,
    TURN_RIGHT,
    GameState,
)

_ARROWS = "^>v<"
_STONES = {STONE: "[]", CRYSTAL: "<>", TURN_RIGHT: "@R", TURN_BACK: "@U"}

_LEGEND_INDENT = "        "


def legend_text(*, say: Say = english) -> str:
    """Return the legend of the diagram's codes: five lines under 80 columns."""
    # TRANSLATORS: the diagram's legend, five lines of a fixed-width block (each under 70
    # characters): keep every code (.., ##, ~~, [], <>, @R, @U, A^, B>, M>, r5, R2, x~, the
    # colour letters) exactly as it is; only the words around them are translated.
    lines = [
        say("Legend: .. floor  ## no square  ~~ blood pool  [] stone  <> crystal"),
        say("@R right-turning stone  @U 180-turning stone  A^ B> teleporter & arrow"),
        say("M> monster & facing  r5 red 5 on its coloured side  R2 red 5 on its"),
        say("black side (capital: shows 7 minus its number)  x~ any piece on a pool"),
        say("Colours: g green r red b blue y yellow e beige p purple k black"),
    ]
    return "\n".join([lines[0], *(_LEGEND_INDENT + line for line in lines[1:])])


LEGEND = legend_text()
"""The legend in English."""


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


def diagram(state: GameState, legend: bool = True, *, say: Say = english) -> str:
    """Return the board and the game's status as fixed-width text, at most 80 columns wide
    (its words said through ``say``: English by default)."""
    grid = list(_EMPTY)
    for sq, cell in _cells(state).items():
        grid[sq] = cell.ljust(4)
    lines = [_HEADER]
    for y in range(HEIGHT):
        lines.append(f"{y + 1:>2}  " + "".join(grid[y * WIDTH:(y + 1) * WIDTH]).rstrip())
    lines.append("    " + say("exit: a1 (leave with X)        entrance: p11 (enter with +)"))
    lines.extend(_status(state, say))
    if legend:
        lines.append(legend_text(say=say))
    return "\n".join(lines)


def _place(where: str, say: Say) -> str:
    """Where a figure off the board is, after its ``@``: one word, no spaces."""
    # TRANSLATORS: where a figure off the board is, in the diagram's "5=2@outside": one
    # word (no spaces): waiting outside the entrance, escaped, out of the game.
    names = {OUTSIDE: say("outside"), ESCAPED: say("escaped"), REMOVED: say("removed")}
    return names.get(where, where).replace(" ", "-")


def _head(state: GameState, say: Say) -> str:
    stage, turn = state.stage, state.game_turn
    phase = state.phase
    if phase == "placement":
        head = say("Stage %(stage)s, game turn %(turn)s, placement phase", stage=stage,
                   turn=turn)
    elif phase == "figures":
        head = say("Stage %(stage)s, game turn %(turn)s, figures phase", stage=stage,
                   turn=turn)
    elif phase == "monster":
        head = say("Stage %(stage)s, game turn %(turn)s, monster phase", stage=stage,
                   turn=turn)
    else:
        head = say("Stage %(stage)s, game turn %(turn)s, over phase", stage=stage, turn=turn)
    # Seats are named by their colour: people read this (in mails too), and a seat number
    # would be counted from 0 here and from 1 elsewhere.
    if state.to_move is not None:
        # TRANSLATORS: %(head)s is "Stage 1, game turn 2, figures phase"; a colour acts.
        head = say("%(head)s; %(colour)s to act", head=head,
                   colour=colour_word(state.colour_of(state.to_move), say))
    return say("%(head)s. Start player: %(colour)s.", head=head,
               colour=colour_word(state.colour_of(state.start_seat), say))


def _status(state: GameState, say: Say) -> list[str]:
    out = _wrap(_head(state, say))
    discard = ", ".join(card_label(c) for c in state.discard) or say("none")
    out.extend(_wrap(say(
        "Monster on %(square)s facing %(letter)s. Cards left: %(left)s; played this stage: "
        "%(cards)s.", square=square_name(state.monster.square),
        letter=DIRECTION_LETTERS[state.monster.facing], left=len(state.pile), cards=discard)))
    if state.tiles_to_place:
        out.extend(textwrap.wrap(say("Tiles to place: %(tiles)s",
                                     tiles=", ".join(state.tiles_to_place)), 78))
    for p in state.players:
        figs = [f for f in state.figures if f.colour == p.colour]
        parts = []
        for f in figs:
            where = square_name(f.square) if f.square is not None else _place(f.where, say)
            mark = "*" if f.moved else ""
            parts.append(f"{f.number}={f.value}{mark}@{where}")
        esc = sum(1 for f in figs if f.where == ESCAPED)
        wait = sum(1 for f in figs if f.where == OUTSIDE)
        # TRANSLATORS: a player's figures in the diagram: "green: 1=1@outside 5=2*@p7 (out
        # 0, waiting 3)"; keep the figures' codes as they are.
        out.extend(_wrap(say("%(colour)s: %(figures)s (out %(escaped)s, waiting %(waiting)s)",
                             colour=colour_word(p.colour, say), figures=" ".join(parts),
                             escaped=esc, waiting=wait)))
    if state.outcome:
        o = state.outcome
        winners = ", ".join(colour_word(state.colour_of(s), say) for s in o.winners) \
            or say("nobody")
        out.append(say("Game over (%(reason)s): winner %(winners)s.", reason=o.reason,
                       winners=winners))
    out.append(say("Figures: number=shows, * moved this turn, @ where."))
    return out
