"""The player view: the state as a player may see it (boardgame.io's ``playerView``).

Everything is public in Fearsome Floors except the order of the monster pile and the random
generator behind it, so the view drops ``pile``, ``seed`` and ``rng`` and keeps only how many
cards are left. It adds what the player to act may do, so clients need no rules.
"""

from __future__ import annotations

from typing import Any

from engine.board import DIRECTION_LETTERS, square_name
from engine.figure_phase import figures_to_act
from engine.moves import outcome_dicts
from engine.placement import legal_placements
from engine.position import state_to_dict
from engine.state import FIGURES, PLACEMENT, GameState

SECRET_FIELDS = ("pile", "seed", "rng")


def player_view(state: GameState, seat: int | None = None) -> dict[str, Any]:
    """Return what ``seat`` (None: a spectator) may see, with the legal actions of the actor."""
    view = state_to_dict(state)
    for key in SECRET_FIELDS:
        del view[key]
    view["cards_left"] = len(state.pile)
    view["viewer"] = seat
    view["legal"] = legal_actions(state)
    return view


def legal_actions(state: GameState) -> dict[str, Any]:
    """Return what the seat to act may do now, as JSON-ready data.

    Figure phase: per movable figure, whether it may flip and every move outcome with its
    canonical path. Placement phase: per tile left, the squares (and long-pool orientations)
    where it may go; teleporters take any arrow.
    """
    seat = state.to_move
    if seat is None:
        return {"seat": None, "kind": None}
    if state.phase == FIGURES:
        figures = []
        for figure, may_move in figures_to_act(state, seat):  # as legal_moves, in its order
            figures.append({
                "figure": figure.id.key,
                "shows": figure.value,
                "where": square_name(figure.square) if figure.square is not None else figure.where,
                "can_flip": True,
                "moves": outcome_dicts(state, figure.id) if may_move else [],
            })
        return {"seat": seat, "kind": "figure", "figures": figures}
    if state.phase == PLACEMENT:
        tiles = []
        for tile in dict.fromkeys(state.tiles_to_place):
            places = legal_placements(state, tile)
            tiles.append({
                "tile": tile,
                "left": state.tiles_to_place.count(tile),
                "squares": [
                    {"square": square_name(p.square), "orientation": p.orientation}
                    for p in places
                ],
                "arrows": list(DIRECTION_LETTERS) if tile.startswith("teleporter_") else [],
            })
        return {"seat": seat, "kind": "placement", "tiles": tiles}
    return {"seat": seat, "kind": None}
