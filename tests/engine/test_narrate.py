"""engine.narrate: a player's action told in words, from the events real positions make."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Options, apply_action, new_game, parse_action, timeout_action
from engine.actions import Flip, Move
from engine.narrate import narrate_action
from engine.state import GameState
from tests.engine.helpers import fig, position

TURN_2 = {"game_turn": 2}


def told(state: GameState, notation: str, who: str = "Ann (red)", **how: bool) -> str:
    """Play ``notation`` for the seat to act and tell it."""
    events = apply_action(state, parse_action(notation, state, state.to_move)).events
    return narrate_action(events, who, **how)


@pytest.mark.parametrize(("figures", "stones", "notation", "sentence"), [
    ({"red4": "h5"}, [], "red 4 NNW",
     "Ann (red) moved red 4 from h5 to g3."),
    ({"red4": "h5"}, ["h4"], "red 4 NW",
     "Ann (red) moved red 4 from h5 to g4, pushing the stone on h4 to h3."),
    ({"red4": "h5"}, ["h4 crystal", "g3 turn_right"], "red 4 NWN",
     "Ann (red) moved red 4 from h5 to g3, pushing the right-turning stone on g3 to g2 and "
     "the crystal on h4 to h3."),
    ({"red1": "a3"}, ["a2"], "red 1 N",
     "Ann (red) moved red 1 from a3 to a2, pushing the stone on a2 out of the game."),
    ({"red4": "c1"}, [], "red 4 WWX",
     "Ann (red) moved red 4 from c1 out of the fortress: it escaped."),
    ({"red4": "outside"}, [], "red 4 +",
     "Ann (red) brought red 4 in at p11."),
    ({"red4": "outside"}, ["p10"], "red 4 +N",
     "Ann (red) brought red 4 in at p11 and moved it to p10, pushing the stone on p10 to p9."),
])
def test_a_move_says_from_where_to_where_and_what_it_pushed(
        figures: dict[str, str], stones: list[str], notation: str, sentence: str) -> None:
    state = position({**figures, "blue1": "k8"}, stones=stones, monster="h11 E", **TURN_2)
    assert told(state, notation) == sentence


def test_a_move_written_before_pushes_named_their_piece_pushes_a_stone() -> None:
    state = position({"red4": "h5", "blue1": "k8"}, stones=["h4 crystal"], **TURN_2)
    events = apply_action(state, Move(fig("red4"), "NW")).events
    old = [{**events[0], "pushes": [{"from": "h4", "to": "h3"}]}]
    assert narrate_action(old, "Ann (red)") == (
        "Ann (red) moved red 4 from h5 to g4, pushing the stone on h4 to h3.")


def test_a_flip_is_told_as_one_and_a_timeout_says_the_time_ran_out() -> None:
    state = position({"red4": "h5", "blue1": "k8"}, **TURN_2)
    events = apply_action(state, Flip(fig("red4"))).events
    assert narrate_action(events, "Ann (red)") == "Ann (red) flipped red 4 without moving it."
    game = new_game(["red", "blue"], seed=7, start_seat=0)
    events = apply_action(game, timeout_action(game)).events
    assert narrate_action(events, "Ann (red)", timed_out=True) == (
        "Ann (red) ran out of time, so red 1 was flipped without moving.")


def test_the_first_turns_automatic_flips_follow_the_move_that_caused_them() -> None:
    state = new_game(["red", "blue"], seed=1, start_seat=0)
    state = apply_action(state, Move(fig("red5"), "+WW")).state
    state = apply_action(state, Flip(fig("blue1"))).state
    events = apply_action(state, Move(fig("red4"), "+N")).events
    assert narrate_action(events, "Ann (red)") == (
        "Ann (red) brought red 4 in at p11 and moved it to p10. In the first game turn a player "
        "enters at most two figures, so red 1 and red 3, still waiting outside, were flipped.")


def placing() -> GameState:
    return new_game(["red", "blue"], seed=3, start_seat=0, options=Options(experienced=True))


@pytest.mark.parametrize(("notation", "sentence"), [
    ("place stone c3", "Ann (red) placed a stone on c3."),
    ("place turn 180 g2", "Ann (red) placed a 180° turning stone on g2."),
    ("place teleporter A c5 S", "Ann (red) placed teleporter A on c5, its arrow pointing south."),
    ("place pool long e9 h", "Ann (red) placed the long blood pool on e9–h9."),
    ("place pool square c3", "Ann (red) placed the square blood pool on c3–d4."),
])
def test_a_placement_names_the_tile_and_where_it_lies(notation: str, sentence: str) -> None:
    assert told(placing(), notation) == sentence


def test_a_placement_made_for_a_seat_out_of_time_says_so() -> None:
    game = placing()
    events = apply_action(game, timeout_action(game)).events
    sentence = narrate_action(events, "Ann (red)", timed_out=True)
    assert sentence.startswith("Ann (red) ran out of time, so ")
    assert f" was placed on {events[0]['square']}" in sentence


def test_events_that_are_no_players_action_are_left_out() -> None:
    state = position({"red4": "c1", "blue1": "k8 moved"}, monster="h11 E", **TURN_2)
    events: list[dict[str, Any]] = list(apply_action(state, Move(fig("red4"), "WWX")).events)
    assert [e["type"] for e in events] == ["move", "phase"]
    assert narrate_action(events, "Ann (red)") == narrate_action(events[:1], "Ann (red)")
    assert narrate_action([], "Ann (red)") == "Ann (red) played."
