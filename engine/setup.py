"""Setting up a game for 2–7 players (RULES §2, §5)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.board import at, parse_square
from engine.cards import deck
from engine.errors import InvalidSetup
from engine.options import Options
from engine.placement import random_setup
from engine.rng import Rng, seed_state
from engine.state import (
    COLOURS,
    FIGURES,
    FOUR_FIGURE_COLOURS,
    NUMBERS_FOUR,
    NUMBERS_THREE,
    PLACEMENT,
    POOL_LONG,
    POOL_SQUARE,
    STONE,
    Figure,
    GameState,
    Monster,
    Player,
    Pool,
    evolve,
)
from engine.texts import N_

MIN_PLAYERS = 2
MAX_PLAYERS = 7

BASIC_STONES: tuple[int, ...] = tuple(
    parse_square(name)
    for name in ("c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10")
)
BASIC_POOLS: tuple[Pool, ...] = (
    Pool(POOL_SQUARE, (at(8, 2), at(9, 2), at(8, 3), at(9, 3))),
    Pool(POOL_LONG, (at(4, 8), at(5, 8), at(6, 8), at(7, 8))),
)
EXPERIENCED_TILES: tuple[str, ...] = (
    ("stone",) * 3 + ("crystal",) * 2 + ("turn_right",) * 4 + ("turn_180",) * 2
    + ("teleporter_A",) * 2 + ("teleporter_B",) * 2 + ("pool_square", "pool_long")
)
"""The 17 tiles of the experienced game, in the order they are offered."""

MONSTER_START = Monster(0, 1)  # on a1, facing east toward the letter M


def figure_numbers(player_count: int) -> tuple[int, ...]:
    """Return the coloured numbers each player gets: 1, 3, 4, 5 with 2–4 players, else 1, 4, 5."""
    return NUMBERS_FOUR if player_count <= 4 else NUMBERS_THREE


def allowed_colours(player_count: int) -> tuple[str, ...]:
    """Return the colours a game of this size may use (only 4-figure colours for 2–4)."""
    return FOUR_FIGURE_COLOURS if player_count <= 4 else COLOURS


def check_colours(colours: Sequence[str]) -> None:
    """Refuse a list of colours that cannot make a game."""
    n = len(colours)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise InvalidSetup.said(
            N_("Fearsome Floors is for 2-7 players, not %(players)s"), players=n)
    allowed = allowed_colours(n)
    for c in colours:
        if c not in allowed:
            raise InvalidSetup.said(
                N_("%(colour)r cannot be played with %(players)s players "
                   "(choose from %(colours)s)"),
                {"players": n, "colours": ", ".join(allowed)}, colour=c)
    if len(set(colours)) != n:
        raise InvalidSetup.said(N_("each player needs a different colour, got %(colours)s"),
                                {"colours": list(colours)})


def _draw_start(rng: Rng, players: int) -> int:
    """Draw the start player, the first thing a game's generator does."""
    return rng.below(players)


def start_player(seed: int, players: int, chosen: int | None = None) -> int:
    """Return the seat that starts a game of ``players`` made from ``seed``: ``chosen``, or
    the one the seed draws (the first to move, or in the experienced game the first to
    place a tile)."""
    return chosen if chosen is not None else _draw_start(Rng(seed_state(seed)), players)


def new_game(
    players: int | Sequence[str],
    *,
    seed: int,
    options: Options | None = None,
    start_seat: int | None = None,
) -> GameState:
    """Return a new game for ``players`` (a count, or colours in seat order).

    The start player is ``start_seat`` or drawn from the seed; then the pile is shuffled. In
    the experienced game the game begins with the placement phase, whose first player is the
    start player; with ``random_setup`` the tiles are placed from the seed at once.
    """
    options = options or Options()
    if isinstance(players, int):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidSetup.said(N_("Fearsome Floors is for 2-7 players, not %(players)s"),
                                    {"players": players})
        colours: Sequence[str] = allowed_colours(players)[:players]
    else:
        colours = list(players)
    check_colours(colours)
    n = len(colours)
    options.check(n)
    if start_seat is not None and not (isinstance(start_seat, int) and 0 <= start_seat < n):
        raise InvalidSetup.said(N_("start seat %(seat)r is not a seat (0..%(last)s)"),
                                {"seat": start_seat, "last": n - 1})
    rng = Rng(seed_state(seed))
    start = _draw_start(rng, n) if start_seat is None else start_seat
    pile = list(deck(options.three_hits))
    rng.shuffle(pile)
    state = GameState(
        players=tuple(Player(i, c) for i, c in enumerate(colours)),
        figures=tuple(Figure(c, num) for c in colours for num in figure_numbers(n)),
        stones=tuple((sq, STONE) for sq in sorted(BASIC_STONES)),
        pools=BASIC_POOLS,
        monster=MONSTER_START,
        options=options,
        pile=tuple(pile),
        phase=FIGURES,
        start_seat=start,
        to_move=start,
        seed=seed,
        rng=rng.state,
    )
    if not options.experienced:
        return state
    state = GameState(
        players=state.players, figures=state.figures, monster=MONSTER_START, options=options,
        pile=state.pile, phase=PLACEMENT, start_seat=start, to_move=start,
        tiles_to_place=EXPERIENCED_TILES, seed=seed, rng=state.rng,
    )
    if options.random_setup:
        state = evolve(random_setup(state), version=0)
    return state
