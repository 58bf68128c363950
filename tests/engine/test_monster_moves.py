"""The monster's steps (RULES §3.3 "Move"): a card's number of squares, eating, the final look."""

from __future__ import annotations

import pytest

from engine.board import N
from engine.state import OUTSIDE
from tests.engine.helpers import fig, sq
from tests.engine.monster_helpers import (
    eaten,
    monster_position,
    of_type,
    steps_to,
    trail,
    walk,
)


@pytest.mark.parametrize("card", ["5", "7", "8", "10"])
def test_a_number_card_moves_the_monster_that_many_squares(card: str) -> None:
    t = walk(monster_position(monster="a4 E"), card)
    assert steps_to(t.events) == [f"{'bcdefghijk'[i]}4" for i in range(int(card))]
    assert [e["point"] for e in of_type(t.events, "step")] == list(range(1, int(card) + 1))


def test_each_point_is_a_look_then_a_move_of_one_square() -> None:
    t = walk(monster_position(monster="a4 E"), "5")
    kinds = [e["type"] for e in of_type(t.events, "look", "step")]
    assert kinds == ["look", "step"] * 5 + ["look"]


def test_a_figure_on_the_square_ahead_is_eaten_and_the_monster_takes_its_square() -> None:
    t = walk(monster_position({"red1": "i6"}, monster="h6 E"), "5")
    assert trail(t.events, 1) == ["look h6: red1 E1", "step h6-i6", "eat red1 i6 caught"]
    assert t.state.figure(fig("red1")).where == OUTSIDE


def test_after_eating_the_monster_goes_on_with_the_steps_it_has_left() -> None:
    t = walk(monster_position({"red1": "i6", "red3": "k6"}, monster="h6 E"), "5")
    assert steps_to(t.events) == ["i6", "j6", "k6", "l6", "m6"]
    assert eaten(t) == ["red1", "red3"]


def test_after_the_last_step_the_monster_looks_once_more_and_may_turn() -> None:
    t = walk(monster_position({"red1": "m3"}, monster="h6 E"), "5")
    looks = of_type(t.events, "look")
    assert [e["turned"] for e in looks] == [False] * 5 + [True]
    assert trail(t.events)[-2:] == ["final look m6: red1 N3 -> N", "done m6 N"]


def test_the_final_look_turns_the_monster_without_moving_it() -> None:
    t = walk(monster_position({"red1": "m3"}, monster="h6 E"), "5")
    assert (t.state.monster.square, t.state.monster.facing) == (sq("m6"), N)
    assert t.state.figure(fig("red1")).square == sq("m3")


def test_the_monster_phase_says_where_the_monster_ends_which_way_it_faces_and_what_it_ate() -> None:
    t = walk(monster_position({"red1": "i6", "blue3": "k4"}, monster="h6 E"), "5")
    done = of_type(t.events, "monster_done")
    assert done == [{"type": "monster_done", "square": "k4", "facing": "N",
                     "eaten": ["red1", "blue3"], "fate": "outside"}]


def test_the_monster_does_not_look_again_between_its_last_step_and_its_final_look() -> None:
    t = walk(monster_position(monster="a4 E"), "5")
    finals = [e for e in of_type(t.events, "look") if e["final"]]
    assert len(finals) == 1 and finals[0]["point"] == 5
    assert t.events[-3]["type"] == "look" and t.events[-3]["final"]
