"""The experienced game's set-up: the 17 tiles placed one at a time (RULES §5, §7; D7)."""

from __future__ import annotations

from typing import Any

from engine.actions import Place, Transition
from engine.board import (
    DIRECTION_LETTERS,
    ENTRANCE,
    EXIT,
    NEIGHBOURS,
    SQUARES,
    at,
    is_edge,
    square_name,
    wrap,
    xy,
)
from engine.errors import IllegalPlacement
from engine.events import PHASE, PLACE
from engine.rng import Rng
from engine.state import (
    FIGURES,
    PLACEMENT,
    POOL_LONG,
    POOL_SQUARE,
    STONE_KINDS,
    GameState,
    Pool,
    Teleporter,
    evolve,
)
from engine.texts import N_
from engine.turn import acting_seat

NO_TILE_ZONE = frozenset(
    (EXIT, NEIGHBOURS[EXIT][1], NEIGHBOURS[EXIT][2],
     ENTRANCE, NEIGHBOURS[ENTRANCE][0], NEIGHBOURS[ENTRANCE][3])
)
"""a1, b1, a2 and p11, p10, o11: nothing may be placed there (D7; b2 and o10 are allowed)."""

TILE_NAMES = (*STONE_KINDS, "teleporter_A", "teleporter_B", "pool_square", "pool_long")


def _refuse(reason: str, template: str, place: Place, **words: Any) -> IllegalPlacement:
    # The template is filled from ``words`` and the details, %(tile)s and %(square)s.
    return IllegalPlacement.because(reason, template, words, tile=place.tile,
                                    square=square_name(place.square))


def tile_squares(place: Place) -> list[int]:
    """Return the squares a placement covers (-1 for any off the board)."""
    x, y = xy(place.square)
    if place.tile == "pool_square":
        return [at(x, y), at(x + 1, y), at(x, y + 1), at(x + 1, y + 1)]
    if place.tile == "pool_long":
        if place.orientation == "h":
            return [at(x + i, y) for i in range(4)]
        return [at(x, y + i) for i in range(4)]
    return [place.square]


def _covered(state: GameState) -> set[int]:
    taken = {sq for sq, _ in state.stones}
    taken.update(t.square for t in state.teleporters)
    taken.update(sq for p in state.pools for sq in p.squares)
    return taken


def check_placement(state: GameState, place: Place,
                    taken: set[int] | None = None) -> list[int]:
    """Return the squares ``place`` covers, or raise ``IllegalPlacement`` saying why not.

    ``taken``: the squares tiles already cover, when the caller checks many placements.
    """
    if place.tile not in TILE_NAMES:
        raise _refuse("unknown_tile", N_("%(tile)r is not a tile (%(tiles)s)"), place,
                      tiles=", ".join(TILE_NAMES))
    if place.tile not in state.tiles_to_place:
        raise _refuse("not_available", N_("no %(tile)s tile is left to place"), place)
    teleporter = place.tile.startswith("teleporter_")
    if teleporter and place.arrow is None:
        raise _refuse("arrow", N_("a teleporter needs an arrow (N, E, S or W)"), place)
    if not teleporter and place.arrow is not None:
        raise _refuse("arrow", N_("only teleporters carry an arrow, not a %(tile)s"), place)
    if place.tile == "pool_long" and place.orientation not in ("h", "v"):
        raise _refuse("orientation", N_("the long pool lies horizontal (h) or vertical (v)"), place)
    if place.tile != "pool_long" and place.orientation is not None:
        raise _refuse("orientation", N_("a %(tile)s has no orientation"), place)
    squares = tile_squares(place)
    if any(sq < 0 for sq in squares):
        raise _refuse("off_board", N_("a %(tile)s at %(square)s would not lie fully on the board"),
                      place)
    forbidden = [square_name(sq) for sq in squares if sq in NO_TILE_ZONE]
    if forbidden:
        raise _refuse("no_tile_zone",
                      N_("nothing may be placed on %(squares)s: the corners a1 and p11 and their "
                         "orthogonal neighbours stay free (D7)"),
                      place, squares=", ".join(forbidden))
    if taken is None:
        taken = _covered(state)
    overlap = [square_name(sq) for sq in squares if sq in taken]
    if overlap:
        raise _refuse("overlap", N_("%(squares)s already holds a tile"), place,
                      squares=", ".join(overlap))
    if teleporter:
        others = {t.square for t in state.teleporters}
        if any(NEIGHBOURS[place.square][d] in others for d in range(4)):
            raise _refuse("teleporters_adjacent",
                          N_("a teleporter on %(square)s would be next to another teleporter"),
                          place)
        if (state.options.online_teleporter_rule and is_edge(place.square)
                and wrap(place.square) in others):
            raise _refuse("twin_wall",
                          N_("a teleporter already stands by the twin wall of %(square)s, on "
                             "%(twin)s (online placement rule)"), place,
                          twin=square_name(wrap(place.square)))
        if state.options.open_exit and seals_exit(others, place.square):
            raise _refuse("seals_exit",
                          N_("a teleporter on %(square)s would wall off the exit: no figure could "
                             "walk from p11 to a1 any more (the rule against sealed doors)"), place)
    return squares


