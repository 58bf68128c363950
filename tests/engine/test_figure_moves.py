"""Moving a figure (RULES §3.2): steps, turns, passing figures, what blocks, entering, leaving.

Pushing is in ``test_pushing.py`` and blood pools in ``test_pools.py``. Positions are small and
hand-written; the monster waits on a1 unless a test needs it elsewhere.
"""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove, InvalidNotation
from engine.moves import check_path, legal_outcomes
from tests.engine.helpers import fig, position, refusal, sq, walk


def test_a_figure_may_take_up_to_its_number_of_steps() -> None:
    state = position({"red4": "h6"})
    assert walk(state, "red4", "N") == ("h5", [])
    assert walk(state, "red4", "NNNN") == ("h2", [])
    error = refusal(state, "red4", "NNNNN")
    assert error.details["reason"] == "too_long"
    assert error.details["step"] == 5


def test_a_figure_on_its_black_side_moves_seven_minus_its_number() -> None:
    state = position({"red5": "h6 black"})
    assert walk(state, "red5", "NN") == ("h4", [])
    assert refusal(state, "red5", "NNN").details["reason"] == "too_long"


def test_a_figure_may_change_direction_freely() -> None:
    state = position({"red4": "h6"})
    assert walk(state, "red4", "NESE") == ("j6", [])
    assert walk(state, "red4", "WSWN") == ("f6", [])


def test_a_figure_may_move_forwards_and_backwards() -> None:
    state = position({"red4": "h6"})
    assert walk(state, "red4", "NNS") == ("h5", [])
    assert walk(state, "red4", "EEWS") == ("i7", [])


def test_a_figure_may_pass_other_figures_but_not_end_on_one() -> None:
    state = position({"red4": "h6", "blue1": "h5"})
    assert walk(state, "red4", "NN") == ("h4", [])
    error = refusal(state, "red4", "N")
    assert (error.details["step"], error.details["reason"]) == (1, "ends_on_figure")
    assert "h5" in error.message and "blue 1" in error.message


def test_squares_holding_figures_count_toward_the_steps() -> None:
    state = position({"red4": "h6", "blue1": "h5", "blue3": "h4", "blue4": "h3"})
    assert walk(state, "red4", "NNNN") == ("h2", [])
    assert "NNNN" in {o.path for o in legal_outcomes(state, fig("red4"))}
    assert refusal(state, "red4", "NNN").details["reason"] == "ends_on_figure"


def test_a_figure_never_enters_the_monsters_square() -> None:
    state = position({"red4": "h6"}, monster="h5 S")
    error = refusal(state, "red4", "N")
    assert (error.details["step"], error.details["reason"]) == (1, "monster")


def test_a_figure_never_passes_the_monsters_square() -> None:
    state = position({"red4": "h7"}, monster="h5 S")
    error = refusal(state, "red4", "NNN")
    assert (error.details["step"], error.details["reason"]) == (2, "monster")
    assert walk(state, "red4", "NEN") == ("i5", [])


def test_a_teleporter_is_a_wall_for_figures() -> None:
    state = position({"red4": "h6"}, teleporters=["A h5 N", "A c9 E"])
    error = refusal(state, "red4", "N")
    assert (error.details["step"], error.details["reason"]) == (1, "teleporter")
    reachable = {o.square for o in legal_outcomes(state, fig("red4"))}
    assert not reachable & {t.square for t in state.teleporters}


@pytest.mark.parametrize(
    ("start", "path", "step"),
    [
        ("h1", "N", 1),  # the top edge
        ("a5", "EW" + "W", 3),  # the left edge, after coming back
        ("p9", "E", 1),  # the right edge
        ("e11", "S", 1),  # the bottom edge
        ("a7", "S", 1),  # a8 is cut off by the staircase
        ("e11", "W", 1),  # d11 is cut off
        ("l1", "E", 1),  # m1 is cut off at the top right
        ("n3", "N", 1),  # n2 is cut off
    ],
)
def test_a_figure_never_crosses_a_wall(start: str, path: str, step: int) -> None:
    state = position({"red4": start}, monster="h8 N")
    error = refusal(state, "red4", path)
    assert (error.details["step"], error.details["reason"]) == (step, "wall")


def test_a_figure_waiting_outside_enters_onto_p11_with_its_first_point() -> None:
    state = position({"red4": "outside"})
    assert walk(state, "red4", "+") == ("p11", [])
    assert walk(state, "red4", "+NNN") == ("p8", [])
    assert walk(state, "red4", "+WNW") == ("n10", [])
    assert refusal(state, "red4", "+NNNN").details == {
        "figure": "red4", "path": "+NNNN", "step": 5, "reason": "too_long"}


def test_a_figure_waiting_outside_must_enter_first() -> None:
    state = position({"red4": "outside"})
    error = refusal(state, "red4", "N")
    assert (error.details["step"], error.details["reason"]) == (1, "must_enter")


def test_only_a_figure_waiting_outside_can_enter() -> None:
    state = position({"red4": "p10"})
    assert refusal(state, "red4", "+N").details["reason"] == "not_outside"
    assert refusal(state, "red4", "N+").details["step"] == 2


