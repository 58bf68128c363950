"""Matching a plan line (service.features.plans.matching): a line is played only if it is still
legal and does what it was planned to do; "or flip", the standing flip-all plan, lines
passed over, and lines refused when planned."""

from __future__ import annotations

import pytest

import engine
from engine import Flip, GameState, Move
from engine.state import FigureId
from service.features.plans.matching import Line, LineError, PlanInput, next_step, plan_lines

GREEN, RED = 0, 1


def start() -> GameState:
    """Seed 7, green first: a stone on o9, which a move of green 5 +NNW pushes to n9."""
    return engine.new_game(["green", "red"], seed=7, start_seat=GREEN)


def play(state: GameState, seat: int, notation: str) -> GameState:
    return engine.apply_action(state, engine.parse_action(notation, state, seat), seat).state


def test_it_records_the_outcome_of_a_move_when_it_is_planned() -> None:
    [line] = plan_lines(start(), GREEN, [PlanInput("green 5 +NNW")])
    assert line.to_dict() == {
        "notation": "green 5 +NNW", "action": {"type": "move", "figure": "green5",
                                               "path": "+NNW"},
        "or_flip": False, "to": "o9",
        "pushes": [{"from": "o9", "to": "n9", "piece": "stone"}]}
    assert Line.from_dict(line.to_dict()) == line


def test_it_plays_a_line_that_still_does_what_was_planned() -> None:
    state = play(start(), GREEN, "green 4 +N")
    lines = plan_lines(state, GREEN, [PlanInput("5 +NNW")])
    state = play(state, RED, "red 4 +W")  # nowhere near
    step = next_step(state, GREEN, lines, flip_rest=False)
    assert step.action == Move(FigureId("green", 5), "+NNW") and step.reason is None


def test_it_stops_at_a_line_whose_stone_was_pushed_away_and_says_so() -> None:
    state = play(start(), GREEN, "green 4 +N")
    lines = plan_lines(state, GREEN, [PlanInput("5 +NNW")])
    state = play(state, RED, "red 5 +NWNW")  # pushes the stone on o9 to o8
    step = next_step(state, GREEN, lines, flip_rest=False)
    assert step.action is None
    assert step.reason == ("Your planned move green 5 +NNW no longer does what you planned: "
                           "the stone on o9 was pushed away.")


def test_it_stops_at_a_line_that_is_no_longer_legal() -> None:
    state = play(start(), GREEN, "green 4 +N")
    lines = plan_lines(state, GREEN, [PlanInput("5 +NNW")])
    state = play(state, RED, "red 5 +NWN")  # red 5 now stands on o9, where the move ends
    step = next_step(state, GREEN, lines, flip_rest=False)
    assert step.action is None
    assert step.reason is not None
    assert step.reason.startswith("Your planned move green 5 +NNW can no longer be made: ")
    assert "o9" in step.reason


def test_or_flip_flips_the_figure_when_its_move_no_longer_holds() -> None:
    state = play(start(), GREEN, "green 4 +N")
    lines = plan_lines(state, GREEN, [PlanInput("5 +NNW or flip")])
    assert lines[0].or_flip
    state = play(state, RED, "red 5 +NWNW")
    assert next_step(state, GREEN, lines, flip_rest=False).action == Flip(FigureId("green", 5))


def test_the_standing_plan_flips_the_remaining_figures_after_the_lines() -> None:
    state = start()
    lines = plan_lines(state, GREEN, [PlanInput("green 5 +N")])
    assert next_step(state, GREEN, lines, flip_rest=True).action == lines[0].action
    state = play(state, GREEN, "green 5 +N")
    state = play(state, RED, "red 4 +W")
    step = next_step(state, GREEN, lines, flip_rest=True)
    assert step.action == Flip(FigureId("green", 1)) and step.used == 1


def test_a_line_whose_figure_has_acted_is_passed_over() -> None:
    state = start()
    lines = plan_lines(state, GREEN, [PlanInput("green 5 +N"), PlanInput("flip green 3")])
    state = play(state, GREEN, "green 5 +N")
    state = play(state, RED, "red 4 +W")
    step = next_step(state, GREEN, lines, flip_rest=False)
    assert (step.action, step.used) == (Flip(FigureId("green", 3)), 2)


def test_each_line_is_planned_on_the_board_after_the_earlier_ones() -> None:
    assert plan_lines(start(), GREEN, [PlanInput("green 4 +NNW")])[0].outcome is not None
    # After green 5 +NNW, green 5 stands on o9, where green 4 +NNW would end.
    with pytest.raises(LineError) as refused:
        plan_lines(start(), GREEN, [PlanInput("green 5 +NNW"), PlanInput("green 4 +NNW")])
    assert refused.value.index == 1


@pytest.mark.parametrize(("texts", "index", "code"), [
    (["green 5 +NNW", "green 5 +N"], 1, "move/illegal"),  # planned twice
    (["red 5 +N"], 0, "move/unknown_figure"),  # not the seat's figure
    (["hello there"], 0, "move/invalid"),
    (["place stone c3"], 0, "move/invalid"),
    (["green 5 +EEE"], 0, "move/illegal"),
    (["5 +N", "4 +W", "3 +NN"], 2, "move/illegal"),  # a third entry in the first turn
])
def test_it_refuses_a_line_that_could_not_be_played(texts: list[str], index: int,
                                                    code: str) -> None:
    with pytest.raises(LineError) as refused:
        plan_lines(start(), GREEN, [PlanInput(text) for text in texts])
    assert (refused.value.index, refused.value.code) == (index, code)
