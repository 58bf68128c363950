"""Move notation (engine.notation): parse and format, short forms, destinations, junk."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Action, Flip, Move, Place, action_from_dict, action_to_dict
from engine.board import E, N, S
from engine.errors import AmbiguousMove, IllegalMove, InvalidNotation, UnknownFigure
from engine.notation import format_action, parse_action
from tests.engine.helpers import fig, position, sq

ACTIONS: list[Action] = [
    Move(fig("red5"), "+WWNN"),
    Move(fig("black4"), "NX"),
    Move(fig("beige1"), "X"),
    Move(fig("green3"), "SENW"),
    Flip(fig("purple4")),
    Place("stone", sq("c3")),
    Place("crystal", sq("m8")),
    Place("turn_right", sq("f6")),
    Place("turn_180", sq("k2")),
    Place("teleporter_A", sq("c5"), None, N),
    Place("teleporter_B", sq("k7"), None, S),
    Place("pool_square", sq("i3")),
    Place("pool_long", sq("e9"), "h"),
    Place("pool_long", sq("l2"), "v"),
]


@pytest.mark.parametrize("action", ACTIONS, ids=format_action)
def test_format_then_parse_gives_the_action_back(action: Action) -> None:
    text = format_action(action)
    assert parse_action(text) == action
    assert format_action(parse_action(text)) == text


@pytest.mark.parametrize("action", ACTIONS, ids=format_action)
def test_the_structured_form_round_trips_too(action: Action) -> None:
    assert action_from_dict(action_to_dict(action)) == action


def test_the_canonical_forms_read_naturally() -> None:
    assert [format_action(a) for a in ACTIONS[:5]] == [
        "red 5 +WWNN", "black 4 NX", "beige 1 X", "green 3 SENW", "flip purple 4"]
    assert format_action(Place("teleporter_A", sq("c5"), None, N)) == "place teleporter A c5 N"
    assert format_action(Place("pool_long", sq("e9"), "h")) == "place pool long e9 h"


@pytest.mark.parametrize(
    "text",
    ["red 5 +WWNN", "Red 5 +wwnn", "  RED-5   + w w n n  ", "red5 +WW, NN", "red_5 +WWNN.",
     "red 5 enter WWNN", "red 5 in wwnn", "RED 5 +W W N N"],
)
def test_case_spacing_and_punctuation_do_not_matter(text: str) -> None:
    assert parse_action(text) == Move(fig("red5"), "+WWNN")


@pytest.mark.parametrize("text", ["red 1 NX", "red 1 n out", "red 1 N exit", "Red1 nx"])
def test_leaving_is_written_x_or_out(text: str) -> None:
    assert parse_action(text) == Move(fig("red1"), "NX")


@pytest.mark.parametrize("text", ["flip red 4", "red 4 flip", "FLIP Red4", "flip red-4"])
def test_a_flip_is_written_before_or_after_the_figure(text: str) -> None:
    assert parse_action(text) == Flip(fig("red4"))


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("place teleporter A c5 N", Place("teleporter_A", sq("c5"), None, N)),
        ("place tele b k7 arrow e", Place("teleporter_B", sq("k7"), None, E)),
        ("place pool long e9 v", Place("pool_long", sq("e9"), "v")),
        ("place long pool e9 horizontal", Place("pool_long", sq("e9"), "h")),
        ("place square pool i3", Place("pool_square", sq("i3"))),
        ("place turn right f6", Place("turn_right", sq("f6"))),
        ("Place 180 F6", Place("turn_180", sq("f6"))),
    ],
)
def test_placements_have_several_spellings(text: str, place: Place) -> None:
    assert parse_action(text) == place


def test_a_figure_without_a_colour_is_the_players_own() -> None:
    state = position({"red5": "h6", "blue5": "c3"}, game_turn=2)
    assert parse_action("5 NNW", state, seat=0) == Move(fig("red5"), "NNW")
    assert parse_action("5 NNW", state, seat=1) == Move(fig("blue5"), "NNW")
    assert parse_action("5 NNW", state) == Move(fig("red5"), "NNW")  # the seat to act
    assert parse_action("flip 5", state, seat=1) == Flip(fig("blue5"))


def test_a_figure_without_a_colour_needs_a_game_to_read() -> None:
    with pytest.raises(InvalidNotation) as caught:
        parse_action("5 NNW")
    assert "'5 NNW'" in caught.value.message


def test_a_destination_move_is_accepted_when_one_outcome_ends_there() -> None:
    state = position({"red5": "h6", "blue5": "c3"}, game_turn=2)
    assert parse_action("5 to h4", state, seat=0) == Move(fig("red5"), "NN")
    assert parse_action("red 5 -> i5", state) == Move(fig("red5"), "NE")


def test_a_destination_move_reached_with_different_pushes_is_ambiguous() -> None:
    state = position({"red3": "h5", "blue5": "c3"}, stones=["h4"], game_turn=2)
    with pytest.raises(AmbiguousMove) as caught:
        parse_action("3 to h4", state, seat=0)
    error = caught.value
    assert error.code == "move/ambiguous"
    choices = error.details["choices"]
    assert sorted(c["path"] for c in choices) == ["ENW", "N", "NNS", "WNE"]
    assert all(c["to"] == "h4" for c in choices)
    assert {c["pushes"][0]["to"] for c in choices} == {"h3", "h2", "g4", "i4"}
    assert "'3 to h4'" in error.message and "ENW" in error.message


def test_a_destination_no_outcome_reaches_is_refused_as_unreachable() -> None:
    state = position({"red3": "h5", "blue5": "c3"}, game_turn=2)
    with pytest.raises(IllegalMove) as caught:
        parse_action("3 to b2", state, seat=0)
    assert caught.value.code == "move/illegal"
    assert caught.value.details["reason"] == "unreachable"
    assert "'3 to b2'" in caught.value.message and "b2" in caught.value.message


def test_out_as_a_destination_finds_the_leaving_path() -> None:
    state = position({"red4": "c1", "blue5": "c3"}, monster="h8 N", game_turn=2)
    assert parse_action("4 out", state) == Move(fig("red4"), "WWX")
    assert parse_action("red 4 to out", state) == Move(fig("red4"), "WWX")
    far = position({"red4": "h6", "blue5": "c3"}, monster="h8 N", game_turn=2)
    with pytest.raises(IllegalMove) as caught:
        parse_action("4 out", far)
    assert caught.value.details["reason"] == "unreachable"


# An unknown tile ("place dragon c3") is read, and refused as a placement: test_placement.py.
JUNK: list[Any] = [
    "", "   ", "hello", "red 5", "red 5 NQ", "red 55 N", "pink 5 NN", "flip", "flip red",
    "red 5 to", "5 to z9", "5 to h 7", "place", "place stone",
    "place stone c3 q", "place pool long e9 h v", "place stone z3", 42, None,
]


@pytest.mark.parametrize("text", JUNK, ids=repr)
def test_junk_is_invalid_notation(text: Any) -> None:
    state = position({"red5": "h6", "blue5": "c3"}, game_turn=2)
    with pytest.raises(InvalidNotation) as caught:
        parse_action(text, state, seat=0)
    assert caught.value.code == "move/invalid"
    if isinstance(text, str) and text.strip():
        assert repr(text) in caught.value.message or text.split()[-1] in caught.value.message


def test_a_figure_named_by_its_black_number_is_unknown() -> None:
    with pytest.raises(UnknownFigure) as caught:
        parse_action("red 2 NN")
    assert caught.value.code == "move/unknown_figure"
    assert "coloured number" in caught.value.message
