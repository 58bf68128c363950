"""The first game turn (RULES §3.1, D23): at most two figures enter per player."""

from __future__ import annotations

import pytest

from engine.actions import Flip, Move
from engine.errors import IllegalMove
from engine.figure_phase import legal_moves
from engine.game import apply_action
from engine.setup import new_game
from engine.state import BOARD, MONSTER, OUTSIDE, GameState
from tests.engine.helpers import fig, position


def enter(state: GameState, figure: str, path: str = "+") -> tuple[GameState, list[dict]]:
    """Enter ``figure`` for the seat to act; return the new state and the events."""
    t = apply_action(state, Move(fig(figure), path))
    return t.state, list(t.events)


def test_once_a_player_has_entered_two_figures_the_rest_are_flipped_automatically() -> None:
    state = new_game(["red", "blue"], seed=1, start_seat=0)
    state, _ = enter(state, "red5", "+WW")
    state = apply_action(state, Flip(fig("blue1"))).state
    state, events = enter(state, "red4", "+N")
    assert [e["type"] for e in events] == ["move", "flip", "flip"]
    assert events[1:] == [
        {"type": "flip", "seat": 0, "figure": "red1", "shows": 6, "automatic": True},
        {"type": "flip", "seat": 0, "figure": "red3", "shows": 4, "automatic": True},
    ]
    for name in ("red1", "red3"):
        waiting = state.figure(fig(name))
        assert (waiting.where, waiting.black, waiting.moved) == (OUTSIDE, True, True)


def test_a_player_who_entered_two_figures_is_skipped_for_the_rest_of_the_turn() -> None:
    state = new_game(["red", "blue"], seed=1, start_seat=0)
    state, _ = enter(state, "red5", "+WW")
    state, _ = enter(state, "blue5", "+N")
    state, _ = enter(state, "red4", "+W")
    assert state.to_move == 1
    state, _ = enter(state, "blue4", "+WN")
    assert state.phase == MONSTER


def test_a_player_may_flip_a_waiting_figure_instead_of_entering_it() -> None:
    state = new_game(["red", "blue"], seed=1, start_seat=0)
    state = apply_action(state, Flip(fig("red1"))).state
    assert state.figure(fig("red1")).where == OUTSIDE
    state = apply_action(state, Flip(fig("blue1"))).state
    state, events = enter(state, "red5", "+WW")
    assert len(events) == 1  # one figure entered so far: nothing is flipped for red yet
    state = apply_action(state, Flip(fig("blue3"))).state
    state, events = enter(state, "red4", "+N")
    assert [e["figure"] for e in events if e.get("automatic")] == ["red3"]


def test_a_player_may_enter_fewer_than_two_figures() -> None:
    state = new_game(["red", "blue"], seed=1, start_seat=0)
    for name in ("1", "3", "4", "5"):
        state = apply_action(state, Flip(fig("red" + name))).state
        state = apply_action(state, Flip(fig("blue" + name))).state
    assert state.phase == MONSTER
    assert all(f.where == OUTSIDE and f.black for f in state.figures)


def test_a_third_figure_may_not_enter_in_the_first_game_turn() -> None:
    # A hand-written position where the third figure was not flipped automatically.
    state = position({"red5": "n11 black moved", "red4": "p10 black moved", "red1": "outside",
                      "blue1": "h8"}, game_turn=1)
    assert legal_moves(state, 0)["red1"] == []
    with pytest.raises(IllegalMove) as caught:
        apply_action(state, Move(fig("red1"), "+"), 0)
    assert (caught.value.details["step"], caught.value.details["reason"]) == (
        1, "first_turn_limit")
    assert apply_action(state, Flip(fig("red1")), 0).state.figure(fig("red1")).black


def test_the_limit_counts_figures_entered_in_this_game_turn_only_d23() -> None:
    # Game turn 2: three figures wait outside (eaten in turn 1) and all may enter.
    state = position({"red1": "outside", "red3": "outside", "red4": "outside",
                      "red5": "h6", "blue1": "h8 moved"}, game_turn=2)
    for name, path in (("red1", "+"), ("red3", "+W"), ("red4", "+N")):
        state, events = enter(state, name, path)
        assert not any(e.get("automatic") for e in events)
    assert state.figure(fig("red4")).where == BOARD


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_after_the_first_figure_phase_nobody_has_more_than_two_figures_inside(
    players: int,
) -> None:
    state = new_game(players, seed=players, start_seat=0)
    while state.phase != MONSTER:
        moves = legal_moves(state, state.to_move)
        figure, outcomes = next((k, v) for k, v in moves.items() if v)
        state, _ = enter(state, figure, outcomes[-1].path)
    for p in state.players:
        inside = [f for f in state.figures_of(p.seat) if f.where == BOARD]
        assert len(inside) == 2
    assert all(f.black and f.moved for f in state.figures)


def test_with_five_to_seven_players_the_third_figure_is_flipped_after_two_entries() -> None:
    state = new_game(5, seed=2, start_seat=0)
    colour = state.colour_of(0)
    assert [f.number for f in state.figures_of(0)] == [1, 4, 5]
    state, _ = enter(state, f"{colour}5", "+WW")
    for seat in range(1, 5):
        state = apply_action(state, Flip(fig(f"{state.colour_of(seat)}1"))).state
    state, events = enter(state, f"{colour}4", "+N")
    assert [e["figure"] for e in events if e.get("automatic")] == [f"{colour}1"]
