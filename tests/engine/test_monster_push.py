"""The monster pushing (RULES §3.3 "Move"; D1, D11, D13, D15): lines, the edge, teleporters."""

from __future__ import annotations

from engine.state import BOARD, OUTSIDE
from tests.engine.helpers import fig, sq, stone_names
from tests.engine.monster_helpers import eaten, monster_position, trail, walk


def test_a_stone_ahead_is_pushed_one_square_for_each_step() -> None:
    t = walk(monster_position(monster="h6 E", stones=["i6"]), "5")
    assert trail(t.events, 1) == ["look h6: nothing", "step h6-i6", "push E stone i6-j6"]
    assert stone_names(t.state.stones) == ["n6"]
    assert t.state.monster.square == sq("m6")


def test_the_monster_pushes_the_unbroken_line_of_stones_and_figures_one_square_each() -> None:
    t = walk(monster_position({"red1": "j6", "red3": "l6"}, monster="h6 E",
                              stones=["i6", "k6"]), "5")
    assert trail(t.events, 1)[1:] == [
        "step h6-i6", "push E stone i6-j6 red1 j6-k6 stone k6-l6 red3 l6-m6"]
    assert eaten(t) == ["red3"]  # at the fifth push, red 3 in front goes off the board


def test_a_gap_ends_the_line_the_monster_pushes() -> None:
    t = walk(monster_position({"red1": "k6"}, monster="h6 E", stones=["i6"]), "5")
    assert trail(t.events, 1)[1:] == ["step h6-i6", "push E stone i6-j6"]
    assert trail(t.events, 2)[1:] == ["step i6-j6", "push E stone j6-k6 red1 k6-l6"]


def test_a_figure_hiding_behind_a_stone_is_pushed_along_not_eaten() -> None:
    t = walk(monster_position({"red1": "j6"}, monster="h6 E", stones=["i6"]), "5")
    assert eaten(t) == []
    assert t.state.figure(fig("red1")).square == sq("o6")


def test_a_stone_pushed_off_the_board_is_removed_from_the_game() -> None:
    t = walk(monster_position(monster="o6 E", stones=["p6"]), "5")
    assert trail(t.events, 1)[1:] == ["step o6-p6", "push E stone p6-x"]
    assert t.state.stones == ()


def test_a_figure_pushed_off_the_board_counts_as_eaten() -> None:
    t = walk(monster_position({"red1": "p6"}, monster="n6 E", stones=["o6"]), "5")
    assert trail(t.events, 1)[1:] == [
        "step n6-o6", "eat red1 p6 pushed_off", "push E stone o6-p6 red1 p6-x"]
    red1 = t.state.figure(fig("red1"))
    assert (red1.where, red1.times_eaten) == (OUTSIDE, 1)


def test_pieces_pushed_off_the_board_never_come_back_through_the_wall() -> None:
    t = walk(monster_position({"red1": "p6"}, monster="n6 E", stones=["o6"]), "5")
    assert trail(t.events, 2)[1:] == ["step o6-p6", "push E stone p6-x"]
    assert t.state.stones == ()
    assert [f.square for f in t.state.figures] == [None]


def test_a_stone_pushed_onto_a_teleporter_is_removed_from_the_game() -> None:
    t = walk(monster_position(monster="h6 E", stones=["i6"],
                              teleporters=["A j6 N", "A c2 S"]), "5")
    assert trail(t.events, 1)[1:] == ["step h6-i6", "push E stone i6-x"]
    assert t.state.stones == ()


def test_a_figure_pushed_onto_a_teleporter_counts_as_eaten_and_the_rest_move_one_square() -> None:
    t = walk(monster_position({"red1": "j6"}, monster="h6 E", stones=["i6"],
                              teleporters=["A k6 N", "A c2 S"]), "5")
    assert trail(t.events, 1)[1:] == [
        "step h6-i6", "eat red1 j6 teleporter", "push E stone i6-j6 red1 j6-x"]
    assert t.state.figure(fig("red1")).where == OUTSIDE


