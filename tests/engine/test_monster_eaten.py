"""What becomes of eaten figures (RULES §3.3 "Eaten figures"; D8, D22)."""

from __future__ import annotations

from engine import legal_moves, legal_outcomes
from engine.state import OUTSIDE, REMOVED
from tests.engine.helpers import fig
from tests.engine.monster_helpers import monster_position, of_type, walk

STAGE_2 = {"stage": 2, "pile": ["5", "7", "7", "8", "10", "1hit", "2hits"], "discard": ["8"]}


def test_d8_in_stage_1_an_eaten_figure_goes_back_outside_without_being_flipped() -> None:
    state = monster_position({"red1": "i6 black", "red3": "k6"}, monster="h6 E")
    t = walk(state, "5")
    red1, red3 = t.state.figure(fig("red1")), t.state.figure(fig("red3"))
    assert (red1.where, red1.square, red1.black, red1.value) == (OUTSIDE, None, True, 6)
    assert (red3.where, red3.square, red3.black, red3.value) == (OUTSIDE, None, False, 3)
    assert of_type(t.events, "monster_done")[0]["fate"] == "outside"


def test_in_stage_1_an_eaten_figure_may_enter_again_in_the_next_game_turn() -> None:
    state = monster_position({"red1": "i6", "blue1": "c3"}, monster="h6 E", game_turn=3)
    t = walk(state, "5")
    assert t.state.game_turn == 4
    red1 = t.state.figure(fig("red1"))
    assert (red1.in_play, red1.moved) == (True, False)
    moves = legal_outcomes(t.state, fig("red1"))
    assert moves and all(m.path.startswith("+") for m in moves)


def test_in_stage_2_an_eaten_figure_is_out_of_the_game_for_good() -> None:
    state = monster_position({"red1": "i6", "red3": "c3"}, monster="h6 E", start_seat=1,
                             **STAGE_2)
    t = walk(state, "5")
    red1 = t.state.figure(fig("red1"))
    assert (red1.where, red1.square, red1.in_play) == (REMOVED, None, False)
    assert of_type(t.events, "monster_done")[0]["fate"] == "removed"
    assert t.state.to_move == t.state.seat_of("red")  # red 3 is left to move, red 1 is not
    assert list(legal_moves(t.state, t.state.seat_of("red"))) == ["red3"]


def test_in_stage_2_a_figure_pushed_off_the_board_is_out_of_the_game_for_good() -> None:
    state = monster_position({"red1": "p6", "red3": "c3"}, monster="n6 E", stones=["o6"],
                             **STAGE_2)
    t = walk(state, "5")
    assert t.state.figure(fig("red1")).where == REMOVED


def test_d22_each_meal_adds_one_to_the_times_the_figure_was_eaten() -> None:
    state = monster_position({"red1": {"square": "i6", "times_eaten": 2}}, monster="h6 E")
    assert walk(state, "5").state.figure(fig("red1")).times_eaten == 3


def test_figures_the_monster_does_not_reach_stay_where_they_are_with_their_face() -> None:
    state = monster_position({"red1": "i6", "blue4": "c9 black moved"}, monster="h6 E")
    blue4 = walk(state, "5").state.figure(fig("blue4"))
    assert (blue4.square, blue4.black, blue4.times_eaten) == (state.figure(fig("blue4")).square,
                                                             True, 0)
