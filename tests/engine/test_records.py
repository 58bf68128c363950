"""Records (``engine.records``): written from a game's log, read back with every entry checked."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine import (
    GameState,
    Options,
    Place,
    action_from_dict,
    apply_action,
    new_game,
    parse_action,
    player_view,
    state_to_dict,
)
from engine.bots import choose
from engine.errors import InvalidRecord, ReplayMismatch
from engine.records import (
    Input,
    Played,
    Replay,
    TakenBack,
    extend,
    public_position,
    read_record,
    record_dict,
    replay_inputs,
    until,
)
from engine.state import MONSTER, OVER
from tests.engine.random_play import record_game


def whole_game(seed: int) -> tuple[GameState, list[Input], GameState]:
    """Return the start, the log and the end of the random game of ``seed``."""
    record, end = record_game(seed)
    return record.start(), [Played(s.seat, s.action) for s in record.steps], end


def as_json(data: dict[str, Any]) -> dict[str, Any]:
    """Return ``data`` as another tool would read it: written as JSON text and read back."""
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def keys_in(data: Any) -> set[str]:
    """Return every key of every object in ``data``, however deep."""
    if isinstance(data, dict):
        return set(data) | {k for value in data.values() for k in keys_in(value)}
    if isinstance(data, list):
        return {k for value in data for k in keys_in(value)}
    return set()


@pytest.mark.parametrize("seed", [2, 12, 30, 35])
def test_a_finished_games_record_replays_to_the_identical_final_state(seed: int) -> None:
    start, log, end = whole_game(seed)
    done = replay_inputs(start, log, version=end.version, chosen_start=None)
    assert done.state == end
    replayed = read_record(as_json(record_dict(done, reveal=True)))
    assert replayed.seeded
    assert replayed.state == end
    assert state_to_dict(replayed.state) == state_to_dict(end)


def test_a_record_of_a_game_under_way_carries_no_secret_and_replays_its_public_position() -> None:
    start, log, _ = whole_game(12)
    done = replay_inputs(start, log[:40], chosen_start=None)
    data = as_json(record_dict(done, reveal=False))
    assert not keys_in(data) & {"seed", "pile", "rng", "setup"}
    mine, yours = read_record(data, seed=1), read_record(data, seed=2)
    assert not mine.seeded
    assert public_position(mine.state) == public_position(done.state)
    assert public_position(yours.state) == public_position(done.state)
    assert sorted(mine.state.pile) == sorted(done.state.pile)
    assert mine.state.rng != done.state.rng


def test_the_monster_turns_of_a_record_under_way_are_the_cards_it_names() -> None:
    start, log, _ = whole_game(35)
    done = replay_inputs(start, log[:60], chosen_start=None)
    monster = [entry for entry in done.entries if entry.kind == "monster"]
    assert monster
    replayed = read_record(as_json(record_dict(done, reveal=False)), seed=99)
    assert [e.card for e in replayed.entries if e.kind == "monster"] == [e.card for e in monster]
    assert [e.events for e in replayed.entries] == [e.events for e in done.entries]


def taken_back_game() -> Replay:
    """Return a game of red and blue: each moved, red took its move back and moved again."""
    game = new_game(["red", "blue"], seed=7, start_seat=0)
    first = parse_action("red 5 +WWNN", game)
    after = apply_action(game, first, 0).state
    log: list[Input] = [Played(0, first), Played(1, parse_action("blue 5 +WWN", after)),
                        TakenBack(0, 0), Played(0, parse_action("red 4 +WW", game))]
    return replay_inputs(game, log, chosen_start=0)


def test_takebacks_replay_and_keep_the_versions() -> None:
    done = taken_back_game()
    assert [e.version for e in done.entries] == [1, 2, 3, 4]
    replayed = read_record(as_json(record_dict(done, reveal=True)))
    assert replayed.state == done.state
    assert replayed.entries[2].kind == "takeback" and replayed.entries[2].to_version == 0


def test_a_record_names_each_entry_with_its_version_and_notation() -> None:
    game = new_game(["red", "blue"], seed=7, start_seat=0)
    done = replay_inputs(game, [Played(0, parse_action("red 5 +WWNN", game))], chosen_start=0)
    data = record_dict(done, reveal=False, meta={"name": "Friday night"})
    assert data["game"] == {"name": "Friday night"}
    assert data["entries"] == [{"version": 1, "seat": 0, "notation": "red 5 +WWNN",
                                "action": {"type": "move", "figure": "red5", "path": "+WWNN"}}]
    assert data["outcome"] is None


def refused(data: dict[str, Any]) -> InvalidRecord | ReplayMismatch:
    """Return the refusal of reading ``data``."""
    with pytest.raises((InvalidRecord, ReplayMismatch)) as error:
        read_record(data)
    assert isinstance(error.value, (InvalidRecord, ReplayMismatch))
    return error.value


@pytest.fixture(name="finished")
def finished_record() -> dict[str, Any]:
    start, log, _ = whole_game(12)
    _, _, end = whole_game(12)
    return as_json(record_dict(replay_inputs(start, log, version=end.version,
                                             chosen_start=None), reveal=True))


def test_what_is_no_record_is_refused_as_none() -> None:
    for data in ([], {"players": []}, {"format": "pgn"}):
        assert refused(data).code == "record/invalid"  # type: ignore[arg-type]
    assert "not a Fearsome Floors record" in refused({"format": "x"}).message


def test_a_rules_version_this_release_does_not_know_is_refused(
        finished: dict[str, Any]) -> None:
    error = refused({**finished, "rules": 3})
    assert error.code == "record/invalid"
    assert "rules version 3" in error.message


def test_a_format_version_this_release_does_not_read_is_refused(
        finished: dict[str, Any]) -> None:
    assert "format version 2" in refused({**finished, "format_version": 2}).message


def test_an_action_the_rules_refuse_is_named_with_its_entry_and_reason(
        finished: dict[str, Any]) -> None:
    data = copy.deepcopy(finished)
    entry = next(i for i, e in enumerate(data["entries"]) if "action" in e and i > 3)
    data["entries"][entry]["action"] = {"type": "move", "figure": "red5", "path": "NNNNNNNNN"}
    error = refused(data)
    assert error.code == "record/invalid"
    assert error.details["entry"] == entry + 1
    assert error.message.startswith(f"entry {entry + 1}: ")
    assert error.details["cause"].startswith("move/")


def test_a_version_that_is_not_the_replays_is_a_mismatch(finished: dict[str, Any]) -> None:
    data = copy.deepcopy(finished)
    data["entries"][2]["version"] += 5
    error = refused(data)
    assert error.code == "replay/mismatch" and error.details["entry"] == 3


def test_a_card_the_seed_does_not_turn_up_is_a_mismatch(finished: dict[str, Any]) -> None:
    data = copy.deepcopy(finished)
    entry = next(i for i, e in enumerate(data["entries"]) if "monster" in e)
    card = data["entries"][entry]["monster"]["card"]
    data["entries"][entry]["monster"]["card"] = "7" if card != "7" else "8"
    error = refused(data)
    assert error.code == "replay/mismatch" and error.details["entry"] == entry + 1


def test_a_card_the_pile_no_longer_holds_is_refused() -> None:
    start, log, _ = whole_game(35)
    data = as_json(record_dict(replay_inputs(start, log[:60], chosen_start=None),
                               reveal=False))
    turns = [i for i, e in enumerate(data["entries"]) if "monster" in e]
    first, second = turns[0], turns[1]
    data["entries"][second]["monster"]["card"] = data["entries"][first]["monster"]["card"]
    data["entries"][second]["monster"].pop("eaten")
    error = refused(data)
    if error.code == "record/invalid":
        assert error.details["entry"] == second + 1
    else:  # the card was in the deck twice (7, 8): its walk differs
        assert error.details["entry"] >= second + 1


def test_a_hit_card_as_the_games_first_is_refused() -> None:
    start, log, _ = whole_game(12)
    data = as_json(record_dict(replay_inputs(start, log[:40], chosen_start=None),
                               reveal=False))
    entry = next(i for i, e in enumerate(data["entries"]) if "monster" in e)
    data["entries"][entry]["monster"] = {"card": "1hit"}
    error = refused(data)
    assert error.code == "record/invalid" and "first card" in error.message


def test_a_final_position_other_than_the_replays_is_a_mismatch(
        finished: dict[str, Any]) -> None:
    data = copy.deepcopy(finished)
    data["end"]["game_turn"] += 1
    error = refused(data)
    assert error.code == "replay/mismatch" and "game_turn" in error.message


def test_a_seed_that_does_not_give_the_start_is_a_mismatch(finished: dict[str, Any]) -> None:
    data = copy.deepcopy(finished)
    data["setup"]["seed"] += 1
    assert refused(data).code == "replay/mismatch"


def test_a_malformed_entry_is_refused_with_its_number(finished: dict[str, Any]) -> None:
    data = copy.deepcopy(finished)
    data["entries"][0] = {"version": 1, "seat": "first", "action": {"type": "flip"}}
    error = refused(data)
    assert error.code == "record/invalid" and error.details["entry"] == 1


def test_a_start_position_with_secrets_is_refused(finished: dict[str, Any]) -> None:
    data = copy.deepcopy(finished)
    data["start"]["pile"] = ["5"]
    assert refused(data).code == "record/invalid"


def test_an_experienced_game_with_its_placements_replays_without_its_seed() -> None:
    game = new_game(["red", "blue", "green"], seed=4, options=Options(experienced=True))
    state, log = game, []
    while state.phase not in (MONSTER, OVER):
        assert state.to_move is not None
        action = action_from_dict(choose(player_view(state, state.to_move), "random", 5))
        log.append(Played(state.to_move, action))
        state = apply_action(state, action, state.to_move).state
    done = replay_inputs(game, log, chosen_start=None)
    assert any(isinstance(item.action, Place) for item in log if isinstance(item, Played))
    replayed = read_record(as_json(record_dict(done, reveal=False)), seed=3)
    assert replayed.state.teleporters == state.teleporters
    assert public_position(replayed.state) == public_position(state)


def test_a_monster_turn_still_due_is_left_to_come() -> None:
    start, log, end = whole_game(12)
    entries = replay_inputs(start, log, chosen_start=None).entries
    assert entries[-1].kind == "action"
    assert replay_inputs(start, log, chosen_start=None).state.phase == MONSTER
    assert replay_inputs(start, log, version=end.version, chosen_start=None).state.phase == OVER


def test_the_actions_of_the_turn_leave_out_those_taken_back() -> None:
    done = taken_back_game()
    assert [(e.seat, e.version) for e in done.turn_actions()] == [(0, 4)]
    assert sorted(done.positions) == [0, 3, 4]  # 3: the position of 0 again
    assert done.positions[4] == done.state


def test_a_replay_goes_on_an_action_or_a_chosen_card_at_a_time() -> None:
    start, log, _ = whole_game(35)
    done = read_record(as_json(record_dict(replay_inputs(start, log[:1],
                                                         chosen_start=None),
                                           reveal=False)), seed=4)
    state = done.state
    while state.phase != MONSTER:
        assert state.to_move is not None
        action = action_from_dict(choose(player_view(state, state.to_move), "easy", 1))
        done = extend(done, Played(state.to_move, action))
        state = done.state
    chosen = extend(done, card="8")
    assert chosen.entries[-1].kind == "monster" and chosen.entries[-1].card == "8"
    with pytest.raises(InvalidRecord):
        extend(done, card="1hit")  # the game's first card is never a hit
    again = read_record(as_json(record_dict(chosen, reveal=False)), seed=4)
    assert again.state == chosen.state


def test_a_record_cut_at_a_version_replays_to_the_position_of_that_version() -> None:
    start, log, _ = whole_game(12)
    done = replay_inputs(start, log, chosen_start=None)
    data = as_json(record_dict(done, reveal=False))
    middle = done.entries[30].version
    cut = until(data, middle)
    assert "end" not in cut and len(cut["entries"]) == 31
    assert public_position(read_record(cut, seed=1).state) == public_position(
        replay_inputs(start, log[:sum(1 for e in done.entries[:31] if e.kind == "action")],
                      chosen_start=None).state)


def test_a_finished_experienced_game_with_a_chosen_start_player_replays_from_its_seed() -> None:
    game = new_game(["red", "blue", "green"], seed=21, start_seat=1,
                    options=Options(experienced=True, random_setup=True))
    assert game.start_seat != 1  # the player after the last tile placed starts moving
    state, log = game, []
    rng = 0
    while state.phase != OVER:
        if state.phase == MONSTER:
            state = extend(replay_inputs(game, log, chosen_start=1), card=None).state
            continue
        assert state.to_move is not None
        rng += 1
        action = action_from_dict(choose(player_view(state, state.to_move), "random", rng))
        log.append(Played(state.to_move, action))
        state = replay_inputs(game, log, chosen_start=1).state
    done = replay_inputs(game, log, version=state.version, chosen_start=1)
    data = as_json(record_dict(done, reveal=True))
    assert data["setup"] == {"seed": 21, "start_seat": 1}
    assert read_record(data).state == done.state
