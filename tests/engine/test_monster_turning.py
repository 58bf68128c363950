"""Turning stones and the monster (RULES §3.4, the tile table; D3, D4).

The monster stands on h6 facing east with a turning stone ahead on i6 unless a test says
otherwise.
"""

from __future__ import annotations

import pytest

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


@pytest.mark.parametrize("stones", [
    ["h5 turn_right", "i6 turn_right", "h7 turn_right", "g6 turn_right"],
    ["h5 turn_180", "h7 turn_180"],
], ids=["four_right_turns", "four_180_turns"])
def test_d4_four_turns_in_one_step_and_the_monster_stays_where_it_is(stones: list[str]) -> None:
    t = walk(monster_position(monster="h6 N", stones=stones), "5")
    point = trail(t.events, 1)
    assert [p.split()[0] for p in point] == ["look"] + ["turning_stone"] * 4 + ["stay"]
    assert point[-1] == "stay four_turns"
    assert of_type(t.events, "step") == []
    assert [e["point"] for e in of_type(t.events, "stay")] == [1, 2, 3, 4, 5]  # each step spent
    assert (t.state.monster.square, t.state.monster.facing) == (sq("h6"), N)
    assert stone_names(t.state.stones) == sorted(s.split()[0] for s in stones)


def test_d4_after_four_mixed_turns_the_monster_faces_where_the_fourth_turn_left_it() -> None:
    # North: right turn to east; east: 180° to west; west: right turn to north; north: right
    # turn to east, the fourth turn. No rule says which way it then faces; the engine keeps
    # the facing of the fourth turn (proposed decision, see the report).
    stones = ["h5 turn_right", "i6 turn_180", "g6 turn_right"]
    t = walk(monster_position(monster="h6 N", stones=stones), "5")
    assert trail(t.events, 1)[1:] == [
        "turning_stone h5 turn_right -> E", "turning_stone i6 turn_180 -> W",
        "turning_stone g6 turn_right -> N", "turning_stone h5 turn_right -> E",
        "stay four_turns"]
    assert trail(t.events, 2)[1] == "turning_stone i6 turn_180 -> W"
