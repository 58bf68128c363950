"""The rulebook's experienced monster example (seed 001, "Example of monster movement").

The board picture is not in the text, so the position is rebuilt to be consistent with every
sentence. Coordinates: the monster starts on f9 facing east with a right-turning stone ahead on
g9; teleporter pair A lies on f6 (arrow east) and m3 (arrow north); A on f4; E on i7; B on e6;
a crystal on g6 with C behind it on h6; D on l3 with a 180° turning stone on k3.

Sentence by sentence, with the movement point it happens on:

1. "First of all, the monster sees A over the teleporter and turns" — look from f9: A is 5
   squares north, seen over the teleporter on f6; it turns north. "The turning stone to the
   monster's right is not activated, because the monster does not walk onto it" — g9 is now
   on its right. "It moves one space upwards" — f8.
2. "It still only sees A and moves another space" — f7.
3. "Now it sees A and E, but it keeps its original direction, because of the equal distance" —
   A and E are both 3 squares away; "Now it moves onto the teleporter and teleports to the right
   side of D" — onto f6, at once to m3 (D on l3 is to its left), facing the arrow: north. "(it
   cannot see B and C, because it teleports instantly)".
4. "On the teleporter it sees D, it turns and eats D using its next movement point" — l3.
5. "Now the monster cannot see a player figure and tries to move onto the space with the turning
   stone 180°. Instead of pushing the stone, it turns 180° and moves with its fifth movement
   point onto the teleporter and directly on the space next to B, looking in the direction of C"
   — back onto m3, teleported to f6 facing east (its arrow), B on e6 behind it.
6. "Now it can see A and C (through the crystal). Because both playing figures have the same
   distance, it pushes the crystal and C one space" — both 2 away; crystal to h6, C to i6.
7. "It cannot see other playing figures (it never looks backwards), so it pushes the crystal and
   C for another space."
8. "With the final and eighth movement point, it pushes both again, looks a final time, and
   turns to E, because E is nearer than C. The monster stops its movement directly in front of
   E." — crystal to j6, C to k6, the monster on i6 turns south toward E on i7.
"""

from __future__ import annotations

from engine import resolve_monster_phase
from engine.state import OUTSIDE, GameState
from tests.engine.helpers import fig, position, sq, stone_names

# The five figures belong to five players so that the names A–E stay readable.
FIGURES = {"red1": "f4", "blue1": "e6", "green1": "h6", "yellow1": "l3", "beige1": "i7"}
A, B, C, D, E = "red1", "blue1", "green1", "yellow1", "beige1"


def example() -> GameState:
    """Return the example's position, in the monster phase with an 8 on top of the pile."""
    return position(
        FIGURES,
        stones=["g9 turn_right", "g6 crystal", "k3 turn_180"],
        teleporters=["A f6 E", "A m3 N"],
        monster="f9 E",
        phase="monster",
        to_move=None,
        pile=["8", "5", "7", "7", "8", "10", "1hit", "2hits"],
        first_card_drawn=True,
        options={"experienced": True},
    )


def events_of_point(events: list[dict], point: int) -> list[dict]:
    """Return the walk's events for one movement point (looks, steps, eats, pushes...)."""
    return [e for e in events if e.get("point") == point]


def test_the_example_draws_an_8_and_walks_eight_points() -> None:
    events = list(resolve_monster_phase(example()).events)
    assert events[0]["card"] == "8"
    assert max(e.get("point", 0) for e in events) == 8


def test_it_first_sees_a_over_the_teleporter_and_turns_north_instead_of_using_the_stone() -> None:
    events = list(resolve_monster_phase(example()).events)
    look, step = [e for e in events_of_point(events, 1) if e["type"] in ("look", "step")]
    assert look["seen"] == [{"figure": A, "square": "f4", "direction": "N", "distance": 5}]
    assert look["turned"] and look["facing"] == "N"
    assert step["to"] == "f8"
    assert not any(e["type"] == "turning_stone" for e in events_of_point(events, 1))


