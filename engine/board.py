"""The board: 156 squares, their names, neighbours, walls and the monster's wrap (RULES §1).

A square is an ``int`` index ``y * 16 + x``; ``x`` is the column 0..15 (letters ``a``..``p``),
``y`` the row 0..10 (numbers ``1``..``11``) as the board is printed. Directions are the ints
``N, E, S, W`` = 0..3; a right turn is ``(d + 1) % 4``.
"""

from __future__ import annotations

from engine.errors import InvalidSquare
from engine.texts import N_

WIDTH = 16
HEIGHT = 11

N, E, S, W = 0, 1, 2, 3
DIRECTIONS = (N, E, S, W)
DIRECTION_LETTERS = "NESW"
DIRECTION_NAMES = ("north", "east", "south", "west")
_DX = (0, 1, 0, -1)
_DY = (-1, 0, 1, 0)

# Squares cut off by the two staircases (RULES §1): (row, first x, last x).
_CUT = ((0, 12, 15), (1, 13, 15), (2, 14, 15), (3, 15, 15),
        (7, 0, 0), (8, 0, 1), (9, 0, 2), (10, 0, 3))


def _is_cut(x: int, y: int) -> bool:
    return any(row == y and lo <= x <= hi for row, lo, hi in _CUT)


SQUARES: tuple[int, ...] = tuple(
    y * WIDTH + x for y in range(HEIGHT) for x in range(WIDTH) if not _is_cut(x, y)
)
ON_BOARD: frozenset[int] = frozenset(SQUARES)

EXIT = 0  # a1, the corner by the exit
ENTRANCE = 10 * WIDTH + 15  # p11, the first square inside the entrance
CORNERS = frozenset((EXIT, ENTRANCE))


def xy(square: int) -> tuple[int, int]:
    """Return the (x, y) coordinates of a square index."""
    return square % WIDTH, square // WIDTH


def at(x: int, y: int) -> int:
    """Return the square at (x, y), or -1 when that is not on the board."""
    return _AT.get((x, y), -1)


_AT: dict[tuple[int, int], int] = {xy(square): square for square in SQUARES}


def _neighbour_table() -> tuple[tuple[int, int, int, int], ...]:
    table = []
    for square in range(WIDTH * HEIGHT):
        x, y = xy(square)
        north, east, south, west = (at(x + _DX[d], y + _DY[d]) for d in DIRECTIONS)
        table.append((north, east, south, west))
    return tuple(table)


NEIGHBOURS: tuple[tuple[int, int, int, int], ...] = _neighbour_table()
"""``NEIGHBOURS[square][d]``: the square one step in direction ``d``, or -1 past a wall."""


def neighbour(square: int, direction: int) -> int:
    """Return the square one step from ``square`` in ``direction``, or -1 past a wall."""
    return NEIGHBOURS[square][direction]


def wrap(square: int) -> int:
    """Return where the monster arrives when it walks through a wall from ``square``.

    Every wall segment's twin is its half-turn image, so leaving from (x, y) in any direction
    arrives on (15 - x, 10 - y), keeping the facing (RULES §1).

    >>> square_name(wrap(parse_square("l1")))  # through wall M
    'e11'
    """
    x, y = xy(square)
    return at(WIDTH - 1 - x, HEIGHT - 1 - y)


def turn_right(direction: int) -> int:
    """Return the direction after a clockwise quarter turn."""
    return (direction + 1) % 4


def turn_left(direction: int) -> int:
    """Return the direction after an anticlockwise quarter turn."""
    return (direction + 3) % 4


def turn_back(direction: int) -> int:
    """Return the opposite direction."""
    return (direction + 2) % 4


def square_name(square: int) -> str:
    """Format a square index as its name, ``a1`` .. ``p11``.

    >>> square_name(0), square_name(ENTRANCE), square_name(at(7, 4))
    ('a1', 'p11', 'h5')
    """
    name = _NAMES.get(square) if type(square) is int else None
    if name is None:
        raise InvalidSquare.said(N_("%(square)r is not a square on the board"), {"square": square})
    return name


def parse_square(name: str) -> int:
    """Parse a square name such as ``h5`` (case and surrounding spaces ignored).

    >>> parse_square("H5") == at(7, 4)
    True
    >>> parse_square("a11")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidSquare: 'a11' is not a square on the board (a1..p11, minus the staircases)
    """
    if type(name) is str:
        square = _BY_NAME.get(name)  # the usual case: a name as square_name writes it
        if square is not None:
            return square
    text = name.strip().lower() if isinstance(name, str) else ""
    if len(text) >= 2 and "a" <= text[0] <= "p" and text[1:].isdigit():
        row = int(text[1:])
        if 1 <= row <= HEIGHT and str(row) == text[1:]:
            square = at(ord(text[0]) - ord("a"), row - 1)
            if square >= 0:
                return square
    raise InvalidSquare.said(
        N_("%(name)r is not a square on the board (a1..p11, minus the staircases)"), {"name": name})


_NAMES: dict[int, str] = {sq: f"{'abcdefghijklmnop'[sq % WIDTH]}{sq // WIDTH + 1}"
                          for sq in SQUARES}
_BY_NAME: dict[str, int] = {name: sq for sq, name in _NAMES.items()}


def parse_direction(letter: str) -> int:
    """Parse a direction letter ``N``/``E``/``S``/``W`` (any case)."""
    index = DIRECTION_LETTERS.find(letter.strip().upper()) if len(letter.strip()) == 1 else -1
    if index < 0:
        raise InvalidSquare.said(
            N_("%(letter)r is not a direction (N, E, S or W)"), {"letter": letter})
    return index


def _wall_letters() -> dict[tuple[int, int], str]:
    """Map (square, side) of every wall segment to its letter (RULES §1 table)."""
    letters: dict[tuple[int, int], str] = {}

    def pair(letter: str, square: int, side: int) -> None:
        letters[(square, side)] = letter
        letters[(wrap(square), turn_back(side))] = letter

    for c in range(12):
        pair("ABCDEFGHIJKL"[c], at(c, 0), N)
    pair("M", at(11, 0), E)
    pair("N", at(12, 1), N)
    pair("O", at(12, 1), E)
    pair("P", at(13, 2), N)
    pair("Q", at(13, 2), E)
    pair("R", at(14, 3), N)
    pair("S", at(14, 3), E)
    pair("T", at(15, 4), N)
    for i, letter in enumerate("UVWXYZ"):
        pair(letter, at(15, 4 + i), E)
    pair("*", at(15, 10), E)
    return letters


WALL_LETTERS: dict[tuple[int, int], str] = _wall_letters()
"""``WALL_LETTERS[(square, side)]``: the letter printed on that wall segment (``*`` is the star)."""


def is_edge(square: int) -> bool:
    """Return True when the square borders at least one wall segment."""
    return any(NEIGHBOURS[square][d] < 0 for d in DIRECTIONS)