def test_entering_may_pass_p11_while_another_figure_stands_on_it_d12() -> None:
    state = position({"red4": "outside", "blue1": "p11"})
    assert walk(state, "red4", "+N") == ("p10", [])
    assert walk(state, "red4", "+W") == ("o11", [])
    error = refusal(state, "red4", "+")
    assert (error.details["step"], error.details["reason"]) == (1, "ends_on_figure")


def test_nobody_enters_while_the_monster_stands_on_p11_d12() -> None:
    state = position({"red4": "outside"}, monster="p11 W")
    error = refusal(state, "red4", "+N")
    assert (error.details["step"], error.details["reason"]) == (1, "monster")
    assert legal_outcomes(state, fig("red4")) == []


def test_leaving_from_a1_costs_a_point() -> None:
    state = position({"red4": "c1", "red1": "a1"}, monster="h8 N")
    assert walk(state, "red4", "WWX") == ("out", [])
    assert walk(state, "red1", "X") == ("out", [])
    assert check_path(state, fig("red1"), "X").escaped
    assert refusal(state, "red4", "WWWX").details["reason"] == "wall"


def test_a_figure_may_leave_over_a1_while_another_figure_stands_on_it() -> None:
    # Leaving is a step off a1; passing a figure on a1 is passing a figure (RULES §3.2).
    state = position({"red4": "c1", "blue1": "a1"}, monster="h8 N")
    assert walk(state, "red4", "WWX") == ("out", [])
    assert refusal(state, "red4", "WW").details["reason"] == "ends_on_figure"


def test_a_figure_without_a_point_left_on_a1_cannot_leave() -> None:
    state = position({"red4": "e1", "red1": "b1"}, monster="h8 N")
    assert walk(state, "red4", "WWWW") == ("a1", [])
    error = refusal(state, "red4", "WWWWX")
    assert (error.details["step"], error.details["reason"]) == (5, "too_long")
    assert refusal(state, "red1", "WX").details["reason"] == "too_long"


def test_a_figure_leaves_only_from_a1() -> None:
    state = position({"red4": "b1"}, monster="h8 N")
    error = refusal(state, "red4", "X")
    assert (error.details["step"], error.details["reason"]) == (1, "not_on_exit")
    assert "b1" in error.message


def test_a_figure_that_has_left_takes_no_more_steps() -> None:
    state = position({"red4": "a1"}, monster="h8 N")
    error = refusal(state, "red4", "XN")
    assert (error.details["step"], error.details["reason"]) == (2, "after_leaving")


def test_a_figure_cannot_leave_through_the_entrance() -> None:
    state = position({"red4": "p11"}, monster="h8 N")
    assert refusal(state, "red4", "X").details["reason"] == "not_on_exit"
    assert refusal(state, "red4", "E").details["reason"] == "wall"


def test_a_round_trip_with_nothing_pushed_is_refused_d17() -> None:
    state = position({"red4": "h6"})
    for path in ("NS", "NESW", "EW"):
        error = refusal(state, "red4", path)
        assert (error.details["step"], error.details["reason"]) == (len(path), "no_change")
    assert all(o.square != state.figures[0].square or o.pushed
               for o in legal_outcomes(state, fig("red4")))


def test_a_round_trip_after_pushing_a_stone_is_a_real_move_d17() -> None:
    state = position({"red4": "h6"}, stones=["h5"])
    assert walk(state, "red4", "NS") == ("h6", ["h4"])
    assert check_path(state, fig("red4"), "NS").pushed == ((sq("h5"), sq("h4")),)


def test_an_empty_path_is_refused_flip_instead() -> None:
    error = refusal(position({"red4": "h6"}), "red4", "")
    assert (error.details["step"], error.details["reason"]) == (0, "empty")


def test_a_path_is_read_in_any_case_and_spacing() -> None:
    state = position({"red4": "outside"})
    assert check_path(state, fig("red4"), " + n w n ").path == "+NWN"


def test_a_path_with_an_unknown_letter_is_invalid_notation() -> None:
    with pytest.raises(InvalidNotation) as caught:
        check_path(position({"red4": "h6"}), fig("red4"), "NQ")
    assert caught.value.code == "move/invalid"
    assert "NQ" in caught.value.message


def test_an_escaped_figure_is_not_in_play_and_cannot_move() -> None:
    state = position({"red4": {"where": "escaped", "escaped_order": 1}, "red1": "h6"})
    error = refusal(state, "red4", "N")
    assert error.details["reason"] == "not_in_play"
    with pytest.raises(IllegalMove):
        legal_outcomes(state, fig("red4"))


def test_the_refusal_names_the_figure_the_path_and_the_step() -> None:
    state = position({"red4": "h6"}, monster="h4 S")
    error = refusal(state, "red4", "nn")
    assert error.code == "move/illegal"
    assert error.message.startswith("red 4 NN: step 2:")
    assert "h5" in error.message and "monster" in error.message
    assert error.to_dict()["details"] == {
        "figure": "red4", "path": "NN", "step": 2, "reason": "monster"}
