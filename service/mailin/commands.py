"""What a reply asks for: a move in the engine's notation, ``board`` or ``help``; and the
words of the answers that do not change the game (help, the legal moves of a figure).

Reading a move is left to the engine (``engine.parse_action``): a line is a move when the
engine can read it, so the notation has one definition.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import engine
from engine import EngineError, FigureId, GameState
from service.mail import moves
from service.mailin.parse import said_line

BOARD = "board"
HELP = "help"
MOVE = "move"
SAY = "say"

_WORDS = {
    "board": BOARD, "show board": BOARD, "send board": BOARD, "send me the board": BOARD,
    "the board": BOARD, "map": BOARD,
    "help": HELP, "?": HELP, "commands": HELP, "how": HELP,
}

HELP_TEXT = """\
Answer this email with one line: your move, or a command. Case and spaces do not matter.

Moves (the engine's notation):
  red 5 NNW        move your figure red 5: north, north, west
  5 NNW            the same: a number alone is your own figure
  red 5 +WWN       enter at p11 (+), then west, west, north
  red 1 NX         north, then leave the fortress at a1 (X)
  5 to h7          the one move of your figure 5 that ends on h7
  5 out            leave the fortress
  flip 1           turn figure 1 over without moving it
  place stone c3   set-up: place a tile (teleporter A c5 N, pool long e9 v ...)

Several moves, one per line, plan your coming turns: the first is made now if it
is your turn, the others when your next turns come, each only if it still does
what it did when you wrote it (else you get an email). End a line with "or flip"
to flip that figure instead; a line "flip the rest" flips your remaining figures.

Commands:
  board            send me the board
  help             send me this text
  say ...          post a message to the other players (the rest of the line, and
                   the lines after it up to a blank line; at most 500 characters)

Only the first lines you write count; quoted text and your signature are skipped."""


@dataclass(frozen=True, slots=True)
class Command:
    """A reply's request: ``board``, ``help`` or ``move`` (``text`` is the move as written)."""

    kind: str
    text: str


def command_of(line: str) -> Command:
    """Return the command a line asks for: ``board``, ``help``, ``say`` (a message to the
    table: ``parse.said_text`` reads it), else a move to try."""
    if said_line(line):
        return Command(SAY, line)
    words = " ".join(re.sub(r"[.!,;:]+", " ", line).lower().split())
    kind = _WORDS.get(words)
    return Command(kind, words) if kind else Command(MOVE, line)


def choose(lines: list[str], state: GameState | None, seat: int) -> tuple[Command | None,
                                                                         EngineError | None]:
    """Pick the command among the first lines: the first ``board``/``help`` or readable move.

    A ``say`` line is no command here (the message is posted apart) and is passed over.
    A line the engine cannot read as notation (``move/invalid``: "Hi!", "Thanks") is passed
    over; any other refusal (an unknown figure, an unreachable square) means that line was
    the move, and it is returned with its error. With no command, the error of the first
    line is returned (None when there were no lines).
    """
    first_error: EngineError | None = None
    for line in lines:
        command = command_of(line)
        if command.kind == SAY:
            continue
        if command.kind != MOVE:
            return command, None
        try:
            engine.parse_action(line, state, seat)
        except engine.InvalidNotation as error:
            first_error = first_error or error
            continue
        except EngineError as error:
            return command, error
        return command, None
    return None, first_error


_OR_FLIP = re.compile(r"\s+or\s+flip\s*$", re.IGNORECASE)
_FLIP_REST = frozenset({"flip the rest", "flip rest", "flip all", "then flip the rest",
                        "flip all the rest", "flip all my figures",
                        "flip all my remaining figures"})


@dataclass(frozen=True, slots=True)
class Planned:
    """The moves a reply lists, one per line, in order (each may end in "or flip"), and
    whether it asks to flip the remaining figures: a turn plan when there are several."""

    moves: tuple[str, ...]
    flip_rest: bool

    @property
    def is_plan(self) -> bool:
        """True when the reply plans: two moves or more, or "flip the rest"."""
        return len(self.moves) > 1 or self.flip_rest

    @property
    def now(self) -> str:
        """Return the first move as it is made now (an "or flip" means nothing then)."""
        return _OR_FLIP.sub("", self.moves[0])


def planned(lines: list[str], state: GameState, seat: int) -> Planned:
    """Return the moves among ``lines`` and whether one says "flip the rest".

    A line is a move when the engine reads it as one (with "or flip" cut off), as in
    :func:`choose`; a line it cannot read ("Hi!") is passed over.
    """
    moves: list[str] = []
    flip_rest = False
    for line in lines:
        if command_of(line).kind != MOVE:
            continue
        if " ".join(re.sub(r"[.!,;:]+", " ", line).lower().split()) in _FLIP_REST:
            flip_rest = True
            continue
        try:
            engine.parse_action(_OR_FLIP.sub("", line), state, seat)
        except engine.InvalidNotation:
            continue
        except EngineError:
            pass
        moves.append(line.strip())
    return Planned(tuple(moves), flip_rest)


def figure_named(text: str, state: GameState, seat: int,
                 details: Mapping[str, Any]) -> FigureId | None:
    """Return the figure a refused move was about (from its error's details or its text)."""
    key = details.get("figure")
    if isinstance(key, str):
        try:
            return FigureId.parse(key)
        except ValueError:
            return None
    try:
        action = engine.parse_action(text, state, seat)
    except EngineError:
        return None
    figure = getattr(action, "figure", None)
    return figure if isinstance(figure, FigureId) else None


def legal_lines(state: GameState, seat: int, figure: FigureId | None) -> list[str]:
    """Return at most eight moves the seat can make now, one line each with what it does: of
    ``figure`` alone when given and movable, else of each figure; then how many more there
    are."""
    shown, left = moves.suggestions(state, seat, figure)
    lines = [str(suggestion) for suggestion in shown]
    if left:
        lines.append(f"({left} more: write a figure and a square, like '5 to h7', or "
                     "'board' for the board)")
    return lines
