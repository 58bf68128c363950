"""Turning stones and the monster (RULES §3.4, the tile table; D3, D4 as revised: only a loop
stops the monster; games under rules version 1 keep "four turns").

The monster stands on h6 facing east with a turning stone ahead on i6 unless a test says
otherwise.
"""

from __future__ import annotations

import pytest

from engine import narrate_monster, state_from_dict
from engine.board import N
from tests.engine.helpers import sq, stone_names
from tests.engine.monster_helpers import eaten, monster_position, of_type, trail, walk


def test_a_right_turning_stone_turns_the_monster_clockwise_and_it_moves_with_that_point() -> None:
    t = walk(monster_position(monster="h6 E", stones=["i6 turn_right"]), "5")
    assert trail(t.events, 1) == [
        "look h6: nothing", "turning_stone i6 turn_right -> S", "step h6-h7"]


def test_a_180_turning_stone_sends_the_monster_back_the_way_it_came() -> None:
    t = walk(monster_position(monster="h6 E", stones=["i6 turn_180"]), "5")
    assert trail(t.events, 1) == [
        "look h6: nothing", "turning_stone i6 turn_180 -> W", "step h6-g6"]


def test_the_monster_never_pushes_a_turning_stone_ahead_of_it() -> None:
    t = walk(monster_position(monster="h6 E", stones=["i6 turn_right"]), "5")
    assert of_type(t.events, "push") == []
    assert stone_names(t.state.stones) == ["i6"]


def test_d3_a_figure_seen_to_the_left_turns_the_monster_before_the_stone_can() -> None:
    t = walk(monster_position({"red1": "h3"}, monster="h6 E", stones=["i6 turn_right"]), "5")
    assert trail(t.events, 1) == ["look h6: red1 N3 -> N", "step h6-h5"]


def test_d3_the_stone_acts_when_figures_left_and_right_are_equally_far() -> None:
    t = walk(monster_position({"red1": "h4", "red3": "h8"}, monster="h6 E",
                              stones=["i6 turn_right"]), "5")
    assert trail(t.events, 1) == [
        "look h6: red1 N2, red3 S2", "turning_stone i6 turn_right -> S", "step h6-h7"]


@pytest.mark.parametrize(("tiles", "after_the_turn"), [
    ({"figures": {"red1": "g6"}}, ["step h6-g6", "eat red1 g6 caught"]),
    ({"stones": ["g6"]}, ["step h6-g6", "push W stone g6-f6"]),
    ({"pools": ["square f6 g6 f7 g7"]}, ["step h6-g6", "slide g6-f6", "slide f6-e6"]),
    ({"teleporters": ["A g6 N", "A c3 S"]}, ["step h6-g6", "teleport g6-c3 S"]),
    ({"stones": ["g6 turn_right"]}, ["turning_stone g6 turn_right -> N", "step h6-h5"]),
], ids=["eat", "push", "slide", "teleport", "another_turning_stone"])
def test_d4_after_a_turn_the_square_in_the_new_direction_is_entered_like_any_step(
    tiles: dict, after_the_turn: list[str]
) -> None:
    stones = ["i6 turn_180", *tiles.pop("stones", [])]
    state = monster_position(tiles.pop("figures", {}), monster="h6 E", stones=stones, **tiles)
    assert trail(walk(state, "5").events, 1)[1:] == [
        "turning_stone i6 turn_180 -> W", *after_the_turn]


def test_d4_after_a_turn_the_monster_may_walk_through_the_wall() -> None:
    t = walk(monster_position(monster="a6 E", stones=["b6 turn_180"]), "5")
    assert trail(t.events, 1)[1:] == [
        "turning_stone b6 turn_180 -> W", "wall a6-p6 V", "step a6-p6"]


def test_d4_a_figure_behind_the_monster_is_eaten_after_a_180_turn_though_it_was_not_seen() -> None:
    t = walk(monster_position({"red1": "g6"}, monster="h6 E", stones=["i6 turn_180"]), "5")
    assert trail(t.events, 1)[0] == "look h6: nothing"
    assert eaten(t) == ["red1"]


@pytest.mark.parametrize(("stones", "turns"), [
    (["h5 turn_right", "i6 turn_right", "h7 turn_right", "g6 turn_right"], 4),
    (["h5 turn_180", "h7 turn_180"], 2),
], ids=["four_right_turns", "two_180_stones_facing_each_other"])
def test_d4_a_loop_of_turns_stops_the_monster_where_it_is(stones: list[str], turns: int) -> None:
    # Back on h6 facing north, as it started the point: a loop, so it stays and the point is
    # spent, every point of the card alike.
    t = walk(monster_position(monster="h6 N", stones=stones), "5")
    point = trail(t.events, 1)
    assert [p.split()[0] for p in point] == ["look"] + ["turning_stone"] * turns + ["stay"]
    assert point[-1] == "stay loop"
    assert of_type(t.events, "step") == []
    assert [e["point"] for e in of_type(t.events, "stay")] == [1, 2, 3, 4, 5]  # each step spent
    assert (t.state.monster.square, t.state.monster.facing) == (sq("h6"), N)
    assert stone_names(t.state.stones) == sorted(s.split()[0] for s in stones)


