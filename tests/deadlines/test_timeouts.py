"""engine.timeouts: the action taken for a seat whose time has run out."""

from __future__ import annotations

import pytest

import engine
from engine import Flip, GameState, Options, Place, apply_action, new_game, parse_action
from engine.timeouts import timeout_action


def figures_outside(state: GameState, colour: str) -> int:
    return sum(1 for f in state.figures if f.colour == colour and f.where == "outside")


def test_in_the_first_game_turn_it_flips_a_waiting_figure_and_nothing_enters() -> None:
    game = new_game(["red", "blue"], seed=3, start_seat=0)
    action = timeout_action(game)
    assert action == Flip(engine.FigureId("red", 1))
    after = apply_action(game, action, seat=0)
    assert figures_outside(after.state, "red") == 4
    assert after.state.figure(action.figure).value == 6  # turned over: 1 becomes 6
    assert after.state.to_move == 1
    assert [e["type"] for e in after.events] == ["flip"]


def test_it_flips_the_lowest_numbered_figure_that_has_not_moved_yet() -> None:
    game = new_game(["red", "blue"], seed=3, start_seat=0)
    game = apply_action(game, parse_action("red 1 +", game), seat=0).state
    game = apply_action(game, timeout_action(game), seat=1).state
    assert timeout_action(game) == Flip(engine.FigureId("red", 3))


def test_in_the_placement_phase_it_places_the_next_tile_where_it_may_lie() -> None:
    game = new_game(["red", "blue"], seed=3, start_seat=0, options=Options(experienced=True))
    assert game.phase == "placement"
    action = timeout_action(game)
    assert isinstance(action, Place) and action.tile == game.tiles_to_place[0]
    after = apply_action(game, action, seat=0).state
    assert len(after.tiles_to_place) == len(game.tiles_to_place) - 1
    assert after.to_move == 1


def test_nobody_times_out_in_the_monster_phase() -> None:
    game = new_game(["red", "blue"], seed=3, start_seat=0)
    while game.phase == "figures":
        game = apply_action(game, timeout_action(game)).state
    assert game.phase == "monster"
    with pytest.raises(engine.WrongPhase):
        timeout_action(game)
