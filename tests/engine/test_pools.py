"""Blood pools for figures and the stones they push (RULES §3.2 "Blood pools", D10, D15, D16).

Most positions use a long pool across row 5, ``e5 f5 g5 h5``: a figure on d5 stepping east
slides to i5. The square pool is the basic layout's ``i3 j3 i4 j4``.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.moves import legal_outcomes
from tests.engine.helpers import fig, position, refusal, sq, walk

LONG = "long e5 f5 g5 h5"
SQUARE = "square i3 j3 i4 j4"
EDGE = "long m5 n5 o5 p5"  # along the right-hand wall


def test_stepping_onto_a_pool_slides_the_figure_to_the_square_beyond_for_one_point() -> None:
    state = position({"red1": "d5", "red4": "i6"}, pools=[LONG])
    assert walk(state, "red1", "E") == ("i5", [])
    assert walk(state, "red4", "NWN") == ("d4", [])  # slides west from i5 past red 1 on d5


def test_a_figure_crosses_a_long_pool_sideways_in_one_square() -> None:
    state = position({"red1": "g4"}, pools=[LONG])
    assert walk(state, "red1", "S") == ("g6", [])


def test_a_figure_crosses_the_square_pool_in_one_step() -> None:
    state = position({"red1": "h3", "red3": "i2"}, pools=[SQUARE])
    assert walk(state, "red1", "E") == ("k3", [])
    assert walk(state, "red3", "S") == ("i5", [])


def test_a_stone_on_the_square_beyond_is_pushed_one_square() -> None:
    state = position({"red1": "d5"}, pools=[LONG], stones=["i5"])
    assert walk(state, "red1", "E") == ("i5", ["j5"])


def test_the_figure_stops_on_the_last_pool_square_when_the_stone_beyond_cannot_move() -> None:
    state = position({"red4": "d5"}, pools=[LONG], stones=["i5", "j5"])
    assert walk(state, "red4", "E") == ("h5", ["i5", "j5"])


def test_the_figure_stops_on_the_last_pool_square_at_the_edge_of_the_board() -> None:
    state = position({"red4": "l5"}, pools=[EDGE])
    assert walk(state, "red4", "E") == ("p5", [])
    error = refusal(state, "red4", "EE")
    assert (error.details["step"], error.details["reason"]) == (2, "wall")


def test_it_needs_another_point_to_move_on_from_the_last_pool_square() -> None:
    state = position({"red1": "d5", "red4": "d6"}, pools=[LONG], stones=["i5", "j5"])
    assert refusal(state, "red1", "EN").details["reason"] == "too_long"
    assert walk(state, "red4", "NEN") == ("h4", ["i5", "j5"])
    assert walk(state, "red4", "NES") == ("h6", ["i5", "j5"])


def test_a_figure_stopped_on_a_pool_may_end_there_with_no_points_left_d10() -> None:
    state = position({"red1": "d5"}, pools=[LONG], stones=["i5", "j5"])
    assert walk(state, "red1", "E") == ("h5", ["i5", "j5"])
    assert sq("h5") in {o.square for o in legal_outcomes(state, fig("red1"))}


def test_a_figure_stopped_on_a_pool_may_also_end_there_with_points_left() -> None:
    # Proposed reading: "up to its number" lets a figure stop early anywhere it may stand,
    # so D10's "no points left" is not a condition for ending on the pool.
    state = position({"red4": "d5"}, pools=[LONG], stones=["i5", "j5"])
    assert sq("h5") in {o.square for o in legal_outcomes(state, fig("red4"))}
    assert walk(state, "red4", "E") == ("h5", ["i5", "j5"])


def test_a_step_onto_another_pool_square_slides_again_in_that_steps_direction() -> None:
    # Stopped on j3 by the stones on k3 and l3, the figure steps south onto j4 and slides on.
    state = position({"red4": "h3"}, pools=[SQUARE], stones=["k3", "l3"])
    assert walk(state, "red4", "E") == ("j3", ["k3", "l3"])
    assert walk(state, "red4", "ES") == ("j5", ["k3", "l3"])


def test_a_figure_starting_on_a_pool_slides_when_it_steps_along_the_pool() -> None:
    state = position({"red1": "h5"}, pools=[LONG])
    assert walk(state, "red1", "W") == ("d5", [])
    assert walk(state, "red1", "N") == ("h4", [])


@pytest.mark.parametrize(
    ("beyond", "extra"),
    [
        ("the monster", {"monster": "i5 W"}),
        ("a teleporter", {"teleporters": ["A i5 N", "A c9 E"]}),
    ],
)
def test_a_slide_stops_on_the_last_pool_square_before_what_is_not_free_d15(
    beyond: str, extra: dict[str, Any]
) -> None:
    state = position({"red4": "d5"}, pools=[LONG], **extra)
    assert walk(state, "red4", "E") == ("h5", []), beyond
    assert refusal(state, "red4", "EE").details["step"] == 2


def test_a_stone_pushed_onto_a_pool_slides_across_and_stops_beyond() -> None:
    state = position({"red4": "c5"}, pools=[LONG], stones=["d5"])
    assert walk(state, "red4", "E") == ("d5", ["i5"])


@pytest.mark.parametrize(
    ("beyond", "extra"),
    [
        ("a figure", {"figures": {"blue1": "i5"}}),
        ("a stone", {"stones": ["i5"]}),
        ("the monster", {"monster": "i5 W"}),
        ("a teleporter", {"teleporters": ["A i5 N", "A c9 E"]}),
    ],
)
def test_a_pushed_stone_stops_on_the_last_pool_square_when_beyond_is_not_free_d15(
    beyond: str, extra: dict[str, Any]
) -> None:
    figures = {"red4": "c5", **extra.pop("figures", {})}
    stones = ["d5", *extra.pop("stones", [])]
    state = position(figures, pools=[LONG], stones=stones, **extra)
    end, after = walk(state, "red4", "E")
    assert end == "d5", beyond
    assert "h5" in after and "d5" not in after
    assert len(after) == len(stones)  # a slide never removes a stone


def test_a_pushed_stone_stops_on_the_last_pool_square_at_the_edge_d15() -> None:
    state = position({"red4": "k5"}, pools=[EDGE], stones=["l5"])
    assert walk(state, "red4", "E") == ("l5", ["p5"])


def test_a_pushed_stone_stops_before_a_figure_standing_on_the_pool_d15() -> None:
    state = position({"red4": "c5", "blue1": "g5"}, pools=[LONG], stones=["d5"])
    assert walk(state, "red4", "E") == ("d5", ["f5"])


def test_a_slide_passes_a_figure_standing_on_the_pool_d16() -> None:
    state = position({"red1": "d5", "blue1": "g5"}, pools=[LONG])
    assert walk(state, "red1", "E") == ("i5", [])


def test_a_slide_that_stops_on_a_figure_standing_on_the_pool_must_step_on_d16() -> None:
    state = position({"red1": "d5", "red4": "d6", "blue1": "h5"}, pools=[LONG],
                     stones=["i5", "j5"])
    assert refusal(state, "red1", "E").details["reason"] == "ends_on_figure"
    assert walk(state, "red4", "NEN") == ("h4", ["i5", "j5"])


def test_a_slide_pushes_a_stone_standing_on_the_pool_d16() -> None:
    # The stone on g5 is pushed onto h5, slides across to i5; the figure slides on behind it,
    # reaches i5 and pushes the stone found there one square (the rule for the square beyond).
    state = position({"red1": "d5"}, pools=[LONG], stones=["g5"])
    assert walk(state, "red1", "E") == ("i5", ["j5"])


def test_a_slide_stops_before_a_stone_on_the_pool_that_cannot_be_pushed_d16() -> None:
    state = position({"red1": "d5", "blue1": "h5"}, pools=[LONG], stones=["g5"])
    assert walk(state, "red1", "E") == ("f5", ["g5"])


def test_a_figure_may_not_enter_a_pool_whose_slide_ends_on_a_figure_with_no_points_left() -> None:
    state = position({"red1": "d5", "red4": "d6", "blue1": "i5"}, pools=[LONG])
    error = refusal(state, "red1", "E")
    assert (error.details["step"], error.details["reason"]) == (1, "ends_on_figure")
    assert "i5" in error.message
    assert {o.path for o in legal_outcomes(state, fig("red1"))} == {"N", "W"}  # d6: red 4
    assert walk(state, "red4", "NEN") == ("i4", [])


def test_too_few_points_means_too_few_to_reach_an_empty_square_after_the_slide() -> None:
    # Beyond the pool, i5 and j5 hold figures, i4 too, and the stone on i6 cannot move.
    others = {"blue1": "i5", "blue3": "j5", "blue4": "i4"}
    three = position({"red3": "d5", **others}, pools=[LONG], stones=["i6", "i7"])
    assert walk(three, "red3", "EEE") == ("k5", ["i6", "i7"])
    two = position({"red5": "d5 black", **others}, pools=[LONG], stones=["i6", "i7"])
    assert not any(o.path.startswith("E") for o in legal_outcomes(two, fig("red5")))
    assert refusal(two, "red5", "EE").details["reason"] == "ends_on_figure"
    assert refusal(two, "red5", "EN").details["reason"] == "ends_on_figure"
    assert refusal(two, "red5", "ES").details["reason"] == "stone_blocked"
