"""Taking back actions (``engine.takeback``): only while no card was turned up since."""

from __future__ import annotations

import pytest

from engine import GameOver, apply_action, new_game, parse_action, resolve_monster_phase
from engine.errors import CannotTakeBack
from engine.events import TAKEBACK
from engine.state import MONSTER, GameState
from engine.takeback import check_can_take_back, take_back
from tests.engine.random_play import record_game


def moved(state: GameState, *lines: str) -> GameState:
    """Return ``state`` after the seats to move played ``lines`` in turn."""
    for line in lines:
        state = apply_action(state, parse_action(line, state), state.to_move).state
    return state


def test_a_takeback_returns_the_earlier_position_at_the_next_version() -> None:
    game = new_game(["red", "blue"], seed=7, start_seat=0)
    later = moved(game, "red 5 +WWNN", "blue 5 +WWN")
    back = take_back(game, later, seat=0)
    assert back.state.figures == game.figures
    assert back.state.to_move == 0
    assert back.state.version == later.version + 1
    assert back.state.rng == game.rng and back.state.pile == game.pile
    assert back.events == ({"type": TAKEBACK, "seat": 0, "from_version": later.version,
                            "to_version": game.version, "to_move": 0},)


def test_a_move_after_a_takeback_plays_on_from_the_position_taken_back_to() -> None:
    game = new_game(["red", "blue"], seed=7, start_seat=0)
    back = take_back(game, moved(game, "red 5 +WWNN"), seat=0).state
    again = moved(back, "red 4 +WW")
    assert again.version == back.version + 1
    assert again.figures == moved(game, "red 4 +WW").figures


def test_nothing_can_be_taken_back_across_a_monster_card() -> None:
    record, _ = record_game(12)
    state = record.start()
    turn_start = state
    for step in record.steps:
        state = apply_action(state, step.action, step.seat).state
        if state.phase == MONSTER:
            break
    after_card = resolve_monster_phase(state).state
    with pytest.raises(CannotTakeBack) as refused:
        check_can_take_back(turn_start, after_card)
    assert refused.value.code == "takeback/card_drawn"


def test_the_last_move_of_a_figure_phase_may_be_taken_back_before_the_card_is_drawn() -> None:
    record, _ = record_game(12)
    state, before = record.start(), record.start()
    for step in record.steps:
        before, state = state, apply_action(state, step.action, step.seat).state
        if state.phase == MONSTER:
            break
    back = take_back(before, state, seat=record.steps[0].seat).state
    assert back.phase != MONSTER and back.to_move is not None


def test_a_finished_game_takes_nothing_back() -> None:
    record, end = record_game(12)
    with pytest.raises(GameOver):
        check_can_take_back(record.start(), end)


def test_a_position_is_not_taken_back_to_itself_or_a_later_one() -> None:
    game = new_game(["red", "blue"], seed=7, start_seat=0)
    later = moved(game, "red 5 +WWNN")
    with pytest.raises(CannotTakeBack) as refused:
        take_back(later, game, seat=0)
    assert refused.value.code == "takeback/nothing"
