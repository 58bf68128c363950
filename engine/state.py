"""The game state: small frozen value types; a transition returns a new state.

Nothing here mutates: every change goes through :func:`evolve` (``dataclasses.replace``,
faster). The JSON form
(``to_dict`` / ``from_dict``, see ``docs/position-format.md``) is the position format.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from functools import cache
from itertools import repeat
from operator import attrgetter, call
from typing import Any, TypeVar

from engine.board import DIRECTION_LETTERS
from engine.errors import UnknownFigure
from engine.options import Options
from engine.texts import N_

SCHEMA_VERSION = 1

RULES_VERSION = 2
"""The rules new games are played under; a game keeps the version it started with, so a game
in progress, and its replay, never change rules halfway (``GameState.rules``).

* 1: the monster stops after four turns in one point (D4 as first written);
* 2: only a loop stops it: the same square and facing again within one point (D4 revised).
"""
RULES_VERSIONS = (1, 2)

COLOURS: tuple[str, ...] = ("green", "red", "blue", "yellow", "beige", "purple", "black")
FOUR_FIGURE_COLOURS: tuple[str, ...] = COLOURS[:4]
COLOUR_LETTERS = {"green": "g", "red": "r", "blue": "b", "yellow": "y",
                  "beige": "e", "purple": "p", "black": "k"}
NUMBERS_FOUR = (1, 3, 4, 5)
NUMBERS_THREE = (1, 4, 5)

# Where a figure is.
OUTSIDE = "outside"  # waiting next to the entrance
BOARD = "board"
ESCAPED = "escaped"
REMOVED = "removed"  # out of the game for good
WHERE = (OUTSIDE, BOARD, ESCAPED, REMOVED)

# Tile kinds. The four stone kinds are pushable "stones" for figures (RULES §3.4).
STONE = "stone"
CRYSTAL = "crystal"
TURN_RIGHT = "turn_right"
TURN_BACK = "turn_180"
STONE_KINDS = (STONE, CRYSTAL, TURN_RIGHT, TURN_BACK)
TURNING_KINDS = frozenset((TURN_RIGHT, TURN_BACK))
POOL_SQUARE = "square"  # the 2x2 blood pool
POOL_LONG = "long"  # the 1x4 blood pool
TELEPORTER_KINDS = ("A", "B")

# Phases of a game.
PLACEMENT = "placement"
FIGURES = "figures"
MONSTER = "monster"
OVER = "over"
PHASES = (PLACEMENT, FIGURES, MONSTER, OVER)

_Value = TypeVar("_Value")


def evolve(value: _Value, **changes: Any) -> _Value:
    """Return a copy of the frozen dataclass ``value`` with ``changes`` made.

    What ``dataclasses.replace`` does for these types (none has ``__post_init__``, a field
    outside ``__init__`` or a field without a slot) at a fraction of its cost, which whole
    games feel: the copy is filled slot by slot from C, without the frozen ``__init__``.
    """
    cls: type = type(value)
    read, index, setters = _shape(cls)
    fields = list(read(value))
    for name, new in changes.items():
        if name not in index:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
        fields[index[name]] = new
    copy: _Value = _new_object(cls)
    deque(map(call, setters, repeat(copy), fields), 0)
    return copy


_new_object = object.__new__


@cache
def _shape(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], dict[str, int],
                                tuple[Callable[[Any, Any], None], ...]]:
    """Return how :func:`evolve` copies a dataclass: a getter of all its fields, each field's
    position, and each slot's own setter (cached: a class's fields never change)."""
    names = tuple(f.name for f in dataclass_fields(cls))
    # Each slot's own setter (its member descriptor's __set__): calling it skips the
    # attribute lookup by name that object.__setattr__ makes for every field.
    return (attrgetter(*names), {name: i for i, name in enumerate(names)},
            tuple(getattr(cls, name).__set__ for name in names))


_FIGURE_RE = re.compile(r"^\s*([a-z]+)[\s\-_:]*([0-9])\s*$", re.I)


@dataclass(frozen=True, slots=True, order=True)
class FigureId:
    """A figure's identity: its colour and coloured number, which never change."""

    colour: str
    number: int

    def __str__(self) -> str:
        return f"{self.colour} {self.number}"

    @property
    def key(self) -> str:
        """The compact form used in JSON and events: ``red5``."""
        return f"{self.colour}{self.number}"

    @classmethod
    def parse(cls, text: str) -> FigureId:
        """Parse ``red 5``, ``red5`` or ``Red-5``."""
        match = _FIGURE_RE.match(text) if isinstance(text, str) else None
        if not match or match.group(1).lower() not in COLOURS:
            raise UnknownFigure.said(
                N_("%(text)r does not name a figure (colour and number, e.g. 'red 5')"),
                {"text": text})
        number = int(match.group(2))
        if number not in NUMBERS_FOUR:
            raise UnknownFigure.said(
                N_("%(figure)r: figures are named by their coloured number, 1, 3, 4 or 5"),
                figure=text)
        return cls(match.group(1).lower(), number)


# One shared id, and its key, per colour and coloured number: events and positions name the
# same few figures all the time. Built once; read only.
_FIGURE_IDS: dict[tuple[str, int], FigureId] = {
    (colour, number): FigureId(colour, number) for colour in COLOURS for number in NUMBERS_FOUR}
