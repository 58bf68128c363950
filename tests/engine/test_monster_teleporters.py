"""Teleporters and the monster (RULES §3.3 "Move", §3.4, the tile table).

The monster stands on h6 facing east; teleporter pair A lies on i6 and e3 unless a test says
otherwise.
"""

from __future__ import annotations

import pytest

from engine import state_from_dict, state_to_dict
from tests.engine.helpers import fig, sq
from tests.engine.monster_helpers import eaten, monster_position, of_type, trail, walk


def test_onto_a_teleporter_the_monster_moves_on_to_its_pair_with_the_same_step() -> None:
    t = walk(monster_position(monster="h6 E", teleporters=["A i6 S", "A e3 W"]), "5")
    assert trail(t.events, 1) == ["look h6: nothing", "step h6-i6", "teleport i6-e3 W"]
    assert trail(t.events, 2)[1] == "step e3-d3"


@pytest.mark.parametrize(("arrow", "next_square"), [
    ("N", "e2"), ("E", "f3"), ("S", "e4"), ("W", "d3"),
])
def test_after_teleporting_the_monster_faces_the_arrow_of_the_tile_it_arrives_on(
    arrow: str, next_square: str
) -> None:
    t = walk(monster_position(monster="h6 E", teleporters=["A i6 N", f"A e3 {arrow}"]), "5")
    assert trail(t.events, 1)[-1] == f"teleport i6-e3 {arrow}"
    assert trail(t.events, 2)[1] == f"step e3-{next_square}"


def test_the_monster_sees_nothing_at_the_first_teleporter() -> None:
    # On i6 it would see red 1 one square to the north; it never looks there.
    t = walk(monster_position({"red1": "i5"}, monster="h6 E",
                              teleporters=["A i6 S", "A e3 W"]), "5")
    assert "i6" not in [e["square"] for e in of_type(t.events, "look")]
    assert eaten(t) == []
    assert t.state.figure(fig("red1")).square == sq("i5")


def test_on_the_other_teleporter_it_looks_before_moving_again_and_may_turn_at_once() -> None:
    t = walk(monster_position({"red1": "e5"}, monster="h6 E",
                              teleporters=["A i6 S", "A e3 W"]), "5")
    assert trail(t.events, 2)[:2] == ["look e3: red1 S2 -> S", "step e3-e4"]


def test_each_teleporter_leads_to_the_other_tile_of_its_own_kind() -> None:
    teleporters = ["A i6 S", "A e3 W", "B k6 N", "B m9 E"]
    t = walk(monster_position(monster="h6 E", teleporters=teleporters), "5")
    assert trail(t.events, 1)[-1] == "teleport i6-e3 W"
    t = walk(monster_position(monster="j6 E", teleporters=teleporters), "5")
    assert trail(t.events, 1)[-1] == "teleport k6-m9 E"


def test_a_teleport_spends_one_point_like_any_step() -> None:
    t = walk(monster_position(monster="h6 E", teleporters=["A i6 S", "A e3 W"]), "5")
    assert [e["to"] for e in of_type(t.events, "step")] == ["i6", "d3", "c3", "b3", "a3"]


def test_the_monster_may_end_its_walk_on_a_teleporter_and_the_position_stays_valid() -> None:
    t = walk(monster_position(monster="h6 E", teleporters=["A m6 S", "A e3 W"]), "5")
    assert t.state.monster.square == sq("e3")
    assert state_from_dict(state_to_dict(t.state)) == t.state
