"""Stages, game turns and the start player (RULES §4)."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

import pytest

from engine import GameOver, Move, WrongPhase, apply_action, new_game, resolve_monster_phase
from engine.monster_phase import _unmoved
from engine.state import BOARD, ESCAPED, FIGURES, OUTSIDE, OVER, REMOVED, Figure, evolve
from tests.engine.helpers import fig
from tests.engine.monster_helpers import monster_position, of_type, walk
from tests.engine.random_play import flip_everything

DECK = Counter(["5", "7", "7", "8", "8", "10", "1hit", "2hits"])
SIX_PLAYED = {"discard": ["7", "7", "8", "8", "10", "1hit"], "pile": ["5", "2hits"]}


def test_stage_1_ends_after_its_seventh_card_and_the_eighth_is_never_turned() -> None:
    t = resolve_monster_phase(monster_position({"red1": "k9"}, **SIX_PLAYED))
    assert [e["card"] for e in of_type(t.events, "card")] == ["5"]
    assert of_type(t.events, "stage_end") == [{"type": "stage_end", "stage": 1, "next_stage": 2}]
    assert (t.state.stage, t.state.discard, t.state.phase) == (2, (), FIGURES)


def test_stage_1_goes_on_until_its_seventh_card() -> None:
    state = monster_position({"red1": "c3"}, discard=["5", "7", "7", "8", "8"],
                             pile=["10", "1hit", "2hits"])
    t = resolve_monster_phase(state)
    assert (t.state.stage, t.state.discard) == (1, ("5", "7", "7", "8", "8", "10"))
    assert of_type(t.events, "stage_end") == []


def test_when_stage_2_begins_all_eight_cards_are_shuffled_into_a_new_pile() -> None:
    piles = set()
    for seed in range(10):
        state = monster_position({"red1": "c3"}, seed=seed, **SIX_PLAYED)
        pile = resolve_monster_phase(state).state.pile
        assert Counter(pile) == DECK
        piles.add(pile)
    assert len(piles) > 5


def test_figures_eaten_by_the_seventh_card_of_stage_1_still_come_back() -> None:
    state = monster_position({"red1": "i6"}, monster="h6 E", **SIX_PLAYED)
    t = resolve_monster_phase(state)
    assert t.state.stage == 2
    assert t.state.figure(fig("red1")).where == OUTSIDE


def test_stage_2_ends_after_its_seventh_card_and_every_figure_inside_counts_as_eaten() -> None:
    state = monster_position({"red1": "m9", "blue1": "k9", "red3": "outside"}, stage=2,
                             **SIX_PLAYED)
    t = resolve_monster_phase(state)
    assert of_type(t.events, "stage_end") == [
        {"type": "stage_end", "stage": 2, "eaten_inside": ["red1", "blue1"]}]
    assert t.state.phase == OVER
    assert t.state.outcome.reason == "stage_two_over"
    for key in ("red1", "blue1"):
        f = t.state.figure(fig(key))
        assert (f.where, f.square, f.times_eaten) == (REMOVED, None, 1)


def test_figures_waiting_outside_when_stage_2_ends_are_not_counted_as_eaten() -> None:
    state = monster_position({"red1": "k9", "red3": "outside"}, stage=2, **SIX_PLAYED)
    t = resolve_monster_phase(state)
    red3 = t.state.figure(fig("red3"))
    assert (red3.where, red3.times_eaten) == (OUTSIDE, 0)
    assert t.state.outcome.eaten == (1, 0)


@pytest.mark.parametrize(("start", "after"), [(0, 1), (1, 2), (2, 0)])
def test_after_each_monster_phase_the_next_player_clockwise_becomes_start_player(
    start: int, after: int
) -> None:
    state = monster_position({"red1": "c3", "blue1": "c5", "green1": "c7"}, start_seat=start)
    t = walk(state, "5")
    assert (t.state.start_seat, t.state.to_move) == (after, after)
    assert of_type(t.events, "turn")[0]["start_seat"] == after


def test_a_new_start_player_with_nothing_left_to_move_passes_to_the_next_clockwise() -> None:
    figures = {"red1": "c3", "blue1": "escaped", "blue3": "removed", "green1": "c7"}
    t = walk(monster_position(figures, stage=2, discard=["5"],
                              pile=["7", "7", "8", "8", "10", "1hit", "2hits"]), "7")
    assert (t.state.start_seat, t.state.to_move) == (1, 2)


def test_a_new_game_turn_begins_with_every_figure_unmoved_and_the_turn_counted() -> None:
    state = monster_position({"red1": "c3 moved", "red3": "outside moved", "blue1": "k9 moved"},
                             game_turn=4)
    t = walk(state, "5")
    assert t.state.game_turn == 5
    assert not any(f.moved for f in t.state.figures)
    assert of_type(t.events, "turn") == [
        {"type": "turn", "game_turn": 5, "start_seat": 1, "stage": 1}]


def test_in_stage_1_the_game_goes_on_when_nobody_is_left_on_the_board() -> None:
    t = walk(monster_position({"red1": "i6"}, monster="h6 E"), "1hit")
    assert (t.state.phase, t.state.to_move) == (FIGURES, 0)
    assert t.state.figure(fig("red1")).where == OUTSIDE


def test_in_stage_2_the_game_ends_when_the_monster_eats_the_last_figure_in_play() -> None:
    figures = {"red1": "i6", "red3": {"where": "escaped", "escaped_order": 1},
               "blue1": "removed"}
    t = walk(monster_position(figures, monster="h6 E", stage=2, discard=["5"],
                              pile=["7", "7", "8", "8", "10", "1hit", "2hits"], escapes=1), "7")
    assert t.state.phase == OVER
    assert t.state.outcome.to_dict() == {
        "winners": [0], "reason": "nothing_left", "escaped": [1, 0], "eaten": [1, 0]}


def test_in_stage_2_the_game_ends_when_the_last_figure_in_play_escapes() -> None:
    figures = {"red5": "b1", "red3": {"where": "escaped", "escaped_order": 2},
               "blue1": {"where": "escaped", "escaped_order": 1}, "blue3": "removed"}
    state = monster_position(figures, monster="h6 E", phase="figures", to_move=0, stage=2,
                             escapes=2)
    t = apply_action(state, Move(fig("red5"), "WX"), 0)
    assert t.state.phase == OVER
    assert t.state.outcome.reason == "nothing_left"
    assert t.state.outcome.escaped == (2, 1)
    assert t.state.outcome.winners == (0,)


def test_a_game_where_nobody_ever_enters_ends_after_two_stages_of_seven_cards() -> None:
    state = new_game(2, seed=4)
    phases = 0
    while state.phase != OVER:
        state = resolve_monster_phase(flip_everything(state)).state
        phases += 1
    assert phases == 14
    assert state.game_turn == 14
    assert state.outcome.to_dict() == {
        "winners": [], "reason": "stage_two_over", "escaped": [0, 0], "eaten": [0, 0]}


def test_the_monster_phase_is_refused_in_the_figure_phase_and_after_the_end() -> None:
    state = new_game(2, seed=4)
    with pytest.raises(WrongPhase):
        resolve_monster_phase(state)
    over = monster_position({"red1": "k9"}, stage=2, **SIX_PLAYED)
    over = resolve_monster_phase(over).state
    assert over.phase == OVER
    with pytest.raises(GameOver):
        resolve_monster_phase(over)


def test_figures_on_the_board_in_stage_2_end_are_eaten_but_escaped_ones_stay_out() -> None:
    figures = {"red1": "k9", "red3": {"where": "escaped", "escaped_order": 1}}
    t = resolve_monster_phase(monster_position(figures, stage=2, escapes=1, **SIX_PLAYED))
    assert [t.state.figure(fig(k)).where for k in ("red1", "red3")] == [REMOVED, ESCAPED]
    assert not any(f.where == BOARD for f in t.state.figures)


def test_a_new_turn_clears_moved_and_keeps_every_other_field() -> None:
    """The turn reset builds figures field by field; it must match evolve(moved=False)."""
    figure = Figure("red", 4, black=True, where="board", square=17, moved=True,
                    escaped_order=3, times_eaten=2)
    assert _unmoved(figure) == evolve(figure, moved=False)
    assert [f.name for f in fields(Figure)] == [
        "colour", "number", "black", "where", "square", "moved", "escaped_order", "times_eaten"]