def test_it_still_sees_only_a_and_moves_on() -> None:
    events = list(resolve_monster_phase(example()).events)
    look, step = [e for e in events_of_point(events, 2) if e["type"] in ("look", "step")]
    assert [s["figure"] for s in look["seen"]] == [A]
    assert step["to"] == "f7"


def test_it_keeps_its_direction_when_a_and_e_are_equally_far_and_teleports_to_d() -> None:
    events = list(resolve_monster_phase(example()).events)
    point = events_of_point(events, 3)
    look = point[0]
    assert {(s["figure"], s["distance"]) for s in look["seen"]} == {(A, 3), (E, 3)}
    assert not look["turned"] and look["facing"] == "N"
    teleport = next(e for e in point if e["type"] == "teleport")
    assert (teleport["square"], teleport["to"], teleport["facing"]) == ("f6", "m3", "N")
    assert not any(e["type"] == "look" for e in point[1:])  # it saw nothing at the first one


def test_on_the_teleporter_it_sees_d_turns_and_eats_it() -> None:
    events = list(resolve_monster_phase(example()).events)
    point = events_of_point(events, 4)
    assert point[0]["type"] == "look" and point[0]["facing"] == "W"
    assert [s["figure"] for s in point[0]["seen"]] == [D]
    eat = next(e for e in point if e["type"] == "eat")
    assert (eat["figure"], eat["square"], eat["how"]) == (D, "l3", "caught")


def test_the_180_stone_turns_it_back_onto_the_teleporter_next_to_b_facing_c() -> None:
    events = list(resolve_monster_phase(example()).events)
    point = events_of_point(events, 5)
    assert point[0]["type"] == "look" and point[0]["seen"] == []
    turn = next(e for e in point if e["type"] == "turning_stone")
    assert (turn["stone"], turn["kind"], turn["facing"]) == ("k3", "turn_180", "E")
    teleport = next(e for e in point if e["type"] == "teleport")
    assert (teleport["square"], teleport["to"], teleport["facing"]) == ("m3", "f6", "E")


def test_it_sees_a_and_c_through_the_crystal_and_pushes_the_crystal_and_c_three_times() -> None:
    events = list(resolve_monster_phase(example()).events)
    look6 = events_of_point(events, 6)[0]
    assert {(s["figure"], s["distance"]) for s in look6["seen"]} == {(A, 2), (C, 2)}
    assert not look6["turned"]
    pushes = [e for e in events if e["type"] == "push"]
    assert [[(p["piece"], p["from"], p["to"]) for p in e["pieces"]] for e in pushes] == [
        [("crystal", "g6", "h6"), (C, "h6", "i6")],
        [("crystal", "h6", "i6"), (C, "i6", "j6")],
        [("crystal", "i6", "j6"), (C, "j6", "k6")],
    ]
    look7 = events_of_point(events, 7)[0]
    assert [s["figure"] for s in look7["seen"]] == [C]  # B is behind it


def test_the_final_look_turns_it_toward_e_right_in_front_of_it() -> None:
    t = resolve_monster_phase(example())
    final = [e for e in t.events if e["type"] == "look"][-1]
    assert final["final"] and final["facing"] == "S"
    assert {(s["figure"], s["distance"]) for s in final["seen"]} == {(C, 2), (E, 1)}
    assert (t.state.monster.square, t.state.monster.facing) == (sq("i6"), 2)
    assert t.state.figure(fig(E)).square == sq("i7")


def test_after_the_example_only_d_was_eaten_and_the_tiles_are_where_the_text_leaves_them() -> None:
    t = resolve_monster_phase(example())
    done = next(e for e in t.events if e["type"] == "monster_done")
    assert done["eaten"] == [D]
    assert t.state.figure(fig(D)).where == OUTSIDE
    assert t.state.figure(fig(C)).square == sq("k6")
    assert stone_names(t.state.stones) == ["g9", "j6", "k3"]
    assert t.state.stone_at(sq("j6")) == "crystal"
