"""The end of the game and its outcome (RULES §4 "Winning"; D21, D22)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import (
    GameOver,
    Move,
    apply_action,
    resolve_monster_phase,
    state_from_dict,
    state_to_dict,
)
from engine.outcome import escapes_needed, final_outcome
from engine.state import FIGURES, OVER, GameState, Outcome
from tests.engine.helpers import fig
from tests.engine.monster_helpers import monster_position, of_type

SEVEN = ["red", "blue", "green", "yellow", "beige", "purple", "black"]


def escaped(order: int) -> dict[str, Any]:
    """Return the position-format entry of a figure that escaped as the ``order``-th."""
    return {"where": "escaped", "escaped_order": order}


def figure_phase(figures: dict, players: int = 2, **fields: Any) -> GameState:
    """Return a figure-phase position with ``players`` seats (red, blue, green, ...)."""
    seats = [{"seat": i, "colour": c} for i, c in enumerate(SEVEN[:players])]
    fields.setdefault("escapes", sum(1 for v in figures.values() if isinstance(v, dict)
                                     and v.get("where") == "escaped"))
    return monster_position(figures, players=seats, monster="h6 E", phase=FIGURES, to_move=0,
                            **fields)


@pytest.mark.parametrize(("players", "needed"), [(2, 3), (3, 3), (4, 3), (5, 2), (6, 2), (7, 2)])
def test_a_player_needs_all_but_one_figure_out_3_with_2_to_4_players_2_with_5_to_7(
    players: int, needed: int
) -> None:
    assert escapes_needed(players) == needed


def test_with_2_to_4_players_the_third_escaped_figure_wins_at_once_even_in_stage_1() -> None:
    state = figure_phase({"red5": "b1", "red1": escaped(1), "red3": escaped(2),
                          "blue1": "k9"}, game_turn=3)
    t = apply_action(state, Move(fig("red5"), "WX"), 0)
    assert (t.state.phase, t.state.stage, t.state.to_move) == (OVER, 1, None)
    assert t.state.outcome == Outcome((0,), "escaped", (3, 0), (0, 0))
    assert t.events[-1] == {"type": "game_over", "winners": [0], "reason": "escaped",
                            "escaped": [3, 0], "eaten": [0, 0]}


def test_with_5_to_7_players_the_second_escaped_figure_wins_at_once() -> None:
    state = figure_phase({"red5": "b1", "red1": escaped(1), "blue1": "k9"}, players=5)
    t = apply_action(state, Move(fig("red5"), "WX"), 0)
    assert t.state.outcome.winners == (0,) and t.state.outcome.reason == "escaped"


def test_with_4_players_two_escaped_figures_are_not_yet_a_win() -> None:
    state = figure_phase({"red5": "b1", "red1": escaped(1), "blue1": "k9"}, players=4)
    t = apply_action(state, Move(fig("red5"), "WX"), 0)
    assert (t.state.phase, t.state.to_move, t.state.outcome) == (FIGURES, 1, None)


def test_the_immediate_win_ends_the_game_in_the_middle_of_the_figure_phase() -> None:
    state = figure_phase({"red5": "b1", "red1": escaped(1), "red3": escaped(2),
                          "blue1": "k9", "blue3": "k3", "red4": "c9"})
    t = apply_action(state, Move(fig("red5"), "WX"), 0)
    assert t.state.phase == OVER
    assert not any(f.moved for f in t.state.figures if f.colour == "blue")
    assert of_type(t.events, "phase", "card") == []


def test_the_immediate_win_also_counts_in_stage_2() -> None:
    state = figure_phase({"red5": "b1", "red1": escaped(1), "red3": escaped(2),
                          "blue1": "k9"}, stage=2, pile=["5", "7", "7", "8", "8", "10", "1hit"],
                         discard=["2hits"])
    t = apply_action(state, Move(fig("red5"), "WX"), 0)
    assert t.state.outcome.reason == "escaped"


def test_nothing_can_be_played_once_the_game_is_over() -> None:
    state = figure_phase({"red5": "b1", "red1": escaped(1), "red3": escaped(2),
                          "blue1": "k9"})
    over = apply_action(state, Move(fig("red5"), "WX"), 0).state
    with pytest.raises(GameOver):
        apply_action(over, Move(fig("blue1"), "N"), 1)


def ranking(figures: dict, players: int = 2) -> Outcome:
    """Return the final outcome (stage 2 over) of a position with these figures."""
    return final_outcome(figure_phase(figures, players=players, stage=2), "stage_two_over")


def test_without_an_immediate_winner_the_player_with_most_escaped_figures_wins() -> None:
    outcome = ranking({"red1": escaped(1), "red3": escaped(3), "blue1": escaped(2)})
    assert (outcome.winners, outcome.escaped) == ((0,), (2, 1))


def test_d21_a_tie_goes_to_the_player_who_reached_that_number_first() -> None:
    # Red escaped first, but blue had two out (escapes 2 and 3) before red's second (escape 4).
    outcome = ranking({"red1": escaped(1), "red3": escaped(4),
                       "blue1": escaped(2), "blue3": escaped(3)})
    assert (outcome.winners, outcome.escaped) == ((1,), (2, 2))


def test_d21_a_tie_of_one_escaped_figure_each_goes_to_the_earlier_escape() -> None:
    outcome = ranking({"red1": escaped(2), "blue1": escaped(3), "green1": escaped(1)},
                      players=3)
    assert outcome.winners == (2,)


def test_d21_only_the_leaders_are_compared_not_a_player_who_escaped_earlier_but_fewer() -> None:
    outcome = ranking({"red1": escaped(1), "blue1": escaped(2), "blue3": escaped(4),
                       "green1": escaped(3), "green3": escaped(5)}, players=3)
    assert outcome.winners == (1,)


def test_when_nobody_escaped_nobody_wins() -> None:
    outcome = ranking({"red1": "c3", "blue1": "k9"})
    assert outcome == Outcome((), "stage_two_over", (0, 0), (0, 0))


def test_d22_the_eaten_count_is_every_meal_of_the_whole_game_per_player() -> None:
    # Red 1 was eaten twice in stage 1 and red 3 once in stage 2; blue 1 is pushed off the
    # board by the last card and red 4, still inside when stage 2 ends, counts as eaten.
    figures = {"red1": {"where": "outside", "times_eaten": 2},
               "red3": {"where": "removed", "times_eaten": 1},
               "red4": "c9", "blue1": "p6", "blue3": escaped(1)}
    state = monster_position(figures, monster="n6 E", stones=["o6"], stage=2, escapes=1,
                             discard=["7", "7", "8", "8", "10", "1hit"], pile=["5", "2hits"])
    t = resolve_monster_phase(state)
    assert t.state.outcome.to_dict() == {
        "winners": [1], "reason": "stage_two_over", "escaped": [0, 1], "eaten": [4, 1]}


def test_the_outcome_value_is_plain_data_and_survives_the_position_format() -> None:
    state = figure_phase({"red5": "b1", "red1": escaped(1), "red3": escaped(2),
                          "blue1": "k9"})
    over = apply_action(state, Move(fig("red5"), "WX"), 0).state
    data = json.loads(json.dumps(state_to_dict(over)))
    assert data["outcome"] == {"winners": [0], "reason": "escaped", "escaped": [3, 0],
                               "eaten": [0, 0]}
    assert state_from_dict(data).outcome == over.outcome