_FIGURE_KEYS: dict[tuple[str, int], str] = {
    pair: figure_id.key for pair, figure_id in _FIGURE_IDS.items()}
FIGURE_IDS_BY_KEY: dict[str, FigureId] = {
    figure_id.key: figure_id for figure_id in _FIGURE_IDS.values()}
"""Every figure's id by its key (``red5``): read only."""


@dataclass(frozen=True, slots=True)
class Figure:
    """A playing figure and where it is."""

    colour: str
    number: int
    black: bool = False  # showing the black side (7 - number)
    where: str = OUTSIDE
    square: int | None = None
    moved: bool = False  # moved or flipped in this game turn
    escaped_order: int | None = None  # 1 for the first figure of the game to escape, ...
    times_eaten: int = 0

    @property
    def id(self) -> FigureId:
        """The figure's identity (one shared value per colour and number)."""
        figure_id = _FIGURE_IDS.get((self.colour, self.number))
        if figure_id is None:  # not a figure of the game (a position check refuses it)
            return FigureId(self.colour, self.number)
        return figure_id

    @property
    def value(self) -> int:
        """The number it shows: its movement allowance."""
        return 7 - self.number if self.black else self.number

    @property
    def in_play(self) -> bool:
        """True while it waits outside or stands on the board."""
        return self.where in (OUTSIDE, BOARD)


def figure_key(figure: Figure) -> str:
    """Return ``figure.id.key`` (``red5``), looked up rather than formatted: events name
    figures all the time."""
    key = _FIGURE_KEYS.get((figure.colour, figure.number))
    if key is None:
        return figure.id.key
    return key


@dataclass(frozen=True, slots=True)
class Player:
    """A seat at the table and its colour. Seats go clockwise: 0, 1, 2, ..."""

    seat: int
    colour: str


@dataclass(frozen=True, slots=True)
class Pool:
    """A blood pool and the squares it covers."""

    kind: str
    squares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Teleporter:
    """One teleporter tile: its kind (the two of a kind are a pair), square and arrow."""

    kind: str
    square: int
    arrow: int


@dataclass(frozen=True, slots=True)
class Monster:
    """The monster's square and the direction it faces."""

    square: int
    facing: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: winners (seats), why, and per-seat escaped and eaten counts."""

    winners: tuple[int, ...]
    reason: str
    escaped: tuple[int, ...]
    eaten: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the outcome as JSON-ready data."""
        return {"winners": list(self.winners), "reason": self.reason,
                "escaped": list(self.escaped), "eaten": list(self.eaten)}


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about a game at one moment, including its random generator's state."""

    players: tuple[Player, ...]
    figures: tuple[Figure, ...]
    stones: tuple[tuple[int, str], ...] = ()  # (square, kind), sorted by square
    pools: tuple[Pool, ...] = ()
    teleporters: tuple[Teleporter, ...] = ()
    monster: Monster = Monster(0, 1)
    options: Options = field(default_factory=Options)
    pile: tuple[str, ...] = ()  # the next card is pile[0]
    discard: tuple[str, ...] = ()  # in the order drawn this stage
    stage: int = 1
    game_turn: int = 1
    phase: str = FIGURES
    start_seat: int = 0
    to_move: int | None = 0  # the seat to act, or None in the monster phase and at the end
    first_card_drawn: bool = False  # D9: the first-card rule applies once per game
    tiles_to_place: tuple[str, ...] = ()  # placement phase: tiles not yet placed
    seed: int = 0
    rng: int = 0
    version: int = 0
    escapes: int = 0  # figures escaped so far, to order them
    outcome: Outcome | None = None
    rules: int = RULES_VERSION  # the version of the rules this game is played under

    def player(self, seat: int) -> Player:
        """Return the player at ``seat``."""
        return self.players[seat]

    def colour_of(self, seat: int) -> str:
        """Return the colour played at ``seat``."""
        return self.players[seat].colour

    def seat_of(self, colour: str) -> int:
        """Return the seat playing ``colour``."""
        for p in self.players:
            if p.colour == colour:
                return p.seat
        raise UnknownFigure.said(N_("nobody plays %(colour)s in this game"), colour=colour)

    def figure_index(self, figure: FigureId) -> int:
        """Return the index of ``figure`` in ``figures``."""
        colour, number = figure.colour, figure.number
        for i, f in enumerate(self.figures):
            if f.number == number and f.colour == colour:
                return i
        raise UnknownFigure.said(N_("%(name)s is not in this game"), {"name": figure},
                                 figure=figure.key)

    def figure(self, figure: FigureId) -> Figure:
        """Return the figure named ``figure``."""
        return self.figures[self.figure_index(figure)]

    def figures_of(self, seat: int) -> tuple[Figure, ...]:
        """Return the figures of the player at ``seat``."""
        colour = self.players[seat].colour
        return tuple(f for f in self.figures if f.colour == colour)

    def stone_at(self, square: int) -> str | None:
        """Return the kind of stone on ``square``, if any."""
        for sq, kind in self.stones:
            if sq == square:
                return kind
        return None

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase == OVER


def direction_letter(direction: int) -> str:
    """Format a direction as N, E, S or W."""
    return DIRECTION_LETTERS[direction]
