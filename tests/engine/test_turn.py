"""Who may act now (engine/turn.py): ``check_may_act`` before an action is read, and the same
checks inside ``apply_action``, each refusal with its code, message and details."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import (
    EngineError,
    Flip,
    GameOver,
    GameState,
    Move,
    NotYourTurn,
    Options,
    Place,
    StaleVersion,
    WrongPhase,
    apply_action,
    check_may_act,
    new_game,
)
from engine.autoplay import random_game
from engine.state import MONSTER, OVER
from tests.engine.helpers import fig, position, sq

OUTCOME = {"winners": [0], "reason": "escaped", "escaped": [3, 0], "eaten": [0, 0]}


def refusal(state: GameState, seat: int, **kwargs: Any) -> dict[str, Any]:
    """Return what ``check_may_act`` refuses, as the error's JSON form (fail if it allows)."""
    with pytest.raises(EngineError) as caught:
        check_may_act(state, seat, **kwargs)
    return caught.value.to_dict()


def figure_phase(**fields: Any) -> GameState:
    return position({"red4": "h6", "blue1": "h8"}, game_turn=2, **fields)


def finished() -> GameState:
    return figure_phase(phase=OVER, to_move=None, outcome=OUTCOME)


def monster_phase() -> GameState:
    return position({"red4": "h6 moved", "blue1": "h8 moved"}, game_turn=2, phase=MONSTER,
                    to_move=None)


def test_it_is_exported_from_the_engine() -> None:
    assert "check_may_act" in engine.__all__
    assert engine.check_may_act is check_may_act


def test_the_seat_to_act_may_act_in_the_figure_and_the_placement_phase() -> None:
    assert check_may_act(figure_phase(), 0) is None
    placing = new_game(3, seed=1, options=Options(experienced=True), start_seat=2)
    assert check_may_act(placing, 2) is None


def test_it_refuses_every_seat_once_the_game_is_over() -> None:
    for seat in (0, 1):
        assert refusal(finished(), seat) == {
            "code": "game/over", "message": "the game is over; no more actions are taken",
            "details": {"phase": "over"}}


def test_it_refuses_every_seat_while_the_monster_moves() -> None:
    for seat in (0, 1):
        assert refusal(monster_phase(), seat) == {
            "code": "game/wrong_phase",
            "message": "the monster is moving; the next turn starts when it is done",
            "details": {"phase": "monster"}}


def test_it_refuses_a_seat_whose_turn_it_is_not() -> None:
    assert refusal(figure_phase(), 1) == {
        "code": "move/not_your_turn", "message": "red is to move, not blue",
        "details": {"seat": 1, "to_move": 0}}
    placing = new_game(3, seed=1, options=Options(experienced=True), start_seat=2)
    assert refusal(placing, 0) == {
        "code": "move/not_your_turn", "message": "blue is to move, not green",
        "details": {"seat": 0, "to_move": 2}}


def test_the_refusals_are_the_typed_engine_errors() -> None:
    with pytest.raises(GameOver):
        check_may_act(finished(), 0)
    with pytest.raises(WrongPhase):
        check_may_act(monster_phase(), 0)
    with pytest.raises(NotYourTurn):
        check_may_act(figure_phase(), 1)


def test_with_an_expected_version_an_old_one_is_refused_first() -> None:
    state = figure_phase(version=5)
    assert check_may_act(state, 0, expected_version=5) is None
    stale = {"code": "game/stale_version", "message": "the game is at version 5, not 4",
             "details": {"expected": 4, "version": 5}}
    assert refusal(state, 0, expected_version=4) == stale
    assert refusal(state, 1, expected_version=4) == stale  # before the turn
    assert refusal(finished(), 0, expected_version=9)["code"] == "game/stale_version"
    assert refusal(finished(), 0, expected_version=0)["code"] == "game/over"


