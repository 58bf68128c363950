"""The rulebook's three "Examples of movement" (seed 001), rebuilt as positions.

The rulebook's pictures are not in its text, so each position in ``positions/`` is designed to
fit the text; the layout of each is drawn in the test's comment (north is up, squares named).
"""

from __future__ import annotations

from engine.actions import Flip, Move
from engine.game import apply_action
from engine.moves import legal_outcomes
from tests.engine.helpers import fig, load_position, refusal, sq, stone_names, walk


def test_example_1_figure_4_pushes_the_stone_once_then_turns_right() -> None:
    # "The playing figure numbered 4 moves 4 spaces and pushes the stone 1 space. The stone
    # cannot be pushed 2 spaces, because the second space is occupied by another playing
    # figure. [It] chooses to turn right for 1 space after pushing the stone. After moving,
    # the playing figure is flipped to reveal the 3."
    #     h3 blue 1 / h4 . / h5 stone / h6 . / h7 . / h8 red 4, going north
    state = load_position("movement_example_1")
    t = apply_action(state, Move(fig("red4"), "NNNE"), seat=0)
    red4 = t.state.figure(fig("red4"))
    assert (red4.square, red4.value) == (sq("i5"), 3)
    assert stone_names(t.state.stones) == ["h4"]
    assert t.events[0]["pushes"] == [{"from": "h5", "to": "h4", "piece": "stone"}]
    assert t.events[0]["shows"] == 3


def test_example_1_the_stone_cannot_be_pushed_a_second_space_onto_the_figure() -> None:
    state = load_position("movement_example_1")
    error = refusal(state, "red4", "NNNN")
    assert (error.details["step"], error.details["reason"]) == (4, "stone_blocked")


def test_example_1_the_figure_may_stop_earlier_or_not_move_at_all() -> None:
    state = load_position("movement_example_1")
    assert walk(state, "red4", "NN") == ("h6", ["h5"])
    assert walk(state, "red4", "NNN") == ("h5", ["h4"])
    t = apply_action(state, Flip(fig("red4")), seat=0)
    red4 = t.state.figure(fig("red4"))
    assert (red4.square, red4.value) == (sq("h8"), 3)


def test_example_2_figure_5_passes_two_figures_and_pushes_the_stone() -> None:
    # "The playing figure numbered 5 moves 5 spaces including over two other playing figures
    # (these spaces must be counted, too). It pushes the stone 1 space."
    #     d5 blue 1   e5 .   f5 blue 4   g5 stone   h5 .
    #     d6 .
    #     d7 red 5: north, north, then east three times
    state = load_position("movement_example_2")
    assert walk(state, "red5", "NNEEE") == ("g5", ["h5"])
    t = apply_action(state, Move(fig("red5"), "NNEEE"), seat=0)
    assert t.state.figure(fig("red5")).value == 2
    assert t.state.figure(fig("blue1")).square == sq("d5")
    assert t.state.figure(fig("blue4")).square == sq("f5")


def test_example_2_with_this_path_it_cannot_stop_after_2_or_4_spaces() -> None:
    # "... with this path, the playing figure cannot move 2 or 4 spaces because there are
    # other playing figures occupying these spaces."
    state = load_position("movement_example_2")
    for path in ("NN", "NNEE"):
        error = refusal(state, "red5", path)
        assert (error.details["step"], error.details["reason"]) == (len(path), "ends_on_figure")
    assert walk(state, "red5", "N") == ("d6", ["g5"])
    assert walk(state, "red5", "NNE") == ("e5", ["g5"])


def test_example_3_figure_5_pushes_the_stone_onto_the_pool_where_a_figure_stops_it() -> None:
    # "The playing figure numbered 5 moves 5 spaces and pushes the stone onto the blood pool.
    # The stone stops next to another playing figure, which blocks further sliding."
    #     a4 blue 1   b4 ~~   c4 ~~   d4 stone   e4 .   f4 .
    #     a5 blue 4   b5 ~~   c5 ~~   d5 .       e5 .   f5 .
    #                                                   f6 .
    #                                                   f7 red 5
    # North three times, then west twice: the stone slides from c4 and stops on b4 by blue 1.
    state = load_position("movement_example_3")
    assert walk(state, "red5", "NNNWW") == ("d4", ["b4"])
    t = apply_action(state, Move(fig("red5"), "NNNWW"), seat=0)
    assert t.events[0]["pushes"] == [{"from": "d4", "to": "b4", "piece": "stone"}]
    assert t.state.figure(fig("red5")).value == 2


def test_example_3_it_may_not_enter_the_pool_when_the_slide_ends_on_a_figure() -> None:
    # "The moving playing figure cannot move 2 spaces upwards and then straight to the left,
    # because its movement would have ended on an occupied space. In this case it is not
    # allowed to enter the blood pool ..." North twice, west to d5, then onto the pool on c5
    # with its last point: the slide ends on a5, where blue 4 stands.
    state = load_position("movement_example_3")
    error = refusal(state, "red5", "NNWWW")
    assert (error.details["step"], error.details["reason"]) == (5, "ends_on_figure")
    assert "a5" in error.message and "blue 4" in error.message
    ends = {o.square for o in legal_outcomes(state, fig("red5"))}
    assert sq("a5") not in ends and sq("a4") not in ends
    assert walk(state, "red5", "NNWW") == ("d5", ["d4"])
