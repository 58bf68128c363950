"""The monster phase returns its walk as data: enough to animate it and to tell it in words.

``positions/monster_known_walk.json`` is a 7 card in game turn 3 with one of everything: a
look that turns, an eaten figure, a right-turning stone, a pool slide, pushes (the last one off
the board), a walk through the wall (letter G), a teleport and a final look that turns.
"""

from __future__ import annotations

import json

import pytest

from tests.engine.helpers import load_position
from tests.engine.monster_helpers import Animation, monster_position, walk

KNOWN_WALK = [
    {"type": "card", "card": "7", "label": "7", "stage": 1, "game_turn": 3},
    {"type": "look", "point": 1, "square": "h6", "final": False,
     "seen": [{"figure": "blue1", "square": "h2", "direction": "N", "distance": 4},
              {"figure": "red1", "square": "j6", "direction": "E", "distance": 2}],
     "facing": "E", "turned": True},
    {"type": "step", "point": 1, "square": "h6", "to": "i6", "facing": "E", "slide": False},
    {"type": "look", "point": 2, "square": "i6", "final": False,
     "seen": [{"figure": "red1", "square": "j6", "direction": "E", "distance": 1}],
     "facing": "E", "turned": False},
    {"type": "step", "point": 2, "square": "i6", "to": "j6", "facing": "E", "slide": False},
    {"type": "eat", "point": 2, "figure": "red1", "square": "j6", "how": "caught"},
    {"type": "look", "point": 3, "square": "j6", "final": False, "seen": [], "facing": "E",
     "turned": False},
    {"type": "turning_stone", "point": 3, "square": "j6", "stone": "k6", "kind": "turn_right",
     "facing": "S"},
    {"type": "step", "point": 3, "square": "j6", "to": "j7", "facing": "S", "slide": False},
    {"type": "step", "point": 3, "square": "j7", "to": "j8", "facing": "S", "slide": True},
    {"type": "step", "point": 3, "square": "j8", "to": "j9", "facing": "S", "slide": True},
    {"type": "push", "point": 3, "direction": "S",
     "pieces": [{"piece": "stone", "from": "j9", "to": "j10"}]},
    {"type": "look", "point": 4, "square": "j9", "final": False, "seen": [], "facing": "S",
     "turned": False},
    {"type": "step", "point": 4, "square": "j9", "to": "j10", "facing": "S", "slide": False},
    {"type": "push", "point": 4, "direction": "S",
     "pieces": [{"piece": "stone", "from": "j10", "to": "j11"}]},
    {"type": "look", "point": 5, "square": "j10", "final": False, "seen": [], "facing": "S",
     "turned": False},
    {"type": "step", "point": 5, "square": "j10", "to": "j11", "facing": "S", "slide": False},
    {"type": "push", "point": 5, "direction": "S",
     "pieces": [{"piece": "stone", "from": "j11", "to": None}]},
    {"type": "look", "point": 6, "square": "j11", "final": False, "seen": [], "facing": "S",
     "turned": False},
    {"type": "wall", "point": 6, "square": "j11", "to": "g1", "letter": "G", "direction": "S"},
    {"type": "step", "point": 6, "square": "j11", "to": "g1", "facing": "S", "slide": False},
    {"type": "look", "point": 7, "square": "g1", "final": False, "seen": [], "facing": "S",
     "turned": False},
    {"type": "step", "point": 7, "square": "g1", "to": "g2", "facing": "S", "slide": False},
    {"type": "teleport", "point": 7, "square": "g2", "to": "e4", "facing": "E"},
    {"type": "look", "point": 7, "square": "e4", "final": True,
     "seen": [{"figure": "blue3", "square": "e2", "direction": "N", "distance": 2}],
     "facing": "N", "turned": True},
    {"type": "monster_done", "square": "e4", "facing": "N", "eaten": ["red1"],
     "fate": "outside"},
    {"type": "turn", "game_turn": 4, "start_seat": 0, "stage": 1},
]


def test_the_events_of_a_known_walk_are_exactly_the_expected_ones() -> None:
    t = walk(load_position("monster_known_walk"), "7")
    assert list(t.events) == KNOWN_WALK


def test_drawing_the_card_from_the_pile_gives_the_same_events() -> None:
    state = load_position("monster_known_walk")
    assert state.pile[0] == "7"
    assert list(walk(state, "7").events) == list(walk(state, None).events)


def test_the_events_are_plain_json() -> None:
    events = list(walk(load_position("monster_known_walk"), "7").events)
    assert json.loads(json.dumps(events)) == events


def test_every_movement_event_says_which_point_of_the_card_it_belongs_to() -> None:
    events = walk(load_position("monster_known_walk"), "7").events
    walk_events = [e for e in events if e["type"] not in ("card", "monster_done", "turn")]
    points = [e["point"] for e in walk_events]
    assert points == sorted(points) and set(points) == set(range(1, 8))


@pytest.mark.parametrize("name", ["monster_known_walk", "monster_basic_example"])
def test_the_events_alone_rebuild_the_board_after_the_walk(name: str) -> None:
    before = load_position(name)
    t = walk(before, before.pile[0])
    assert Animation(before).play(t.events).matches(t.state)


def test_an_animation_that_skips_an_event_ends_elsewhere() -> None:
    before = load_position("monster_known_walk")
    events = [e for e in walk(before, "7").events if e["type"] != "teleport"]
    assert not Animation(before).play(events).matches(walk(before, "7").state)


def test_a_walk_that_eats_nothing_and_sees_nothing_still_reports_each_step() -> None:
    t = walk(monster_position(monster="a4 E"), "5")
    kinds = [e["type"] for e in t.events]
    assert kinds == ["card", *["look", "step"] * 5, "look", "monster_done", "turn"]
