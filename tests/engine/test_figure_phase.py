"""The figure phase (RULES §3.1): turn order, turning figures over, the phase's end, errors.

The first game turn's two-figure limit is in ``test_first_turn.py``.
"""

from __future__ import annotations

import pytest

from engine import errors
from engine.actions import Flip, Move
from engine.game import apply_action
from engine.position import state_to_dict
from engine.setup import new_game
from engine.state import ESCAPED, MONSTER, OUTSIDE, GameState
from tests.engine.helpers import fig, position, sq

TURN_2 = {"game_turn": 2}


def flip(state: GameState, figure: str, seat: int | None = None) -> GameState:
    """Flip ``figure`` for ``seat`` and return the new state."""
    return apply_action(state, Flip(fig(figure)), seat).state


def test_the_start_player_acts_first_and_play_goes_clockwise() -> None:
    state = new_game(["green", "red", "blue"], seed=3, start_seat=1)
    assert state.to_move == 1
    state = flip(state, "red1", 1)
    assert state.to_move == 2
    state = flip(state, "blue1", 2)
    assert state.to_move == 0
    state = flip(state, "green1", 0)
    assert state.to_move == 1


def test_each_player_moves_one_figure_per_sub_turn() -> None:
    state = position({"red4": "h6", "red1": "c3", "blue1": "h8"}, **TURN_2)
    state = apply_action(state, Move(fig("red4"), "N"), 0).state
    assert state.to_move == 1
    assert not state.figure(fig("red1")).moved


def test_a_player_with_no_unmoved_figure_left_is_skipped() -> None:
    state = position({"red4": "h6", "red1": "c3", "blue1": "h8 moved", "green1": "k3"},
                     **TURN_2)
    state = flip(state, "red4", 0)
    assert state.to_move == 2
    state = flip(state, "green1", 2)
    assert state.to_move == 0


def test_escaped_and_removed_figures_are_not_in_play() -> None:
    blue = {"blue1": {"where": "escaped", "escaped_order": 1}, "blue4": "removed"}
    state = position({"red4": "h6", "red1": "c3", **blue, "green1": "k3"}, **TURN_2)
    state = flip(state, "red4", 0)
    assert state.to_move == 2  # blue has nothing in play
    state = flip(state, "green1", 2)
    state = flip(state, "red1", 0)
    assert state.phase == MONSTER


def test_the_phase_ends_when_every_figure_in_play_has_moved() -> None:
    state = position({"red4": "h6", "blue1": "h8", "blue4": "c3 moved"}, **TURN_2)
    state = flip(state, "red4", 0)
    t = apply_action(state, Move(fig("blue1"), "S"), 1)
    assert (t.state.phase, t.state.to_move) == (MONSTER, None)
    assert t.events[-1] == {"type": "phase", "phase": MONSTER}


def test_after_its_move_a_figure_is_turned_over() -> None:
    state = position({"red4": "h6", "red5": "c3 black", "blue1": "h8"}, **TURN_2)
    after = apply_action(state, Move(fig("red4"), "NN"), 0).state.figure(fig("red4"))
    assert (after.square, after.black, after.value, after.moved) == (sq("h4"), True, 3, True)
    after = apply_action(state, Move(fig("red5"), "NN"), 0).state.figure(fig("red5"))
    assert (after.black, after.value) == (False, 5)


def test_a_figure_may_flip_without_moving() -> None:
    state = position({"red4": "h6", "blue1": "h8"}, **TURN_2)
    t = apply_action(state, Flip(fig("red4")), 0)
    red4 = t.state.figure(fig("red4"))
    assert (red4.square, red4.value, red4.moved) == (sq("h6"), 3, True)
    assert t.events[0] == {"type": "flip", "seat": 0, "figure": "red4", "shows": 3}


def test_a_waiting_figure_may_flip_and_keep_waiting() -> None:
    state = position({"red4": "outside", "blue1": "h8"}, **TURN_2)
    red4 = flip(state, "red4", 0).figure(fig("red4"))
    assert (red4.where, red4.value) == (OUTSIDE, 3)


def test_a_figure_leaving_from_a1_escapes() -> None:
    state = position({"red4": "c1", "blue1": "h8"}, monster="h9 N", **TURN_2)
    t = apply_action(state, Move(fig("red4"), "WWX"), 0)
    red4 = t.state.figure(fig("red4"))
    assert (red4.where, red4.square, red4.escaped_order) == (ESCAPED, None, 1)
    assert t.state.escapes == 1
    assert (t.events[0]["to"], t.events[0]["escapes"], t.events[0]["from"]) == ("out", True, "c1")


def test_the_move_event_says_who_moved_what_where() -> None:
    state = position({"red4": "outside", "blue1": "h8"}, stones=["p10"], **TURN_2)
    event = apply_action(state, Move(fig("red4"), "+N"), 0).events[0]
    assert event == {"type": "move", "seat": 0, "figure": "red4", "path": "+N",
                     "from": "outside", "to": "p10", "escapes": False,
                     "pushes": [{"from": "p10", "to": "p9", "piece": "stone"}],
                     "shows": 3}


def test_the_seat_to_act_is_assumed_when_none_is_given() -> None:
    state = position({"red4": "h6", "blue1": "h8"}, to_move=1, **TURN_2)
    assert flip(state, "blue1").figure(fig("blue1")).moved


