"""A fixed-width text diagram of a position, under 80 columns, for emails, logs and bug reports.

Rendering sits beside the core and only reads a state (python-chess's ``svg.py`` idea). The
board (:func:`board_text`) draws each piece as a two-character code that is the same in every
language (``r5``, ``[]``, ``@R``); a figure's code names it as players do, by its colour and
coloured number, and a capital letter shows it is on its black side. The words under it
(:func:`status_lines`: whose move it is, the monster, each player's figures) and the legend are
English templates said through ``say``, as the narration's are (:mod:`engine.narrate`), so the
service can write them in the reader's language.
"""

from __future__ import annotations

import textwrap

from engine.board import DIRECTION_LETTERS, HEIGHT, ON_BOARD, WIDTH, square_name
from engine.narrate import (
    Say,
    and_list,
    card_name,
    colour_word,
    comma_list,
    direction_word,
    english,
    tile_word,
)
from engine.state import (
    COLOUR_LETTERS,
    CRYSTAL,
    ESCAPED,
    OUTSIDE,
    PLACEMENT,
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
    """Return the legend of the board's codes: five lines under 80 columns."""
    # TRANSLATORS: the diagram's legend, five lines of a fixed-width block (each under 70
    # characters): keep every code (.., ##, ~~, [], <>, @R, @U, A^, B>, M>, r5, R5, x~, the
    # colour letters) exactly as it is; only the words around them are translated.
    lines = [
        say("Legend: .. floor  ## no square  ~~ blood pool  [] stone  <> crystal"),
        say("@R right-turning stone  @U 180-turning stone  A^ B> teleporter & arrow"),
        say("M> monster & facing  r5 red 5 on its coloured side (5 points)"),
        say("R5 red 5 on its black side (7 - 5 = 2 points)  x~ any piece on a pool"),
        say("Colours: g green r red b blue y yellow e beige p purple k black"),
    ]
    return "\n".join([lines[0], *(_LEGEND_INDENT + line for line in lines[1:])])


LEGEND = legend_text()
"""The legend in English."""


def figure_code(colour: str, number: int, black: bool) -> str:
    """Return the two-letter code of a figure as drawn: its colour's letter and the number
    players name it by (``r5`` is red 5), the letter a capital while it shows its black side
    (``R5``: red 5, worth 2 points)."""
    letter = COLOUR_LETTERS[colour]
    return f"{letter.upper() if black else letter}{number}"


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


_WIDTH = 80
_KEEP = "\x00"  # stands for a space that must not break a line (inside "2 hits")


def _wrap(text: str) -> list[str]:
    """``textwrap.wrap(text, 80, subsequent_indent="    ")``, skipped for a line that fits;
    a space written as :data:`_KEEP` is kept, not broken."""
    if len(text) <= _WIDTH and text.isprintable():
        return [text.rstrip()] if text.strip() else []
    return [line.replace(_KEEP, " ")
            for line in textwrap.wrap(text, _WIDTH, subsequent_indent="    ")]


def board_text(state: GameState, *, say: Say = english, doors: bool = True) -> str:
    """Return the board alone: the column letters, the eleven rows and, unless ``doors`` is
    false, a line saying where the doors are."""
    grid = list(_EMPTY)
    for sq, cell in _cells(state).items():
        grid[sq] = cell.ljust(4)
    lines = [_HEADER]
    for y in range(HEIGHT):
        lines.append(f"{y + 1:>2}  " + "".join(grid[y * WIDTH:(y + 1) * WIDTH]).rstrip())
    if doors:
        lines.append("    " + say("exit: a1 (leave with X)        entrance: p11 (enter with +)"))
    return "\n".join(lines)


def status_lines(state: GameState, *, say: Say = english, head: bool = True) -> list[str]:
    """Return where the game stands in words, each line under 80 columns: whose move it is
    (unless ``head`` is false), the monster and its cards, the tiles still to place, and each
    player's figures."""
    lines = _wrap(_head(state, say)) if head else []
    lines.extend(_wrap(monster_line(state, say=say)))
    if state.tiles_to_place:
        tiles = [tile_word(tile, say=say) for tile in state.tiles_to_place]
        lines.extend(_wrap(say("Tiles still to place: %(tiles)s.",
                               tiles=comma_list(tiles, say=say))))
    for player in state.players:
        lines.extend(_wrap(figures_line(state, player.colour, say=say)))
    return lines


def diagram(state: GameState, legend: bool = True, *, say: Say = english) -> str:
    """Return the board and where the game stands as fixed-width text, at most 80 columns
    wide (its words said through ``say``: English by default), and the legend unless asked
    not to."""
    lines = [board_text(state, say=say), *status_lines(state, say=say)]
    if legend:
        lines.append(legend_text(say=say))
    return "\n".join(lines)


def _head(state: GameState, say: Say) -> str:
    """Whose move it is, in which stage and game turn; or that the game is over."""
    stage, turn = state.stage, state.game_turn
    if state.outcome is not None:
        winners = [colour_word(state.colour_of(seat), say) for seat in state.outcome.winners]
        if not winners:
            return say("Stage %(stage)s, game turn %(turn)s: the game is over and nobody won.",
                       stage=stage, turn=turn)
        # TRANSLATORS: %(winners)s is the colour of the winner ("green").
        return say("Stage %(stage)s, game turn %(turn)s: the game is over; %(winners)s won.",
                   stage=stage, turn=turn, winners=and_list(winners, say=say))
    if state.phase == PLACEMENT and state.to_move is not None:
        return say("Placing the tiles: %(colour)s places the next one.",
                   colour=colour_word(state.colour_of(state.to_move), say))
    start = colour_word(state.colour_of(state.start_seat), say)
    if state.to_move is None:
        # TRANSLATORS: every figure has moved in this game turn, which a colour began; the
        # monster moves now.
        return say("Stage %(stage)s, game turn %(turn)s, begun by %(start)s: the monster "
                   "moves.", stage=stage, turn=turn, start=start)
    # TRANSLATORS: "Stage 1, game turn 3, begun by blue: red to move."
    return say("Stage %(stage)s, game turn %(turn)s, begun by %(start)s: %(colour)s to move.",
               stage=stage, turn=turn, start=start,
               colour=colour_word(state.colour_of(state.to_move), say))


def monster_line(state: GameState, *, say: Say = english) -> str:
    """Return where the monster is and faces, and its cards, in a sentence."""
    said = {"square": square_name(state.monster.square), "left": len(state.pile),
            "direction": direction_word(DIRECTION_LETTERS[state.monster.facing], say=say)}
    # TRANSLATORS: the cards of the stage under way: "Monster on o6 facing north; 3 cards
    # left, played: 8, 7, 10, 1 hit, 7."
    if not state.discard:
        return say("Monster on %(square)s facing %(direction)s; %(left)s cards left, none "
                   "played yet.", **said)
    return say("Monster on %(square)s facing %(direction)s; %(left)s cards left, played: "
               "%(cards)s.",
               cards=comma_list([card_name(c, say=say).replace(" ", _KEEP)
                                 for c in state.discard], say=say),
               **said)


def figures_line(state: GameState, colour: str, *, say: Say = english) -> str:
    """Return a player's figures in words, named by their numbers: ``red: 1 on d9, 4 on
    l5, 5 on p5; 3 waits outside.``"""
    figures = [f for f in state.figures if f.colour == colour]
    parts = [comma_list([say("%(number)s on %(square)s", number=f.number,
                             square=square_name(f.square))
                         for f in figures if f.square is not None], say=say)]

    def numbers(where: str) -> str:
        return and_list([str(f.number) for f in figures if f.where == where], say=say)

    def count(where: str) -> int:
        return sum(1 for f in figures if f.where == where)

    # TRANSLATORS: the figures of a player that wait outside the entrance ("3 waits
    # outside", "1 and 3 wait outside"), that escaped, and that are out of the game for good.
    if count(OUTSIDE) == 1:
        parts.append(say("%(figures)s waits outside", figures=numbers(OUTSIDE)))
    elif count(OUTSIDE):
        parts.append(say("%(figures)s wait outside", figures=numbers(OUTSIDE)))
    if count(ESCAPED) == 1:
        parts.append(say("%(figures)s has escaped", figures=numbers(ESCAPED)))
    elif count(ESCAPED):
        parts.append(say("%(figures)s have escaped", figures=numbers(ESCAPED)))
    if count(REMOVED) == 1:
        parts.append(say("%(figures)s is out of the game", figures=numbers(REMOVED)))
    elif count(REMOVED):
        parts.append(say("%(figures)s are out of the game", figures=numbers(REMOVED)))
    # TRANSLATORS: a player's colour and where each of their figures is: "red: 1 on d9, 4 on
    # l5, 5 on p5; 3 waits outside." The parts are joined with "; ".
    return say("%(colour)s: %(figures)s.", colour=colour_word(colour, say),
               figures="; ".join(part for part in parts if part))
