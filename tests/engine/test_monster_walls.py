"""The monster walking through the walls (RULES §1 "Walking through walls", §3.3 "Move").

Leaving the board from (x, y) the monster arrives on (15 − x, 10 − y), keeping its facing,
with the same movement point; the arrival counts as a step onto that square.
"""

from __future__ import annotations

import pytest

from engine.board import DIRECTION_LETTERS, NEIGHBOURS, SQUARES, square_name, xy
from tests.engine.helpers import stone_names
from tests.engine.monster_helpers import monster_position, of_type, trail, walk


@pytest.mark.parametrize(("start", "letter", "arrival"), [
    ("a1 W", "*", "p11"),
    ("a1 N", "A", "p11"),
    ("h1 N", "H", "i11"),
    ("l1 E", "M", "e11"),
    ("m2 N", "N", "d10"),
    ("m2 E", "O", "d10"),
    ("n3 E", "Q", "c9"),
    ("p5 N", "T", "a7"),
    ("p5 E", "U", "a7"),
    ("p6 E", "V", "a6"),
    ("a7 S", "T", "p5"),
    ("e11 W", "M", "l1"),
    ("e11 S", "L", "l1"),
    ("p11 E", "*", "a1"),
])
def test_the_monster_walks_through_the_wall_letter_to_the_twin_segment(
    start: str, letter: str, arrival: str
) -> None:
    square = start.split()[0]
    t = walk(monster_position(monster=start), "5")
    assert trail(t.events, 1) == [
        f"look {square}: nothing", f"wall {square}-{arrival} {letter}", f"step {square}-{arrival}"]


def test_from_every_edge_it_arrives_on_the_half_turn_square_keeping_its_facing() -> None:
    for square in SQUARES:
        for d, letter in enumerate(DIRECTION_LETTERS):
            if NEIGHBOURS[square][d] >= 0:
                continue
            x, y = xy(square)
            t = walk(monster_position(monster=f"{square_name(square)} {letter}"), "5")
            first = of_type(t.events, "step")[0]
            half_turn = f"{'abcdefghijklmnop'[15 - x]}{11 - y}"
            assert (first["to"], first["facing"]) == (half_turn, letter)


def test_walking_through_the_wall_spends_one_point_like_any_step() -> None:
    t = walk(monster_position(monster="o6 E"), "5")
    assert [e["to"] for e in of_type(t.events, "step")] == ["p6", "a6", "b6", "c6", "d6"]
    assert [e["point"] for e in of_type(t.events, "wall")] == [2]


def test_arriving_through_the_wall_the_monster_eats_a_figure_on_the_arrival_square() -> None:
    t = walk(monster_position({"red1": "a6"}, monster="p6 E"), "5")
    assert trail(t.events, 1) == [
        "look p6: nothing", "wall p6-a6 V", "step p6-a6", "eat red1 a6 caught"]


def test_arriving_through_the_wall_the_monster_pushes_the_line_on_the_arrival_square() -> None:
    t = walk(monster_position({"red1": "b6"}, monster="p6 E", stones=["a6"]), "5")
    assert trail(t.events, 1)[1:] == [
        "wall p6-a6 V", "step p6-a6", "push E stone a6-b6 red1 b6-c6"]


def test_arriving_through_the_wall_onto_a_pool_the_monster_slides_on() -> None:
    t = walk(monster_position(monster="p6 E", pools=["square a6 b6 a7 b7"]), "5")
    assert trail(t.events, 1)[1:] == ["wall p6-a6 V", "step p6-a6", "slide a6-b6", "slide b6-c6"]


def test_arriving_through_the_wall_onto_a_teleporter_the_monster_teleports() -> None:
    t = walk(monster_position(monster="p6 E", teleporters=["A a6 N", "A h3 E"]), "5")
    assert trail(t.events, 1)[1:] == ["wall p6-a6 V", "step p6-a6", "teleport a6-h3 E"]


@pytest.mark.parametrize(("kind", "then"), [
    ("turn_right", ["turning_stone a6 turn_right -> S", "step p6-p7"]),
    ("turn_180", ["turning_stone a6 turn_180 -> W", "step p6-o6"]),
])
def test_a_turning_stone_beyond_the_wall_turns_the_monster_where_it_stands(
    kind: str, then: list[str]
) -> None:
    # No rule places the monster "in the wall": the tile table says that instead of moving onto
    # the turning stone's square it turns and moves a space, so it turns on the square it is
    # leaving and moves on from there (proposed decision, see the report).
    t = walk(monster_position(monster="p6 E", stones=[f"a6 {kind}"]), "5")
    assert trail(t.events, 1)[1:] == then
    assert of_type(t.events, "wall") == []
    assert stone_names(t.state.stones) == ["a6"]


def test_a_line_met_through_the_wall_that_reaches_back_moves_onto_the_square_it_leaves() -> None:
    # Only along row 6 does a line from the arrival square reach the square the monster leaves.
    # That square is empty once the monster has gone through the wall, so the front piece is
    # pushed onto it, not off the board (proposed decision, see the report).
    stones = [f"{c}6" for c in "abcdefghijk"]
    figures = {"red1": "l6", "red3": "m6", "red4": "n6", "red5": "o6"}
    t = walk(monster_position(figures, monster="p6 E", stones=stones), "5")
    assert trail(t.events, 1)[1:3] == ["wall p6-a6 V", "step p6-a6"]
    push = of_type(t.events, "push")[0]
    assert [(p["piece"], p["from"], p["to"]) for p in push["pieces"][-2:]] == [
        ("red4", "n6", "o6"), ("red5", "o6", "p6")]
    assert [e for e in of_type(t.events, "eat") if e["point"] == 1] == []