def test_d4_the_loop_closes_on_the_first_square_and_facing_seen_again() -> None:
    # North: right turn to east; east: 180° to west; west: right turn to north, which is where
    # the point started: a loop after three turns, facing north.
    stones = ["h5 turn_right", "i6 turn_180", "g6 turn_right"]
    t = walk(monster_position(monster="h6 N", stones=stones), "5")
    assert trail(t.events, 1)[1:] == [
        "turning_stone h5 turn_right -> E", "turning_stone i6 turn_180 -> W",
        "turning_stone g6 turn_right -> N", "stay loop"]
    assert (t.state.monster.square, t.state.monster.facing) == (sq("h6"), N)


# The position: the monster slides into a pool, is turned four times on the way, and
# never stands twice on one square with one facing.
SLIDE = {"options": {"experienced": True}, "figures": [{"figure": "red4", "square": "k6"}],
         "stones": [{"square": "f5", "kind": "turn_right"}, {"square": "g4", "kind": "turn_180"},
                    {"square": "g7", "kind": "turn_right"}, {"square": "f6", "kind": "turn_180"}],
         "pools": [{"kind": "square", "squares": ["g5", "h5", "g6", "h6"]}],
         "monster": {"square": "i5", "facing": "W"}, "phase": "monster", "to_move": None,
         "first_card_drawn": True, "pile": ["5", "7", "7", "8", "8", "10", "1hit", "2hits"]}


def test_d4_turns_alone_do_not_stop_a_slide_across_a_pool() -> None:
    t = walk(state_from_dict(SLIDE), "5")
    assert trail(t.events, 1)[1:] == [
        "step i5-h5", "slide h5-g5", "turning_stone f5 turn_right -> N",
        "turning_stone g4 turn_180 -> S", "slide g5-g6", "turning_stone g7 turn_right -> W",
        "turning_stone f6 turn_180 -> E", "slide g6-h6", "slide h6-i6"]


def test_d4_a_loop_on_a_pool_leaves_the_monster_on_the_pool() -> None:
    # Standing on the pool (g5) facing north between two 180° stones: turned south, it slides
    # to g6, is turned north and slides back to g5 facing north, as it started: a loop, and the
    # monster ends its point on the pool.
    t = walk(monster_position(monster="g5 N", pools=["square g5 h5 g6 h6"],
                              stones=["g4 turn_180", "g7 turn_180"]), "5")
    assert trail(t.events, 1)[1:] == [
        "turning_stone g4 turn_180 -> S", "slide g5-g6", "turning_stone g7 turn_180 -> N",
        "slide g6-g5", "stay loop"]
    assert [e["square"] for e in of_type(t.events, "stay")] == ["g5"] * 5
    assert (t.state.monster.square, t.state.monster.facing) == (sq("g5"), N)


# Games started under rules version 1 keep D4 as it was first written: four turns in one point
# stop the monster, loop or not.

def test_d4_under_rules_version_1_four_turns_stop_the_monster_even_mid_slide() -> None:
    t = walk(state_from_dict({**SLIDE, "rules": 1}), "5")
    assert trail(t.events, 1)[-2:] == ["turning_stone f6 turn_180 -> E", "stay four_turns"]
    assert of_type(t.events, "stay")[0]["square"] == "g6"  # on the pool, mid-slide


def test_d4_under_rules_version_1_the_fourth_turn_sets_the_facing() -> None:
    stones = ["h5 turn_right", "i6 turn_180", "g6 turn_right"]
    t = walk(monster_position(monster="h6 N", stones=stones, rules=1), "5")
    assert trail(t.events, 1)[1:] == [
        "turning_stone h5 turn_right -> E", "turning_stone i6 turn_180 -> W",
        "turning_stone g6 turn_right -> N", "turning_stone h5 turn_right -> E",
        "stay four_turns"]
    assert trail(t.events, 2)[1] == "turning_stone i6 turn_180 -> W"


def test_the_monster_phase_in_words_says_why_it_stayed() -> None:
    stones = ["h5 turn_180", "h7 turn_180"]
    loop = walk(monster_position(monster="h6 N", stones=stones), "5")
    four = walk(monster_position(monster="h6 N", stones=stones, rules=1), "5")
    assert "turned round in a loop and stayed put" in narrate_monster(loop.events)
    assert "spun round four times and stayed put" in narrate_monster(four.events)
