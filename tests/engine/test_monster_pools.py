"""The monster on a blood pool (RULES §3.3 "Move"; D6, D14): one sliding step, no looking."""

from __future__ import annotations

from engine.board import S
from tests.engine.helpers import fig, sq, stone_names
from tests.engine.monster_helpers import (
    eaten,
    monster_position,
    of_type,
    trail,
    walk,
)

SQUARE_POOL = "square j6 k6 j7 k7"


def test_onto_a_blood_pool_the_monster_slides_straight_across_in_the_same_step() -> None:
    t = walk(monster_position(monster="i6 E", pools=[SQUARE_POOL]), "5")
    assert trail(t.events, 1) == ["look i6: nothing", "step i6-j6", "slide j6-k6", "slide k6-l6"]
    assert trail(t.events, 2)[:2] == ["look l6: nothing", "step l6-m6"]


def test_the_long_pool_slides_the_monster_four_squares_on_with_one_point() -> None:
    t = walk(monster_position(monster="d6 E", pools=["long e6 f6 g6 h6"]), "5")
    assert trail(t.events, 1)[1:] == [
        "step d6-e6", "slide e6-f6", "slide f6-g6", "slide g6-h6", "slide h6-i6"]
    assert t.state.monster.square == sq("m6")  # i6 after point 1, then four more points


def test_the_monster_does_not_look_while_sliding() -> None:
    # From f6, on the pool, red 1 on f5 would be the nearest figure; the monster never looks there.
    t = walk(monster_position({"red1": "f5"}, monster="d6 E", pools=["long e6 f6 g6 h6"]), "5")
    assert [e["square"] for e in of_type(t.events, "look")] == ["d6", "i6", "j6", "k6", "l6", "m6"]
    assert eaten(t) == []
    assert t.state.figure(fig("red1")).square == sq("f5")


def test_at_the_end_of_its_slide_the_monster_eats_the_figure_beyond_the_pool() -> None:
    t = walk(monster_position({"red1": "l6"}, monster="i6 E", pools=[SQUARE_POOL]), "5")
    assert trail(t.events, 1) == [
        "look i6: red1 E3", "step i6-j6", "slide j6-k6", "slide k6-l6", "eat red1 l6 caught"]


def test_at_the_end_of_its_slide_the_monster_pushes_the_stone_beyond_the_pool() -> None:
    t = walk(monster_position(monster="i6 E", pools=[SQUARE_POOL], stones=["l6"]), "5")
    assert trail(t.events, 1)[1:] == [
        "step i6-j6", "slide j6-k6", "slide k6-l6", "push E stone l6-m6"]


def test_d14_a_figure_standing_on_the_pool_is_eaten_and_the_slide_goes_on() -> None:
    t = walk(monster_position({"red1": "k6"}, monster="i6 E", pools=[SQUARE_POOL]), "5")
    assert trail(t.events, 1) == [
        "look i6: red1 E2", "step i6-j6", "slide j6-k6", "eat red1 k6 caught", "slide k6-l6"]


def test_d14_a_stone_standing_on_the_pool_is_pushed_ahead_of_the_sliding_monster() -> None:
    # Pushed onto the pool's next square, the stone slides across it (D11) and the monster,
    # still sliding, pushes it once more when it reaches it beyond the pool.
    t = walk(monster_position(monster="d6 E", stones=["f6"], pools=["long e6 f6 g6 h6"]), "5")
    assert trail(t.events, 1)[1:] == [
        "step d6-e6", "slide e6-f6", "push E stone f6-i6",
        "slide f6-g6", "slide g6-h6", "slide h6-i6", "push E stone i6-j6"]


def test_d6_a_pool_whose_far_side_is_the_wall_sends_the_sliding_monster_through_the_wall() -> None:
    t = walk(monster_position(monster="n6 E", pools=["square o6 p6 o7 p7"]), "5")
    assert trail(t.events, 1)[1:] == ["step n6-o6", "slide o6-p6", "wall p6-a6 V", "slide p6-a6"]


def test_d6_the_monster_eats_what_it_meets_through_the_wall_at_the_end_of_its_slide() -> None:
    t = walk(monster_position({"red1": "a6"}, monster="n6 E", pools=["square o6 p6 o7 p7"]), "5")
    assert trail(t.events, 1)[-2:] == ["slide p6-a6", "eat red1 a6 caught"]


def test_d6_a_turning_stone_on_the_pools_last_square_stops_the_slide_and_turns_it() -> None:
    t = walk(monster_position(monster="i6 E", stones=["k6 turn_180"], pools=[SQUARE_POOL]), "5")
    assert trail(t.events, 1)[1:] == [
        "step i6-j6", "turning_stone k6 turn_180 -> W", "slide j6-i6"]
    assert stone_names(t.state.stones) == ["k6"]


def test_d6_a_turning_stone_beyond_the_pool_turns_the_monster_on_the_last_pool_square() -> None:
    t = walk(monster_position(monster="i6 E", stones=["l6 turn_right"], pools=[SQUARE_POOL]),
             "5")
    assert trail(t.events, 1)[1:] == [
        "step i6-j6", "slide j6-k6", "turning_stone l6 turn_right -> S",
        "slide k6-k7", "slide k7-k8"]
    assert t.state.monster.facing == S


def test_a_slide_that_ends_on_a_teleporter_teleports_the_monster_with_the_same_point() -> None:
    t = walk(monster_position(monster="i6 E", pools=[SQUARE_POOL],
                              teleporters=["A l6 S", "A c3 E"]), "5")
    assert trail(t.events, 1)[1:] == [
        "step i6-j6", "slide j6-k6", "slide k6-l6", "teleport l6-c3 E"]
    assert trail(t.events, 2)[0] == "look c3: nothing"
