"""The rulebook's basic monster example (seed 001, "Examples of monster movement"), step by step.

The picture is not in the text, so the position (``positions/monster_basic_example.json``) is
rebuilt on the real board from the text alone. The wall letter V fixes where the stone and F
go off the board: V is on the east side of p6 (its twin on the west side of a6, RULES §1), so
the monster ends up pushing east along row 6. The 2×2 blood pool lies on k6 l6 k7 l7 and the
only stone needed is the one it pushes, on n6 (a stone of the basic layout)::

          i   j   k   l   m   n   o   p
      2   .   A   .   .   .   #   #   #        A green 1   B green 3   C green 4   D green 5
      3   .   .   .   .   D   .   #   #        E red 1     F red 3     G red 4     H red 5
      4   .   .   .   .   .   .   .   #
      5   .   .   H   .   .   .   .   .
      6   .   .   ~   ~   C  []   F   . |V     the monster on j8 facing east
      7   .   .   ~   ~   .   .   .   G
      8   B  M>   .   .   .   .   .   .
      9   .   .   .   .   E   .   .   .

How each sentence maps to the events, point by point (``trail`` lines):

1. "Before the first step the monster looks for victims. It sees playing figure A (it cannot
   see B because it never looks backwards), turns to the left, and walks a space nearer to A"
   — ``look j8: A N6 -> N``, ``step j8-j7`` (B on i8 is behind it).
2. "Now it sees A and G. A is nearer to the monster, so it keeps facing the same direction and
   moves 1 space nearer to A" — ``look j7: A N5, G E6`` (G seen across the pool, D2),
   ``step j7-j6``.
3. "Now it can see A and C. C is nearer, so the monster changes direction, slides across the
   blood pool and eats C, using its third movement point. It could not see H while sliding" —
   ``look j6: A N4, C E3 -> E``, ``step j6-k6``, ``slide k6-l6``, ``slide l6-m6``,
   ``eat C m6 caught``, and no look on k6, from where H on k5 is one square away.
4. "Now it can see D and E. Both playing figures have the same distance, so the monster
   maintains its direction and pushes the stone and F one space" — ``look m6: D N3, E S3``,
   ``step m6-n6``, ``push E stone n6-o6 F o6-p6``.
5. "Now it cannot see playing figures so it keeps pushing the stone to the edge and F off of
   the board. F counts as eaten by the monster" — ``look n6: nothing``, ``step n6-o6``,
   ``eat F p6 pushed_off``, ``push E stone o6-p6 F p6-x``.
6. "There is still no victim in sight so the monster pushes the stone off of the board, which
   is removed from the game" — ``look o6: nothing``, ``step o6-p6``, ``push E stone p6-x``.
7. "Now it can see G. The monster turns, moves a space and eats G" — ``look p6: G S1 -> S``,
   ``step p6-p7``, ``eat G p7 caught``.
8. "Finally it moves its last space, looks a final time and turns to look at B" —
   ``look p7: nothing``, ``step p7-p8``, ``final look p8: B W7 -> W``.

"If G was at another space, the monster would have moved through the wall and re-entered at
the other V to move its last space there" — with G elsewhere, point 7 is ``wall p6-a6 V`` and
``step p6-a6``, and point 8 is ``step a6-b6``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.board import E, W
from engine.state import OUTSIDE, GameState
from tests.engine.helpers import fig, load_position, sq
from tests.engine.monster_helpers import eaten, of_type, trail, walk

A, B, C, D, E_, F, G, H = (
    "green1", "green3", "green4", "green5", "red1", "red3", "red4", "red5")


def example() -> GameState:
    """Return the example's position: the monster phase of a game whose next card is an 8."""
    return load_position("monster_basic_example")


def lines(point: int) -> list[str]:
    """Return the example walk's events of one movement point as short lines."""
    return trail(walk(example(), "8").events, point)


def test_the_card_drawn_is_an_8_and_the_monster_walks_8_spaces() -> None:
    t = walk(example(), "8")
    assert [e["card"] for e in of_type(t.events, "card")] == ["8"]
    assert [e["point"] for e in of_type(t.events, "step")] == [1, 2, 3, 3, 3, 4, 5, 6, 7, 8]


