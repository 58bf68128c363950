"""Figures pushing stones (RULES §3.2 "Pushing", D1, D5)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.moves import check_path, legal_outcomes
from engine.state import STONE_KINDS
from tests.engine.helpers import fig, position, refusal, sq, walk


def test_stepping_onto_a_stone_pushes_it_one_square_in_the_steps_direction() -> None:
    state = position({"red4": "h6"}, stones=["h5"])
    assert walk(state, "red4", "N") == ("h5", ["h4"])
    assert check_path(state, fig("red4"), "N").pushed == ((sq("h5"), sq("h4")),)
    state = position({"red4": "h6"}, stones=["i6"])
    assert walk(state, "red4", "E") == ("i6", ["j6"])


@pytest.mark.parametrize("kind", STONE_KINDS)
def test_every_stone_kind_is_a_pushable_stone_for_figures(kind: str) -> None:
    state = position({"red4": "h6"}, stones=[f"h5 {kind}"])
    result = check_path(state, fig("red4"), "N")
    assert result.stones == ((sq("h4"), kind),)


def test_a_figure_may_push_the_same_stone_again_and_again() -> None:
    state = position({"red4": "h6"}, stones=["h5"])
    assert walk(state, "red4", "NNN") == ("h3", ["h2"])


def test_a_figure_may_push_several_stones_one_after_another() -> None:
    state = position({"red4": "h6"}, stones=["h5", "i4"])
    assert walk(state, "red4", "NNE") == ("i4", ["h3", "j4"])


def test_a_stone_may_be_pushed_onto_the_square_the_figure_left() -> None:
    state = position({"red5": "h6"}, stones=["h5"])
    assert walk(state, "red5", "ENNWS") == ("h5", ["h6"])


@pytest.mark.parametrize(
    ("blocker", "extra"),
    [
        ("a figure", {"figures": {"red4": "h6", "blue1": "h4"}}),
        ("a stone", {"figures": {"red4": "h6"}, "stones": ["h5", "h4"]}),
        ("the monster", {"figures": {"red4": "h6"}, "monster": "h4 S"}),
        ("a teleporter", {"figures": {"red4": "h6"}, "teleporters": ["A h4 N", "A c9 E"]}),
    ],
)
def test_a_stone_is_pushed_only_if_the_square_behind_it_is_empty(
    blocker: str, extra: dict[str, Any]
) -> None:
    figures = extra.pop("figures")
    stones = extra.pop("stones", ["h5"])
    state = position(figures, stones=stones, **extra)
    error = refusal(state, "red4", "N")
    assert (error.details["step"], error.details["reason"]) == (1, "stone_blocked"), blocker
    assert "cannot go N from h6" in error.message


def test_a_figure_may_not_push_a_stone_off_the_board() -> None:
    state = position({"red4": "h3"}, stones=["h2"])
    assert refusal(state, "red4", "NN").details == {
        "figure": "red4", "path": "NN", "step": 2, "reason": "stone_blocked"}
    state = position({"red4": "i2"}, stones=["l2"])
    # l2 to m2 is fine; m2 to n2 is not: n2 is cut off by the staircase.
    assert walk(state, "red4", "EEE") == ("l2", ["m2"])
    assert refusal(state, "red4", "EEEE").details["step"] == 4


def test_a_figure_pushes_only_one_stone_at_a_time() -> None:
    state = position({"red4": "h6"}, stones=["h5", "h4"])
    assert refusal(state, "red4", "N").details["reason"] == "stone_blocked"
    # Pushing the line would leave the figure on h5 and the stones on h4 and h3.
    line_push = (sq("h5"), ((sq("h3"), "stone"), (sq("h4"), "stone")))
    assert line_push not in {(o.square, o.stones) for o in legal_outcomes(state, fig("red4"))}


def test_figures_never_push_figures() -> None:
    state = position({"red4": "h6", "blue1": "h5"})
    assert walk(state, "red4", "NN") == ("h4", [])
    outcomes = legal_outcomes(state, fig("red4"))
    assert all(o.pushed == () for o in outcomes)
    assert sq("h5") not in {o.square for o in outcomes}


def test_a_stone_pushed_onto_a1_is_removed_from_the_game_d1() -> None:
    state = position({"red4": "c1"}, stones=["b1"], monster="h8 N")
    result = check_path(state, fig("red4"), "W")
    assert (result.square, result.stones, result.pushed) == (sq("b1"), (), ((sq("b1"), None),))
    assert result.to_dict()["pushes"] == [{"from": "b1", "to": None}]


def test_a_stone_pushed_onto_p11_is_removed_from_the_game_d1() -> None:
    state = position({"red4": "p8"}, stones=["p10"])
    assert walk(state, "red4", "SS") == ("p10", [])
    state = position({"red4": "m11"}, stones=["o11"])
    assert walk(state, "red4", "EE") == ("o11", [])


def test_a_stone_is_not_pushed_onto_a_corner_where_a_figure_stands() -> None:
    state = position({"red4": "p8", "blue1": "p11"}, stones=["p10"])
    assert refusal(state, "red4", "SS").details["reason"] == "stone_blocked"


def test_a_stone_is_not_pushed_onto_a1_while_the_monster_stands_there() -> None:
    state = position({"red4": "c1"}, stones=["b1"])
    assert refusal(state, "red4", "W").details["reason"] == "stone_blocked"


def test_a_figure_cannot_push_a_stone_onto_a_teleporter_d5() -> None:
    state = position({"red4": "h6"}, stones=["h5"], teleporters=["A h4 N", "A c9 E"])
    error = refusal(state, "red4", "N")
    assert (error.details["step"], error.details["reason"]) == (1, "stone_blocked")
    # Around the side, the same stone can still be pushed where the square behind is free.
    assert walk(state, "red4", "ENW") == ("h5", ["g5"])


def test_an_entering_figure_pushes_a_stone_next_to_p11() -> None:
    state = position({"red4": "outside"}, stones=["p10"])
    assert walk(state, "red4", "+N") == ("p10", ["p9"])
    state = position({"red4": "outside"}, stones=["p10", "p9"])
    assert refusal(state, "red4", "+N").details == {
        "figure": "red4", "path": "+N", "step": 2, "reason": "stone_blocked"}
