"""The position format (engine.position): round trips, hand-written positions, refusals."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.actions import Flip, Move
from engine.board import E
from engine.errors import InvalidPosition
from engine.figure_phase import legal_moves
from engine.options import Options
from engine.position import state_from_dict, state_to_dict
from engine.replay import play
from engine.setup import new_game
from engine.state import BOARD, OUTSIDE, GameState, Monster, Player, Teleporter
from tests.engine.helpers import fig, position_dict, sq


def round_trip(state: GameState) -> GameState:
    """Write a state as JSON text and read it back."""
    return state_from_dict(json.loads(json.dumps(state_to_dict(state))))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_a_new_game_round_trips(players: int) -> None:
    state = new_game(players, seed=100 + players)
    assert round_trip(state) == state


@pytest.mark.parametrize(
    "options",
    [Options(experienced=True), Options(experienced=True, random_setup=True),
     Options(three_hits=True)],
    ids=["placement phase", "random set-up", "three hits"],
)
def test_a_new_game_with_options_round_trips(options: Options) -> None:
    state = new_game(6, seed=5, options=options)
    assert round_trip(state) == state


@pytest.mark.parametrize("players", [2, 4, 7])
def test_every_position_of_a_played_game_round_trips(players: int) -> None:
    choose = random.Random(players)
    state = new_game(players, seed=players, options=Options(experienced=True, random_setup=True))
    seen_eaten = seen_escaped = False
    while not state.is_over:
        assert round_trip(state) == state
        moves = legal_moves(state, state.to_move)
        key = choose.choice(sorted(moves))
        if moves[key] and choose.random() < 0.9:
            action: Move | Flip = Move(fig(key), choose.choice(moves[key]).path)
        else:
            action = Flip(fig(key))
        state = play(state, action)[0].state
        seen_eaten |= any(f.times_eaten for f in state.figures)
        seen_escaped |= state.escapes > 0
    assert round_trip(state) == state
    assert state.outcome is not None and seen_eaten


def test_the_monster_may_stand_on_a_teleporter() -> None:
    # After teleporting the monster stands on the partner tile (RULES §3.3).
    data = position_dict({"red5": "h6"}, teleporters=["A c5 N", "A k7 S"], monster="k7 S")
    state = state_from_dict(data)
    assert state.monster == Monster(sq("k7"), 2)
    assert round_trip(state) == state


def test_a_hand_written_position_may_leave_most_fields_out() -> None:
    state = state_from_dict({
        "figures": [{"figure": "red5", "square": "h5"}, {"figure": "blue1"}],
        "stones": [{"square": "h6"}],
        "monster": {"square": "a1", "facing": "E"},
    })
    assert state.players == (Player(0, "red"), Player(1, "blue"))
    red5, blue1 = state.figures
    assert (red5.where, red5.square, red5.value, red5.moved) == (BOARD, sq("h5"), 5, False)
    assert (blue1.where, blue1.square) == (OUTSIDE, None)
    assert state.stones == ((sq("h6"), "stone"),)
    assert (state.phase, state.to_move, state.stage, state.game_turn) == ("figures", 0, 1, 1)
    assert state.monster == Monster(0, E)


def test_the_written_form_names_squares_and_directions() -> None:
    data = state_to_dict(state_from_dict(position_dict(
        {"red5": "h5 black"}, stones=["h6 crystal"], pools=["long e9 f9 g9 h9"],
        teleporters=["B c5 W", "B k7 N"], monster="p11 W")))
    assert data["figures"] == [{"figure": "red5", "face": "black", "where": "board",
                                "moved": False, "square": "h5"}]
    assert data["stones"] == [{"square": "h6", "kind": "crystal"}]
    assert data["pools"] == [{"kind": "long", "squares": ["e9", "f9", "g9", "h9"]}]
    assert data["teleporters"][0] == {"kind": "B", "square": "c5", "arrow": "W"}
    assert data["monster"] == {"square": "p11", "facing": "W"}
    assert data["schema"] == 1


def test_a_written_position_is_read_back_the_same() -> None:
    state = state_from_dict(position_dict(
        {"red5": "h5 black moved", "red1": {"where": "escaped", "escaped_order": 1},
         "red4": {"where": "outside", "times_eaten": 2}, "blue3": "removed"},
        stones=["h6 turn_right", "c3"], pools=["square i3 j3 i4 j4"],
        teleporters=["A c5 N", "A k7 S"], escapes=1, to_move=1, start_seat=1, version=9))
    assert round_trip(state) == state
    assert state.teleporters[0] == Teleporter("A", sq("c5"), 0)


def _figures(**squares: str) -> list[dict[str, str]]:
    return [{"figure": k, "square": v} for k, v in squares.items()]


INVALID: dict[str, tuple[dict[str, Any], str]] = {
    "two figures on one square": ({"figures": _figures(red5="h5", blue1="h5")}, "h5"),
    "a figure on a stone": (
        {"figures": _figures(red5="h5"), "stones": [{"square": "h5"}]}, "h5"),
    "a figure on the monster": (
        {"figures": _figures(red5="h5"), "monster": {"square": "h5", "facing": "N"}}, "h5"),
    "a stone on the monster": ({"figures": _figures(red5="h5"), "stones": [{"square": "a2"}],
                                "monster": {"square": "a2", "facing": "N"}}, "a2"),
    "a stone on a teleporter": (
        {"figures": _figures(red5="h5"), "stones": [{"square": "c5"}],
         "teleporters": [{"kind": "A", "square": "c5", "arrow": "N"},
                         {"kind": "A", "square": "k7", "arrow": "N"}]}, "c5"),
    "a stone on a1": ({"figures": _figures(red5="h5"), "stones": [{"square": "a1"}]}, "a1"),
    "a stone on p11": ({"figures": _figures(red5="h5"), "stones": [{"square": "p11"}]}, "p11"),
    "a square pool that is not 2x2": (
        {"figures": _figures(red5="h5"),
         "pools": [{"kind": "square", "squares": ["i3", "j3", "k3", "i4"]}]}, "i3"),
    "a long pool that is bent": (
        {"figures": _figures(red5="h5"),
         "pools": [{"kind": "long", "squares": ["e9", "f9", "g9", "g10"]}]}, "g10"),
    "a long pool of three squares": (
        {"figures": _figures(red5="h5"),
         "pools": [{"kind": "long", "squares": ["e9", "f9", "g9"]}]}, "e9"),
    "an unknown pool kind": (
        {"figures": _figures(red5="h5"),
         "pools": [{"kind": "round", "squares": ["e9", "f9", "e10", "f10"]}]}, "round"),
    "two pools overlapping": (
        {"figures": _figures(red5="h5"),
         "pools": [{"kind": "square", "squares": ["i3", "j3", "i4", "j4"]},
                   {"kind": "long", "squares": ["j4", "j5", "j6", "j7"]}]}, "j4"),
    "an unknown colour": ({"figures": _figures(pink5="h5")}, "pink5"),
    "a player of an unknown colour": (
        {"players": [{"seat": 0, "colour": "pink"}], "figures": []}, "pink"),
    "a figure of no player": (
        {"players": [{"seat": 0, "colour": "red"}, {"seat": 1, "colour": "blue"}],
         "figures": _figures(green5="h5")}, "green 5"),
    "two players of one colour": (
        {"players": [{"seat": 0, "colour": "red"}, {"seat": 1, "colour": "red"}]}, "red"),
    "a figure listed twice": ({"figures": _figures(red5="h5") + _figures(red5="h6")}, "red 5"),
    "a figure number that does not exist": ({"figures": _figures(red2="h5")}, "red2"),
    "a square that does not exist": ({"figures": _figures(red5="q3")}, "q3"),
    "a square cut off by the staircase": ({"figures": _figures(red5="a11")}, "a11"),
    "a figure on the board without a square": (
        {"figures": [{"figure": "red5", "where": "board"}]}, "red 5"),
    "a figure outside with a square": (
        {"figures": [{"figure": "red5", "where": "outside", "square": "h5"}]}, "red 5"),
    "an unknown face": ({"figures": [{"figure": "red5", "face": "grey"}]}, "grey"),
    "an unknown stone kind": (
        {"figures": _figures(red5="h5"), "stones": [{"square": "h6", "kind": "rock"}]}, "h6"),
    "a lone teleporter": (
        {"figures": _figures(red5="h5"),
         "teleporters": [{"kind": "A", "square": "c5", "arrow": "N"}]}, "teleporter A"),
    "a teleporter on a pool": (
        {"figures": _figures(red5="h5"),
         "pools": [{"kind": "square", "squares": ["i3", "j3", "i4", "j4"]}],
         "teleporters": [{"kind": "A", "square": "i3", "arrow": "N"},
                         {"kind": "A", "square": "k7", "arrow": "N"}]}, "i3"),
    "a bad monster facing": (
        {"figures": _figures(red5="h5"), "monster": {"square": "a1", "facing": "up"}}, "up"),
    "an unknown phase": ({"figures": _figures(red5="h5"), "phase": "lunch"}, "lunch"),
    "a third stage": ({"figures": _figures(red5="h5"), "stage": 3}, "stage"),
    "to_move that is not a seat": ({"figures": _figures(red5="h5"), "to_move": 4}, "to_move"),
    "to_move written as text": (
        {"figures": _figures(red5="h5", blue5="h6"), "to_move": "1"}, "'1'"),
    "to_move written as true": (
        {"figures": _figures(red5="h5", blue5="h6"), "to_move": True}, "True"),
    "a figure's square written as a number": (
        {"figures": [{"figure": "red5", "square": 75}]}, "figure red 5: expected a square name"),
    "an escaped_order written as text": (
        {"figures": [{"figure": "red5", "where": "escaped", "escaped_order": "x"}]},
        "escaped_order"),
    "an unknown card": ({"figures": _figures(red5="h5"), "pile": ["9"]}, "9"),
    "another schema": ({"schema": 2, "figures": _figures(red5="h5")}, "schema"),
}


@pytest.mark.parametrize("name", INVALID)
def test_an_inconsistent_position_is_refused(name: str) -> None:
    data, named = INVALID[name]
    with pytest.raises(InvalidPosition) as caught:
        state_from_dict(data)
    assert caught.value.code == "position/invalid"
    assert named in caught.value.message, caught.value.message


@pytest.mark.parametrize("data", [[], "h5", None, {"figures": [{"square": "h5"}]},
                                  {"figures": [{"figure": "red5", "square": 75}]}])
def test_a_malformed_position_is_refused(data: Any) -> None:
    with pytest.raises(InvalidPosition):
        state_from_dict(data)