def walk_to_exit(teleporters: set[int]) -> list[int] | None:
    """Return the squares of a shortest walk from ``p11`` to ``a1`` that no teleporter blocks
    (teleporters are walls for figures; pools are crossed, stones pushed away), or None.
    """
    came_from = {ENTRANCE: ENTRANCE}
    frontier = [ENTRANCE]
    while frontier and EXIT not in came_from:
        reached = []
        for square in frontier:
            for neighbour in NEIGHBOURS[square]:
                if neighbour >= 0 and neighbour not in came_from and neighbour not in teleporters:
                    came_from[neighbour] = square
                    reached.append(neighbour)
        frontier = reached
    if EXIT not in came_from:
        return None
    walk = [EXIT]
    while walk[-1] != ENTRANCE:
        walk.append(came_from[walk[-1]])
    return walk


def seals_exit(teleporters: set[int], square: int) -> bool:
    """True when a teleporter on ``square``, beside ``teleporters``, leaves no walk from the
    entrance to the exit (the option against sealed doors)."""
    walk = walk_to_exit(teleporters)
    if walk is None:  # sealed already (the option was not on for the earlier tiles)
        return False
    # A square off this one walk leaves it open; only a square on it can close every walk.
    return square in walk and walk_to_exit({*teleporters, square}) is None


def apply_placement(state: GameState, place: Place, actor: int) -> Transition:
    """Place one tile for ``actor``; after the last tile the figure phase begins.

    ``actor`` is the seat to act in the placement phase (the caller checks it:
    :func:`engine.turn.acting_seat`).
    """
    squares = check_placement(state, place)
    stones, pools, teleporters = state.stones, state.pools, state.teleporters
    if place.tile in STONE_KINDS:
        stones = tuple(sorted((*stones, (place.square, place.tile))))
    elif place.arrow is not None:  # a teleporter: check_placement gives every one an arrow
        teleporters = (*teleporters, Teleporter(place.tile[-1], place.square, place.arrow))
    else:
        kind = POOL_SQUARE if place.tile == "pool_square" else POOL_LONG
        pools = (*pools, Pool(kind, tuple(sorted(squares))))
    left = list(state.tiles_to_place)
    left.remove(place.tile)
    event: dict[str, Any] = {"type": PLACE, "seat": actor, "tile": place.tile,
                             "square": square_name(place.square),
                             "squares": [square_name(sq) for sq in squares]}
    if place.arrow is not None:
        event["arrow"] = DIRECTION_LETTERS[place.arrow]
    if place.orientation is not None:
        event["orientation"] = place.orientation
    events = [event]
    n = len(state.players)
    nxt = (actor + 1) % n
    state = evolve(state, stones=stones, pools=pools, teleporters=teleporters,
                    tiles_to_place=tuple(left), to_move=nxt, version=state.version + 1)
    if not left:
        state = evolve(state, phase=FIGURES, start_seat=nxt, to_move=nxt)
        events.append({"type": PHASE, "phase": FIGURES, "start_seat": nxt})
    return Transition(state, tuple(events))


def legal_placements(state: GameState, tile: str) -> list[Place]:
    """Return every allowed placement of ``tile`` now (teleporters listed with arrow N only)."""
    orientations = ("h", "v") if tile == "pool_long" else (None,)
    arrow = 0 if tile.startswith("teleporter_") else None
    found = []
    taken = _covered(state)
    for sq in SQUARES:
        for o in orientations:
            place = Place(tile, sq, o, arrow)
            try:
                check_placement(state, place, taken)
            except IllegalPlacement:
                continue
            found.append(place)
    return found


def random_setup(state: GameState) -> GameState:
    """Place all remaining tiles from the game's seed under the same limits, seat by seat."""
    rng = Rng(state.rng)
    while state.phase == PLACEMENT:
        tile = state.tiles_to_place[0]
        options = legal_placements(state, tile)
        place = rng.choice(options)
        if place.arrow is not None:
            place = evolve(place, arrow=rng.below(4))
        state = apply_placement(state, place, acting_seat(state, None, PLACEMENT)).state
    return evolve(state, rng=rng.state)
