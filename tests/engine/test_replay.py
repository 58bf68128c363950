"""Determinism and recorded games (``engine.replay``): a game is a seed plus a list of actions.

The whole recorded games in ``games/`` were played by the random players of
``random_play.record_game(seed)`` (seed 2: four players, basic game, both stages, won on a tie
of escaped figures; seed 30: seven players, experienced game with the "3 hits" card, won at
once in stage 2). Each file holds the record and the final position it must replay to.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine import (
    IllegalMove,
    Record,
    ReplayMismatch,
    play,
    replay,
    resolve_monster_phase,
    state_from_dict,
    state_to_dict,
)
from engine.state import MONSTER, GameState
from tests.engine.helpers import load_position
from tests.engine.random_play import record_game

GAMES = sorted((Path(__file__).parent / "games").glob("*.json"))


def json_round_trip(data: Any) -> Any:
    """Return ``data`` after writing it as JSON text and reading it back."""
    return json.loads(json.dumps(data))


def replay_from(state: GameState, record: Record, first: int) -> GameState:
    """Play the record's steps from index ``first`` on, starting from ``state``."""
    for step in record.steps[first:]:
        t, done = play(state, step.action, step.seat)
        assert done.automatic == step.automatic
        state = t.state
    return state


def test_the_same_seed_and_actions_give_the_same_game_twice() -> None:
    first_record, first_end = record_game(12)
    second_record, second_end = record_game(12)
    assert first_record == second_record
    assert first_end == second_end


def test_a_recorded_game_replays_to_the_same_final_state() -> None:
    record, end = record_game(12)
    assert replay(record) == end


@pytest.mark.parametrize("where", ["first_turn", "after_a_monster_phase", "stage_2"])
def test_a_game_saved_as_json_mid_game_and_loaded_again_goes_on_exactly_the_same(
    where: str
) -> None:
    record, end = record_game(35)
    states = [record.start()]
    for step in record.steps:
        states.append(play(states[-1], step.action, step.seat)[0].state)
    if where == "first_turn":
        cut = 3
    elif where == "after_a_monster_phase":
        cut = next(i for i, s in enumerate(record.steps, start=1) if s.automatic)
    else:
        cut = next(i for i, s in enumerate(states) if s.stage == 2) + 2
    saved = json_round_trip(state_to_dict(states[cut]))
    loaded = state_from_dict(saved)
    assert loaded == states[cut]
    assert replay_from(loaded, record, cut) == end


def test_the_monster_phase_never_changes_the_state_it_is_given() -> None:
    state = load_position("monster_known_walk")
    before = state_to_dict(state)
    first = resolve_monster_phase(state)
    assert state_to_dict(state) == before
    assert resolve_monster_phase(state) == first


def test_a_record_survives_to_dict_and_from_dict_through_json_text() -> None:
    record, _ = record_game(12)
    data = json_round_trip(record.to_dict())
    assert Record.from_dict(data) == record
    assert Record.from_dict(data).to_dict() == record.to_dict()


def tampered(record: Record, change) -> tuple[Record, int, int]:
    """Return the record with ``change`` applied to the first monster phase of game turn 3.

    Also returns the action number (1-based) and game turn the mismatch must name.
    """
    data = json_round_trip(record.to_dict())  # a copy: to_dict shares the record's events
    index = next(i for i, s in enumerate(data["steps"])
                 if s["automatic"] and s["automatic"][0]["game_turn"] == 3)
    step = data["steps"][index]
    change(step["automatic"])
    return Record.from_dict(data), index + 1, 3


def move_the_monster(events: list[dict]) -> None:
    """Tamper with where the stored monster phase says the monster ended."""
    done = next(e for e in events if e["type"] == "monster_done")
    done["square"] = "c3" if done["square"] != "c3" else "c4"


def forget_a_meal(events: list[dict]) -> None:
    """Tamper with the stored monster phase by adding an event that did not happen."""
    events.insert(1, {"type": "eat", "point": 1, "figure": "red1", "square": "c3",
                      "how": "caught"})


@pytest.mark.parametrize("change", [move_the_monster, forget_a_meal, list.clear],
                         ids=["moved_monster", "extra_event", "missing_phase"])
def test_a_tampered_monster_phase_raises_replay_mismatch_naming_the_action_and_game_turn(
    change
) -> None:
    record, _ = record_game(12)
    bad, action, game_turn = tampered(record, change)
    with pytest.raises(ReplayMismatch) as err:
        replay(bad)
    assert err.value.details == {"action": action, "game_turn": game_turn}
    assert f"action {action} (game turn {game_turn})" in err.value.message
    assert err.value.code == "replay/mismatch"


def test_a_stored_monster_phase_on_an_action_that_caused_none_is_refused() -> None:
    record, _ = record_game(12)
    steps = list(record.steps)
    quiet = next(i for i, s in enumerate(steps) if not s.automatic)
    steps[quiet] = replace(steps[quiet], automatic=({"type": "card", "card": "8"},))
    with pytest.raises(ReplayMismatch) as err:
        replay(replace(record, steps=tuple(steps)))
    assert err.value.details["action"] == quiet + 1


def test_a_record_with_an_illegal_action_is_refused_when_replayed() -> None:
    record, _ = record_game(12)
    data = json_round_trip(record.to_dict())
    first_move = next(s for s in data["steps"] if s["action"]["type"] == "move")
    first_move["action"]["path"] = "+" + "N" * 9
    with pytest.raises(IllegalMove):
        replay(Record.from_dict(data))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_the_whole_recorded_games_in_the_fixtures_replay_to_their_final_position(
    path: Path
) -> None:
    data = json.loads(path.read_text())
    record = Record.from_dict(data["record"])
    assert record.rules == 1  # recorded before rules versions: D4 as first written
    end = replay(record)
    # Written before rules versions and the open_exit option: the same position, which now
    # also says its rules version and that option (off).
    final = {**data["final"], "rules": 1,
             "options": {**data["final"]["options"], "open_exit": False}}
    assert state_to_dict(end) == final
    assert end.outcome is not None


def test_there_are_whole_recorded_games_to_replay() -> None:
    assert [p.name for p in GAMES] == [
        "basic_4_players_seed_2.json", "experienced_7_players_seed_30.json"]


def test_every_step_that_ends_a_figure_phase_stores_its_monster_phase() -> None:
    record, _ = record_game(12)
    state = record.start()
    for step in record.steps:
        t, _ = play(state, step.action, step.seat)
        ended_figure_phase = any(e["type"] == "phase" and e["phase"] == MONSTER
                                 for e in t.events)
        assert bool(step.automatic) == ended_figure_phase
        state = t.state
