"""The monster's look and its choice of facing (RULES §3.3 "Look" and "Choose"; D2).

Every test puts the monster on h6 facing east unless it says otherwise, adds a few figures and
tiles, and takes one look with the engine's own walk.
"""

from __future__ import annotations

import pytest

from tests.engine.monster_helpers import look_once, monster_position, seen


def look(figures: dict[str, str], monster: str = "h6 E", **tiles: list[str]) -> dict:
    """Return the event of one look on a small position."""
    return look_once(monster_position(figures, monster=monster, **tiles))


def test_the_monster_looks_straight_ahead() -> None:
    event = look({"red1": "k6"})
    assert seen(event) == [("red1", "E", 3)]
    assert (event["facing"], event["turned"]) == ("E", False)


def test_the_monster_looks_to_its_left_and_turns_there() -> None:
    event = look({"red1": "h3"})
    assert seen(event) == [("red1", "N", 3)]
    assert (event["facing"], event["turned"]) == ("N", True)


def test_the_monster_looks_to_its_right_and_turns_there() -> None:
    event = look({"red1": "h9"})
    assert seen(event) == [("red1", "S", 3)]
    assert (event["facing"], event["turned"]) == ("S", True)


def test_the_monster_never_looks_back() -> None:
    event = look({"red1": "g6", "red3": "a6"})
    assert seen(event) == []
    assert event["facing"] == "E"


def test_the_monster_never_looks_diagonally() -> None:
    event = look({"red1": "i5", "red3": "g7", "red4": "i7", "red5": "k9"})
    assert seen(event) == []


def test_in_each_direction_the_monster_sees_only_the_first_figure() -> None:
    event = look({"red1": "j6", "red3": "l6", "red4": "h4", "red5": "h2"})
    assert seen(event) == [("red1", "E", 2), ("red4", "N", 2)]


def test_sight_passes_over_empty_floor_all_the_way_to_the_wall() -> None:
    event = look({"red1": "p6"}, monster="a6 E")
    assert seen(event) == [("red1", "E", 15)]


def test_sight_passes_over_a_blood_pool() -> None:
    event = look({"red1": "l6"}, pools=["square j6 k6 j7 k7"])
    assert seen(event) == [("red1", "E", 4)]


def test_a_figure_standing_on_a_pool_square_is_seen() -> None:
    event = look({"red1": "k6"}, pools=["square j6 k6 j7 k7"])
    assert seen(event) == [("red1", "E", 3)]


def test_sight_passes_over_a_teleporter() -> None:
    event = look({"red1": "l6"}, teleporters=["A j6 N", "A c2 S"])
    assert seen(event) == [("red1", "E", 4)]


def test_sight_passes_through_a_crystal() -> None:
    event = look({"red1": "l6"}, stones=["j6 crystal"])
    assert seen(event) == [("red1", "E", 4)]


def test_a_stone_stops_the_monsters_sight() -> None:
    event = look({"red1": "l6", "red3": "h4"}, stones=["j6", "h5"])
    assert seen(event) == []


@pytest.mark.parametrize("kind", ["turn_right", "turn_180"])
def test_a_turning_stone_stops_the_monsters_sight(kind: str) -> None:
    event = look({"red1": "l6"}, stones=[f"j6 {kind}"])
    assert seen(event) == []


def test_the_monster_never_sees_through_the_wall() -> None:
    # Walking east from p6 it would arrive on a6 (wall letter V), but sight ends at the wall.
    assert seen(look({"red1": "a6"}, monster="p6 E")) == []
    # Walking north from h1 it would arrive on i11 (wall letter H).
    assert seen(look({"red1": "i11"}, monster="h1 N")) == []


def test_the_monster_turns_toward_the_nearest_seen_figure() -> None:
    event = look({"red1": "l6", "red3": "h4", "red4": "h9"})
    assert seen(event) == [("red1", "E", 4), ("red3", "N", 2), ("red4", "S", 3)]
    assert event["facing"] == "N"


def test_a_nearer_figure_ahead_keeps_the_monster_facing_ahead() -> None:
    event = look({"red1": "i6", "red3": "h4"})
    assert (event["facing"], event["turned"]) == ("E", False)


def test_d2_distance_counts_squares_along_the_line_pool_squares_included() -> None:
    # The rule author's FAQ: a figure 2 squares ahead and one 2 squares away across a pool are
    # a tie, although the monster would reach the second in one sliding step.
    event = look({"red1": "j6", "red3": "h4"}, pools=["long e5 f5 g5 h5"])
    assert seen(event) == [("red1", "E", 2), ("red3", "N", 2)]
    assert (event["facing"], event["turned"]) == ("E", False)


def test_d2_a_figure_across_a_pool_is_nearer_only_by_squares() -> None:
    across = look({"red1": "j6", "red3": "h3"}, pools=["square g4 h4 g5 h5"])
    assert seen(across) == [("red1", "E", 2), ("red3", "N", 3)]
    assert across["facing"] == "E"
    nearer = look({"red1": "k6", "red3": "h4"}, pools=["long e5 f5 g5 h5"])
    assert nearer["facing"] == "N"


def test_when_two_seen_figures_are_equally_near_the_monster_keeps_its_facing() -> None:
    event = look({"red1": "h3", "red3": "h9"})
    assert seen(event) == [("red1", "N", 3), ("red3", "S", 3)]
    assert (event["facing"], event["turned"]) == ("E", False)


def test_a_tie_for_nearest_keeps_the_facing_even_with_a_farther_figure_ahead() -> None:
    event = look({"red1": "m6", "red3": "h4", "red4": "h8"})
    assert (event["facing"], event["turned"]) == ("E", False)


def test_a_tie_of_three_keeps_the_facing() -> None:
    event = look({"red1": "j6", "red3": "h4", "red4": "h8"})
    assert len(seen(event)) == 3
    assert event["facing"] == "E"


def test_when_the_monster_sees_nothing_it_keeps_its_facing() -> None:
    event = look({}, monster="h6 S")
    assert seen(event) == []
    assert (event["facing"], event["turned"]) == ("S", False)


def test_the_look_event_names_each_figure_seen_its_square_direction_and_distance() -> None:
    event = look({"red1": "l6", "blue4": "h4"})
    assert event == {
        "type": "look", "point": 0, "square": "h6", "final": False,
        "seen": [
            {"figure": "red1", "square": "l6", "direction": "E", "distance": 4},
            {"figure": "blue4", "square": "h4", "direction": "N", "distance": 2},
        ],
        "facing": "N", "turned": True,
    }
