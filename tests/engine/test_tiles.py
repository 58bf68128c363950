"""The experienced game's tiles (RULES §3.4, the tile table; D3–D6, D15) for figures, for
pushed pieces and for the monster. Each test builds a small position around one behaviour."""

from __future__ import annotations

import pytest

from engine import IllegalMove, check_path, legal_outcomes, resolve_monster_phase
from engine.board import E, N, S, W
from engine.cards import CARD_NAMES
from engine.layout import Layout
from engine.monster import Walk
from engine.state import OUTSIDE, REMOVED, GameState
from tests.engine.helpers import fig, position, sq, stone_names


class Walked:
    """The monster's walk of a few points on a position, and where it left things."""

    def __init__(self, state: GameState, points: int) -> None:
        self.state = state
        self.layout = Layout(state)
        walk = Walk(state, self.layout)
        for _ in range(points):
            walk.step()
        walk.look(final=True)
        self.events = walk.events
        self.eaten = [state.figures[i].id.key for i in walk.eaten]

    @property
    def monster(self) -> tuple[int, int]:
        """The monster's square and facing after the walk."""
        return self.layout.monster, self.layout.facing

    @property
    def stones(self) -> list[tuple[int, str]]:
        """The stones after the walk, sorted by square."""
        return sorted(self.layout.stones.items())


def monster_walk(card: str = "1", **kwargs):
    """Walk the monster on a hand-written position: ``card`` is a real card or a point count.

    A real card runs the whole monster phase (a ``Transition``); a bare count of points (there
    is no 1-step card) runs just the walk and returns a ``Walked``.
    """
    figures = kwargs.pop("figures", {})
    state = position(figures, phase="monster", to_move=None, first_card_drawn=True,
                     pile=[card] if card in CARD_NAMES else ["5"], **kwargs)
    if card in CARD_NAMES:
        return resolve_monster_phase(state, card)
    return Walked(state, int(card))


def steps(t) -> list[str]:
    """Return the squares the monster stepped onto, in order."""
    return [e["to"] for e in t.events if e["type"] == "step"]


# -- crystals ---------------------------------------------------------------------------------

def test_a_figure_pushes_a_crystal_like_a_stone() -> None:
    state = position({"red5": "e5"}, stones=["f5 crystal"])
    outcome = check_path(state, fig("red5"), "E")
    assert outcome.square == sq("f5")
    assert outcome.stones == ((sq("g5"), "crystal"),)


def test_the_monster_sees_a_figure_through_a_crystal() -> None:
    t = monster_walk("5", figures={"red5": "e5"}, stones=["e3 crystal"], monster="e1 E")
    look = next(e for e in t.events if e["type"] == "look")
    assert look["seen"] == [{"figure": "red5", "square": "e5", "direction": "S", "distance": 4}]
    assert look["facing"] == "S"


def test_a_plain_stone_blocks_the_monsters_sight() -> None:
    t = monster_walk("1", figures={"red5": "e5"}, stones=["e3 stone"], monster="e1 E")
    look = next(e for e in t.events if e["type"] == "look")
    assert look["seen"] == [] and look["facing"] == "E"


def test_the_monster_pushes_a_crystal() -> None:
    t = monster_walk("1", stones=["c1 crystal"], monster="b1 E")
    assert t.stones == [(sq("d1"), "crystal")]
    assert t.monster == (sq("c1"), E)


# -- turning stones ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["turn_right", "turn_180"])
def test_a_figure_pushes_a_turning_stone_like_a_stone(kind: str) -> None:
    state = position({"red5": "e5"}, stones=[f"e6 {kind}"])
    outcome = check_path(state, fig("red5"), "S")
    assert outcome.stones == ((sq("e7"), kind),)


@pytest.mark.parametrize("kind", ["turn_right", "turn_180"])
def test_a_turning_stone_blocks_the_monsters_sight(kind: str) -> None:
    t = monster_walk("1", figures={"red5": "e5"}, stones=[f"e3 {kind}"], monster="e1 E")
    assert next(e for e in t.events if e["type"] == "look")["seen"] == []


