"""Games of bots for the tests: every action checked against the view's legal listing.

A module of its own so that a process pool can run :func:`play_setting` (the hard level
thinks for about half a second a move).
"""

from __future__ import annotations

from typing import Any

from engine import action_from_dict, apply_action, new_game, player_view
from engine.bots import choose
from engine.monster_phase import resolve_monster_phase
from engine.options import Options
from engine.state import MONSTER, OVER, GameState

EXPERIENCED = Options(experienced=True)
SEATING = ("hard", "normal", "easy", "random", "easy", "random", "easy")
"""The levels of a game's seats, in seat order, for as many players as it has."""


def in_legal(action: dict[str, Any], legal: dict[str, Any]) -> bool:
    """True when ``action`` is one the view's ``legal`` listing offers."""
    if legal["kind"] == "placement":
        for tile in legal["tiles"]:
            if tile["tile"] != action["tile"]:
                continue
            if tile["arrows"] and action.get("arrow") not in tile["arrows"]:
                return False
            return any(place["square"] == action["square"]
                       and place["orientation"] == action.get("orientation")
                       for place in tile["squares"])
        return False
    for figure in legal["figures"]:
        if figure["figure"] != action["figure"]:
            continue
        if action["type"] == "flip":
            return bool(figure["can_flip"])
        return any(move["path"] == action["path"] for move in figure["moves"])
    return False


def play(levels: list[str], seed: int, options: Options | None = None,
         max_actions: int | None = None, seats: list[int] | None = None
         ) -> tuple[GameState, list[dict[str, Any]]]:
    """Play a game of bots (one level per seat), checking every action against the view's
    legal listing; return the last state and the actions in order (and append the seat of
    each to ``seats``, if given)."""
    state = new_game(len(levels), seed=seed, options=options)
    actions: list[dict[str, Any]] = []
    while state.phase != OVER and (max_actions is None or len(actions) < max_actions):
        if state.phase == MONSTER:
            state = resolve_monster_phase(state).state
            continue
        seat = state.to_move
        assert seat is not None
        view = player_view(state, seat)
        action = choose(view, levels[seat], seed * 7919 + state.version)
        assert in_legal(action, view["legal"]), (action, levels[seat])
        state = apply_action(state, action_from_dict(action), seat).state
        actions.append(action)
        if seats is not None:
            seats.append(seat)
    return state, actions


def setting_levels(players: int) -> list[str]:
    """Return the levels of a game of ``players`` in :func:`play_setting`."""
    return list(SEATING[:players])


def play_setting(setting: tuple[int, str]) -> tuple[bool, dict[str, int]]:
    """Play a whole game of ``setting`` (players, ``basic`` or ``experienced``) with the bots
    of :data:`SEATING`; return whether it ended, and how many actions each level chose."""
    players, variant = setting
    levels = setting_levels(players)
    seats: list[int] = []
    state, _ = play(levels, 60 + players, EXPERIENCED if variant == "experienced" else None,
                    seats=seats)
    moves: dict[str, int] = {}
    for seat in seats:
        moves[levels[seat]] = moves.get(levels[seat], 0) + 1
    return state.phase == OVER and state.outcome is not None, moves