def the_checks_the_service_made(state: GameState, seat: int) -> None:
    """What ``service.features.actions.service.parse`` checked before this function existed (its
    words since changed: seats are named by colour, as people read them)."""
    if state.phase == OVER:
        raise GameOver("the game is over; no more actions are taken", phase=OVER)
    if state.phase == MONSTER:
        raise WrongPhase("the monster is moving; the next turn starts when it is done",
                         phase=MONSTER)
    if state.to_move != seat:
        assert state.to_move is not None
        raise NotYourTurn(f"{state.colour_of(state.to_move)} is to move, not "
                          f"{state.colour_of(seat)}", seat=seat, to_move=state.to_move)


def answer(check: Any, state: GameState, seat: int) -> dict[str, Any] | None:
    try:
        check(state, seat)
    except EngineError as exc:
        return {"type": type(exc), **exc.to_dict()}
    return None


@pytest.mark.parametrize("options", [Options(), Options(experienced=True)])
def test_it_answers_as_the_services_own_checks_did_in_every_state_of_a_game(
        options: Options) -> None:
    states = [new_game(3, seed=11, options=options)]
    states += [t.state for _, t in random_game(3, 11, options)]
    phases = set()
    for state in states:
        phases.add(state.phase)
        for seat in range(3):
            assert answer(check_may_act, state, seat) == answer(
                the_checks_the_service_made, state, seat)
    assert {"figures", "monster", "over"} <= phases


# apply_action makes the same checks in the same place, in its own words, which name the kind
# of action tried; the action's phase is checked before the turn.


def test_apply_action_names_the_figure_phase_and_the_colour_to_act() -> None:
    with pytest.raises(NotYourTurn) as caught:
        apply_action(figure_phase(), Flip(fig("blue1")), 1)
    assert caught.value.to_dict() == {
        "code": "move/not_your_turn", "message": "red is to move, not blue",
        "details": {"seat": 1, "to_move": 0}}
    with pytest.raises(WrongPhase) as caught:
        apply_action(monster_phase(), Move(fig("red4"), "N"), 0)
    assert caught.value.to_dict() == {
        "code": "game/wrong_phase", "message": "it is the monster phase, not the figure phase",
        "details": {"phase": "monster"}}


def test_apply_action_names_the_placement_phase() -> None:
    placing = new_game(3, seed=1, options=Options(experienced=True), start_seat=2)
    with pytest.raises(NotYourTurn) as caught:
        apply_action(placing, Place("stone", sq("c3")), 0)
    assert caught.value.to_dict() == {
        "code": "move/not_your_turn",
        "message": "blue places the next tile, not green",
        "details": {"seat": 0, "to_move": 2}}
    with pytest.raises(WrongPhase) as caught:  # the wrong phase for the action, before the turn
        apply_action(figure_phase(), Place("stone", sq("c3")), 1)
    assert caught.value.to_dict() == {
        "code": "game/wrong_phase", "message": "it is the figure phase, not the placement phase",
        "details": {"phase": "figures"}}
    with pytest.raises(WrongPhase) as caught:
        apply_action(placing, Flip(fig("green1")), 2)
    assert caught.value.message == "it is the placement phase, not the figure phase"


def test_apply_action_refuses_a_finished_game_and_an_old_version_as_check_may_act_does() -> None:
    for action in (Flip(fig("red4")), Place("stone", sq("c3"))):
        with pytest.raises(GameOver) as caught:
            apply_action(finished(), action, 0)
        assert caught.value.to_dict() == refusal(finished(), 0)
    state = figure_phase(version=5)
    with pytest.raises(StaleVersion) as caught:
        apply_action(state, Flip(fig("blue1")), 1, expected_version=4)
    assert caught.value.to_dict() == refusal(state, 1, expected_version=4)


def test_apply_action_with_no_seat_acts_for_the_seat_to_act() -> None:
    assert apply_action(figure_phase(), Flip(fig("red4"))).events[0]["seat"] == 0