def test_a_right_turning_stone_turns_the_monster_clockwise_and_it_goes_on_with_that_point() -> None:
    t = monster_walk("1", stones=["f5 turn_right"], monster="e5 E")
    assert steps(t) == ["e6"]  # east was the stone: it turned south and went there
    assert t.monster == (sq("e6"), S)
    assert stone_names(t.stones) == ["f5"]  # never pushed


def test_a_180_stone_turns_the_monster_back() -> None:
    t = monster_walk("1", stones=["f5 turn_180"], monster="e5 E")
    assert steps(t) == ["d5"]
    assert t.monster == (sq("d5"), W)


def test_d3_the_turning_stone_acts_when_figures_left_and_right_are_equally_far() -> None:
    t = monster_walk("1", figures={"red5": "e3", "blue5": "e7"}, stones=["f5 turn_right"],
                     monster="e5 E")
    look = next(e for e in t.events if e["type"] == "look")
    assert len(look["seen"]) == 2 and not look["turned"]
    turn = next(e for e in t.events if e["type"] == "turning_stone")
    assert turn["facing"] == "S"
    assert steps(t) == ["e6"]


def test_d3_a_look_that_turns_the_monster_away_means_the_stone_does_nothing() -> None:
    t = monster_walk("1", figures={"red5": "e3"}, stones=["f5 turn_right"], monster="e5 E")
    assert not any(e["type"] == "turning_stone" for e in t.events)
    assert steps(t) == ["e4"]


def test_d4_after_a_turn_the_new_square_is_entered_like_any_step_eating_a_figure() -> None:
    t = monster_walk("1", figures={"red5": "e6"}, stones=["f5 turn_right"], monster="e5 E")
    # red 5 on e6 is to the right; the look turns the monster south at once: no stone needed.
    assert not any(e["type"] == "turning_stone" for e in t.events)
    t = monster_walk("1", figures={"red5": "e6"}, stones=["f5 turn_right", "e4 stone"],
                     monster="e5 W")
    # facing west, red 5 is to the left; it turns south and eats it on its one step
    assert [e["figure"] for e in t.events if e["type"] == "eat"] == ["red5"]


def test_d4_a_turning_stone_after_a_turning_stone_turns_again() -> None:
    t = monster_walk("1", stones=["f5 turn_right", "e6 turn_right"], monster="e5 E")
    assert [e["facing"] for e in t.events if e["type"] == "turning_stone"] == ["S", "W"]
    assert steps(t) == ["d5"]


def test_d4_four_turns_in_one_step_and_the_monster_stays_where_it_is() -> None:
    t = monster_walk("1", stones=["f5 turn_right", "e6 turn_right", "d5 turn_right",
                                  "e4 turn_right"], monster="e5 E")
    assert len([e for e in t.events if e["type"] == "turning_stone"]) == 4
    assert any(e["type"] == "stay" for e in t.events)
    assert steps(t) == []
    assert t.monster == (sq("e5"), E)


def test_a_turning_stone_further_down_a_pushed_line_is_pushed() -> None:
    t = monster_walk("1", stones=["c1 stone", "d1 turn_right"], monster="b1 E")
    assert t.stones == [(sq("d1"), "stone"), (sq("e1"), "turn_right")]


def test_d6_a_turning_stone_on_the_pools_last_square_stops_the_slide_and_turns_it() -> None:
    t = monster_walk("1", pools=["long c5 d5 e5 f5"], stones=["f5 turn_right"], monster="b5 E")
    assert steps(t) == ["c5", "d5", "e5", "e6"]
    assert t.monster == (sq("e6"), S)


# -- teleporters ------------------------------------------------------------------------------

def test_a_teleporter_is_a_wall_for_figures() -> None:
    state = position({"red5": "e5"}, teleporters=["A f5 N", "A k9 S"])
    with pytest.raises(IllegalMove) as err:
        check_path(state, fig("red5"), "E")
    assert err.value.details["reason"] == "teleporter"
    assert all(o.square != sq("f5") for o in legal_outcomes(state, fig("red5")))


