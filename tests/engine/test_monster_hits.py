"""Hit cards (RULES §3.3 "Hit cards"): walk until that many figures are eaten, at most 20 steps."""

from __future__ import annotations

from tests.engine.helpers import fig, sq
from tests.engine.monster_helpers import eaten, monster_position, of_type, steps_to, trail, walk


def test_a_1_hit_card_walks_until_one_figure_is_eaten_then_looks_once_more() -> None:
    t = walk(monster_position({"red1": "l6", "red3": "o6"}, monster="h6 E"), "1hit")
    assert steps_to(t.events) == ["i6", "j6", "k6", "l6"]
    assert eaten(t) == ["red1"]
    assert trail(t.events)[-2:] == ["final look l6: red3 E3", "done l6 E"]


def test_a_2_hits_card_walks_until_two_figures_are_eaten() -> None:
    t = walk(monster_position({"red1": "l6", "red3": "n6", "red4": "p6"}, monster="h6 E"),
             "2hits")
    assert steps_to(t.events) == ["i6", "j6", "k6", "l6", "m6", "n6"]
    assert eaten(t) == ["red1", "red3"]


def test_the_3_hits_card_of_the_variant_walks_until_three_figures_are_eaten() -> None:
    t = walk(monster_position({"red1": "j6", "red3": "l6", "red4": "n6", "red5": "p6"},
                              monster="h6 E"), "3hits")
    assert eaten(t) == ["red1", "red3", "red4"]
    assert t.state.monster.square == sq("n6")


def test_a_figure_pushed_off_the_board_counts_as_a_hit() -> None:
    t = walk(monster_position({"red1": "p6"}, monster="n6 E", stones=["o6"]), "1hit")
    assert len(of_type(t.events, "step")) == 1
    assert of_type(t.events, "eat")[0]["how"] == "pushed_off"


def test_a_figure_pushed_onto_a_teleporter_counts_as_a_hit() -> None:
    t = walk(monster_position({"red1": "j6"}, monster="h6 E", stones=["i6"],
                              teleporters=["A k6 N", "A c2 S"]), "1hit")
    assert len(of_type(t.events, "step")) == 1
    assert of_type(t.events, "eat")[0]["how"] == "teleporter"


def test_d13_a_figure_pushed_onto_a1_is_not_a_hit_so_the_monster_walks_on() -> None:
    t = walk(monster_position({"red1": "b1"}, monster="d1 W", stones=["c1"]), "1hit")
    assert trail(t.events, 1)[1:] == ["step d1-c1", "push W stone c1-b1 red1 b1-a1"]
    assert trail(t.events, 2)[1:] == [
        "step c1-b1", "eat red1 a1 pushed_off", "push W stone b1-x red1 a1-x",
        "final look b1: nothing"]
    assert len(of_type(t.events, "step")) == 2


def test_a_hit_card_counts_every_figure_eaten_in_its_last_step() -> None:
    # Sliding across the pool the monster eats red 1 on it (D14) and red 3 beyond it.
    t = walk(monster_position({"red1": "k6", "red3": "l6"}, monster="i6 E",
                              pools=["square j6 k6 j7 k7"]), "1hit")
    assert eaten(t) == ["red1", "red3"]
    assert len(of_type(t.events, "look")) == 2  # one step, then the final look


def test_a_hit_card_never_makes_the_monster_walk_more_than_20_steps() -> None:
    t = walk(monster_position(monster="a4 E"), "1hit")
    assert [e["point"] for e in of_type(t.events, "step")] == list(range(1, 21))
    looks = of_type(t.events, "look")
    assert (looks[-1]["final"], looks[-1]["point"]) == (True, 20)
    assert eaten(t) == []


def test_a_2_hits_card_with_only_one_figure_to_catch_stops_after_20_steps() -> None:
    t = walk(monster_position({"red1": "j4"}, monster="a4 E"), "2hits")
    assert len(of_type(t.events, "step")) == 20
    assert eaten(t) == ["red1"]
    assert t.state.figure(fig("red1")).times_eaten == 1
