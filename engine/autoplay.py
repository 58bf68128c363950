"""Random legal play, for property tests, benchmarks and load generators.

A player here picks one of their movable figures at random, then one of its legal outcomes (or
a flip now and then); in the placement phase a random tile on a random allowed square.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.actions import Action, Flip, Move, Place, Transition
from engine.figure_phase import may_enter, movable_figures
from engine.game import apply_action
from engine.monster_phase import resolve_monster_phase
from engine.moves import legal_paths
from engine.options import Options
from engine.placement import legal_placements
from engine.search import SearchCache
from engine.setup import new_game
from engine.state import FIGURES, MONSTER, OUTSIDE, OVER, PLACEMENT, GameState


def random_action(state: GameState, rnd: random.Random, flip_chance: float = 0.05, *,
                  cache: SearchCache | None = None) -> Action:
    """Return a random legal action for the seat to act.

    ``cache``: the caller's, to remember the move search in, so that applying the move
    with the same cache (``apply_action(..., cache=cache)``) need not walk its path again.
    """
    seat = state.to_move
    if state.phase == PLACEMENT:
        tile = rnd.choice(sorted(set(state.tiles_to_place)))
        place = rnd.choice(legal_placements(state, tile))
        if place.arrow is not None:
            place = Place(place.tile, place.square, place.orientation, rnd.randrange(4))
        return place
    if state.phase != FIGURES or seat is None:
        raise ValueError(f"no player acts in the {state.phase} phase")
    figure = rnd.choice(movable_figures(state, seat))
    if figure.where == OUTSIDE and not may_enter(state, seat):
        return Flip(figure.id)
    paths = legal_paths(state, figure.id, cache=cache)
    if not paths or rnd.random() < flip_chance:
        return Flip(figure.id)
    return Move(figure.id, rnd.choice(paths))


def random_game(players: int | list[str], seed: int,
                options: Options | None = None) -> Iterator[tuple[Action | None, Transition]]:
    """Play a whole game at random; yield each (action, transition), None for monster phases."""
    rnd = random.Random(seed)
    cache = SearchCache()
    state = new_game(players, seed=seed, options=options)
    while state.phase != OVER:
        if state.phase == MONSTER:
            t = resolve_monster_phase(state)
            yield None, t
        else:
            action = random_action(state, rnd, cache=cache)
            t = apply_action(state, action, state.to_move, cache=cache)
            yield action, t
        state = t.state