def test_d5_a_figure_may_not_push_a_stone_onto_a_teleporter() -> None:
    state = position({"red5": "d5"}, stones=["e5"], teleporters=["A f5 N", "A k9 S"])
    with pytest.raises(IllegalMove) as err:
        check_path(state, fig("red5"), "E")
    assert err.value.details["reason"] == "stone_blocked"


def test_d15_a_figures_slide_stops_on_the_pool_before_a_teleporter() -> None:
    state = position({"red5": "b5"}, pools=["long c5 d5 e5 f5"], teleporters=["A g5 N", "A k9 S"])
    assert check_path(state, fig("red5"), "E").square == sq("f5")


def test_d15_a_pushed_stone_slides_only_up_to_a_teleporter() -> None:
    state = position({"red5": "a5"}, stones=["b5"], pools=["long c5 d5 e5 f5"],
                     teleporters=["A g5 N", "A k9 S"])
    assert check_path(state, fig("red5"), "E").stones == ((sq("f5"), "stone"),)


def test_the_monster_sees_over_a_teleporter() -> None:
    t = monster_walk("1", figures={"red5": "e5"}, teleporters=["A e3 N", "A k9 S"],
                     monster="e1 E")
    assert next(e for e in t.events if e["type"] == "look")["facing"] == "S"


def test_the_monster_on_a_teleporter_goes_to_its_pair_in_the_same_step_facing_its_arrow() -> None:
    t = monster_walk("1", teleporters=["A c1 N", "A k9 W"], monster="b1 E")
    assert [e["type"] for e in t.events if e["type"] in ("step", "teleport")] == ["step",
                                                                                    "teleport"]
    assert t.monster == (sq("k9"), W)


def test_after_teleporting_the_monster_looks_left_and_right_before_moving_again() -> None:
    t = monster_walk("5", figures={"red5": "k5"}, teleporters=["A c1 N", "A k9 W"],
                     monster="b1 E")
    looks = [e for e in t.events if e["type"] == "look"]
    assert looks[1]["square"] == "k9" and looks[1]["facing"] == "N"  # red 5 to its right


def test_a_stone_the_monster_pushes_onto_a_teleporter_is_removed() -> None:
    t = monster_walk("1", stones=["c1"], teleporters=["A d1 N", "A k9 W"], monster="b1 E")
    assert t.stones == []
    push = next(e for e in t.events if e["type"] == "push")
    assert push["pieces"] == [{"piece": "stone", "from": "c1", "to": None}]


def test_a_figure_the_monster_pushes_onto_a_teleporter_counts_as_eaten() -> None:
    t = monster_walk("1hit", figures={"red5": "d1", "blue5": "p11"}, stones=["c1"],
                     teleporters=["A e1 N", "A k9 W"], monster="b1 E", stage=2)
    eat = next(e for e in t.events if e["type"] == "eat")
    assert (eat["figure"], eat["how"]) == ("red5", "teleporter")
    assert t.state.figure(fig("red5")).where == REMOVED
    # the hit card was satisfied by that figure: one point walked
    assert max(e["point"] for e in t.events if "point" in e) == 1


def test_a_figure_eaten_on_a_teleporter_push_in_stage_1_waits_outside() -> None:
    t = monster_walk("5", figures={"red5": "d1"}, stones=["c1"],
                     teleporters=["A e1 N", "A k9 W"], monster="b1 E")
    assert t.state.figure(fig("red5")).where == OUTSIDE


def test_a_pool_slide_onto_a_teleporter_teleports_the_monster() -> None:
    t = monster_walk("1", pools=["long c5 d5 e5 f5"], teleporters=["A g5 N", "A k9 S"],
                     monster="b5 E")
    assert t.monster == (sq("k9"), S)


def test_teleporter_arrows_point_where_the_monster_faces_for_each_direction() -> None:
    for arrow, facing in (("N", N), ("E", E), ("S", S), ("W", W)):
        t = monster_walk("1", teleporters=["A c1 N", f"A h6 {arrow}"], monster="b1 E")
        assert t.monster == (sq("h6"), facing)