def test_every_action_raises_the_version_by_one() -> None:
    state = position({"red4": "h6", "blue1": "h8"}, version=7, **TURN_2)
    assert flip(state, "red4", 0).version == 8


def test_applying_an_action_leaves_the_given_state_unchanged() -> None:
    state = position({"red4": "h6", "blue1": "h8"}, stones=["h5"], **TURN_2)
    before = state_to_dict(state)
    apply_action(state, Move(fig("red4"), "N"), 0)
    assert state_to_dict(state) == before


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (errors.InvalidNotation, "move/invalid"),
        (errors.IllegalMove, "move/illegal"),
        (errors.NotYourTurn, "move/not_your_turn"),
        (errors.GameOver, "game/over"),
        (errors.StaleVersion, "game/stale_version"),
        (errors.UnknownFigure, "move/unknown_figure"),
        (errors.WrongPhase, "game/wrong_phase"),
        (errors.AmbiguousMove, "move/ambiguous"),
        (errors.InvalidPosition, "position/invalid"),
    ],
)
def test_error_codes_are_stable_strings(error: type[errors.EngineError], code: str) -> None:
    assert error.code == code
    assert error("x").to_dict() == {"code": code, "message": "x", "details": {}}
    assert issubclass(error, ValueError)


def test_acting_out_of_turn_is_refused() -> None:
    state = position({"red4": "h6", "blue1": "h8"}, **TURN_2)
    with pytest.raises(errors.NotYourTurn) as caught:
        apply_action(state, Move(fig("blue1"), "N"), 1)
    assert caught.value.code == "move/not_your_turn"
    assert caught.value.details == {"seat": 1, "to_move": 0}
    assert caught.value.message == "red is to move, not blue"


def test_moving_another_players_figure_is_refused() -> None:
    state = position({"red4": "h6", "blue1": "h8"}, **TURN_2)
    with pytest.raises(errors.UnknownFigure) as caught:
        apply_action(state, Move(fig("blue1"), "N"), 0)
    assert caught.value.code == "move/unknown_figure"
    assert "blue 1" in caught.value.message and "red" in caught.value.message
    with pytest.raises(errors.UnknownFigure):
        apply_action(state, Flip(fig("blue1")), 0)


def test_moving_a_figure_that_is_not_in_the_game_is_refused() -> None:
    state = position({"red4": "h6", "blue1": "h8"}, **TURN_2)
    with pytest.raises(errors.UnknownFigure) as caught:
        apply_action(state, Move(fig("yellow4"), "N"), 0)
    assert "yellow 4" in caught.value.message


def test_moving_a_figure_twice_in_a_game_turn_is_refused() -> None:
    state = position({"red4": "h6", "red1": "c3", "blue1": "h8", "blue4": "k3"}, **TURN_2)
    state = apply_action(state, Move(fig("red4"), "N"), 0).state
    state = flip(state, "blue1", 1)
    for action in (Move(fig("red4"), "N"), Flip(fig("red4"))):
        with pytest.raises(errors.IllegalMove) as caught:
            apply_action(state, action, 0)
        assert caught.value.details["reason"] == "already_moved"
        assert "red 4" in caught.value.message


def test_a_figure_that_is_not_in_play_cannot_act() -> None:
    state = position({"red4": {"where": "escaped", "escaped_order": 1}, "red1": "c3",
                      "blue1": "h8"}, **TURN_2)
    with pytest.raises(errors.IllegalMove) as caught:
        apply_action(state, Flip(fig("red4")), 0)
    assert caught.value.details["reason"] == "not_in_play"


def test_an_illegal_path_is_refused_with_its_step_and_reason() -> None:
    state = position({"red4": "h6", "blue1": "h8"}, **TURN_2)
    with pytest.raises(errors.IllegalMove) as caught:
        apply_action(state, Move(fig("red4"), "SS"), 0)
    assert caught.value.code == "move/illegal"
    assert (caught.value.details["step"], caught.value.details["reason"]) == (2, "ends_on_figure")


def test_acting_in_a_finished_game_is_refused() -> None:
    outcome = {"winners": [0], "reason": "escaped", "escaped": [3, 0], "eaten": [0, 0]}
    state = position({"red4": "h6", "blue1": "h8"}, phase="over", to_move=None,
                     outcome=outcome, **TURN_2)
    for action in (Move(fig("red4"), "N"), Flip(fig("blue1"))):
        with pytest.raises(errors.GameOver) as caught:
            apply_action(state, action, 0)
        assert caught.value.code == "game/over"


def test_a_figure_action_in_the_monster_phase_is_refused() -> None:
    state = position({"red4": "h6 moved", "blue1": "h8 moved"}, phase="monster", to_move=None,
                     **TURN_2)
    with pytest.raises(errors.WrongPhase) as caught:
        apply_action(state, Flip(fig("red4")), 0)
    assert caught.value.code == "game/wrong_phase"


def test_an_action_against_an_old_version_is_refused() -> None:
    state = position({"red4": "h6", "blue1": "h8"}, version=5, **TURN_2)
    with pytest.raises(errors.StaleVersion) as caught:
        apply_action(state, Flip(fig("red4")), 0, expected_version=4)
    assert caught.value.code == "game/stale_version"
    assert caught.value.details == {"expected": 4, "version": 5}
    assert apply_action(state, Flip(fig("red4")), 0, expected_version=5).state.version == 6