def test_d1_a_stone_the_monster_pushes_onto_a1_or_p11_is_removed() -> None:
    t = walk(monster_position(monster="c1 W", stones=["b1"]), "5")
    assert trail(t.events, 1)[1:] == ["step c1-b1", "push W stone b1-x"]
    assert t.state.stones == ()
    t = walk(monster_position(monster="n11 E", stones=["o11"]), "5")
    assert trail(t.events, 1)[1:] == ["step n11-o11", "push E stone o11-x"]
    assert t.state.stones == ()


def test_d13_a_figure_the_monster_pushes_onto_a1_stays_on_the_board() -> None:
    # After the push the monster sees blue 1 to the south and walks away from a1.
    state = monster_position({"red1": "b1", "blue1": "c4"}, monster="d1 W", stones=["c1"])
    t = walk(state, "5")
    assert trail(t.events, 1)[1:] == ["step d1-c1", "push W stone c1-b1 red1 b1-a1"]
    red1 = t.state.figure(fig("red1"))
    assert (red1.where, red1.square, red1.escaped_order) == (BOARD, sq("a1"), None)
    assert t.state.escapes == 0


def test_d11_a_line_pushed_onto_a_pool_its_front_piece_slides_and_the_rest_move_one() -> None:
    state = monster_position({"red1": "i6"}, monster="g6 E", stones=["h6"],
                             pools=["square j6 k6 j7 k7"])
    assert trail(walk(state, "5").events, 1)[1:] == [
        "step g6-h6", "push E stone h6-i6 red1 i6-l6"]


def test_d11_a_stone_in_front_slides_across_the_pool_too() -> None:
    state = monster_position(monster="h6 E", stones=["i6"], pools=["square j6 k6 j7 k7"])
    assert trail(walk(state, "5").events, 1)[1:] == ["step h6-i6", "push E stone i6-l6"]


def test_d11_the_front_piece_stops_on_the_furthest_free_pool_square() -> None:
    state = monster_position({"red1": "i6", "blue1": "l6"}, monster="g6 E", stones=["h6"],
                             pools=["square j6 k6 j7 k7"])
    assert trail(walk(state, "5").events, 1)[1:] == [
        "step g6-h6", "push E stone h6-i6 red1 i6-k6"]


def test_d11_the_pieces_behind_the_front_move_exactly_one_square_even_onto_the_pool() -> None:
    state = monster_position({"red1": "i6"}, monster="g6 E", stones=["h6"],
                             pools=["square i6 j6 i7 j7"])
    assert trail(walk(state, "5").events, 1)[1:] == [
        "step g6-h6", "push E stone h6-i6 red1 i6-k6"]


def test_d15_the_front_piece_stops_on_the_pool_before_a_stone() -> None:
    state = monster_position({"red1": "i6"}, monster="g6 E", stones=["h6", "l6"],
                             pools=["square j6 k6 j7 k7"])
    assert trail(walk(state, "5").events, 1)[1:] == [
        "step g6-h6", "push E stone h6-i6 red1 i6-k6"]


def test_d15_the_front_piece_stops_on_the_pool_before_a_teleporter_and_is_not_removed() -> None:
    state = monster_position({"red1": "i6"}, monster="g6 E", stones=["h6"],
                             pools=["square j6 k6 j7 k7"], teleporters=["A l6 N", "A c2 S"])
    t = walk(state, "5")
    assert trail(t.events, 1)[1:] == ["step g6-h6", "push E stone h6-i6 red1 i6-k6"]
    assert "eat red1 k6 teleporter" not in trail(t.events, 1)


def test_d15_the_front_piece_stops_on_the_pool_before_the_edge_and_is_not_removed() -> None:
    state = monster_position({"red1": "n6"}, monster="l6 E", stones=["m6"],
                             pools=["square o6 p6 o7 p7"])
    assert trail(walk(state, "5").events, 1)[1:] == [
        "step l6-m6", "push E stone m6-n6 red1 n6-p6"]


def test_the_pools_never_move() -> None:
    state = monster_position({"red1": "i6"}, monster="g6 E", stones=["h6"],
                             pools=["square j6 k6 j7 k7"])
    assert walk(state, "5").state.pools == state.pools