def test_1_it_sees_a_but_not_b_behind_it_turns_left_and_walks_nearer_to_a() -> None:
    assert lines(1) == [f"look j8: {A} N6 -> N", "step j8-j7"]


def test_2_it_sees_a_and_g_and_keeps_facing_a_the_nearer() -> None:
    assert lines(2) == [f"look j7: {A} N5, {G} E6", "step j7-j6"]


def test_3_c_is_nearer_so_it_turns_slides_across_the_blood_pool_and_eats_c() -> None:
    assert lines(3) == [
        f"look j6: {A} N4, {C} E3 -> E",
        "step j6-k6", "slide k6-l6", "slide l6-m6",
        f"eat {C} m6 caught",
    ]


def test_3_it_could_not_see_h_while_sliding_on_the_blood() -> None:
    t = walk(example(), "8")
    looked_from = [e["square"] for e in of_type(t.events, "look")]
    assert "k6" not in looked_from and "l6" not in looked_from
    assert H not in {s["figure"] for e in of_type(t.events, "look") for s in e["seen"]}
    # Had it looked on k6, H (one square north) would have been the nearest figure.
    on_the_pool = replace(example(), monster=replace(example().monster, square=sq("k6")))
    assert trail(walk(on_the_pool, "5").events, 1)[0] == f"look k6: {C} E2, {H} N1 -> N"


def test_4_d_and_e_are_equally_far_so_it_keeps_its_direction_and_pushes_the_stone_and_f() -> None:
    assert lines(4) == [
        f"look m6: {D} N3, {E_} S3",
        "step m6-n6",
        f"push E stone n6-o6 {F} o6-p6",
    ]


def test_5_it_pushes_the_stone_to_the_edge_and_f_off_the_board_which_counts_as_eaten() -> None:
    assert lines(5) == [
        "look n6: nothing",
        "step n6-o6",
        f"eat {F} p6 pushed_off",
        f"push E stone o6-p6 {F} p6-x",
    ]


def test_6_it_pushes_the_stone_off_the_board_and_the_stone_is_removed() -> None:
    assert lines(6) == ["look o6: nothing", "step o6-p6", "push E stone p6-x"]
    assert walk(example(), "8").state.stones == ()


def test_7_it_sees_g_turns_and_eats_g() -> None:
    assert lines(7) == [f"look p6: {G} S1 -> S", "step p6-p7", f"eat {G} p7 caught"]


def test_8_it_moves_its_last_space_and_the_final_look_turns_it_toward_b() -> None:
    assert lines(8) == ["look p7: nothing", "step p7-p8", f"final look p8: {B} W7 -> W"]
    t = walk(example(), "8")
    assert (t.state.monster.square, t.state.monster.facing) == (sq("p8"), W)


def test_c_f_and_g_were_eaten_and_wait_outside_in_stage_1() -> None:
    t = walk(example(), "8")
    assert eaten(t) == [C, F, G]
    assert [t.state.figure(fig(k)).where for k in (C, F, G)] == [OUTSIDE] * 3
    assert {t.state.figure(fig(k)).square for k in (A, B, D, E_, H)} == {
        sq("j2"), sq("i8"), sq("m3"), sq("m9"), sq("k5")}


def test_had_g_stood_elsewhere_it_would_walk_through_the_wall_and_re_enter_at_the_other_v() -> None:
    state = example()
    g = state.figure_index(fig(G))
    figures = list(state.figures)
    figures[g] = replace(figures[g], square=sq("e2"))  # a square it never looks at
    t = walk(replace(state, figures=tuple(figures)), "8")
    assert trail(t.events, 7) == ["look p6: nothing", "wall p6-a6 V", "step p6-a6"]
    assert trail(t.events, 8) == ["look a6: nothing", "step a6-b6", "final look b6: nothing"]
    assert (t.state.monster.square, t.state.monster.facing) == (sq("b6"), E)
