"""Legal moves: every distinct outcome of a figure, each with one canonical shortest path.

An outcome is the end square (or leaving) plus the resulting stones. Small positions are
enumerated by hand; others are checked against every N/E/S/W path up to the figure's number.
"""

from __future__ import annotations

import itertools

import pytest

from engine.board import square_name
from engine.errors import IllegalMove
from engine.figure_phase import legal_moves
from engine.moves import MoveOutcome, check_path, legal_outcomes, legal_paths
from engine.state import GameState
from tests.engine.helpers import fig, position, stone_names

Result = tuple[str, tuple[str, ...]]


def results(outcomes: list[MoveOutcome]) -> dict[Result, str]:
    """Map each outcome's (end square, stone squares) to its path."""
    table = {}
    for o in outcomes:
        end = "out" if o.square is None else square_name(o.square)
        table[(end, tuple(stone_names(o.stones)))] = o.path
    assert len(table) == len(outcomes), "two outcomes with the same result"
    return table


def every_path(state: GameState, figure: str) -> dict[tuple, str]:
    """Try every path up to the figure's number; map each result to its shortest path."""
    f = state.figure(fig(figure))
    prefix = "+" if f.where == "outside" else ""
    shortest: dict[tuple, str] = {}
    for n in range(f.value + 1 - len(prefix)):
        for steps in itertools.product("NESW", repeat=n):
            for suffix in ("", "X"):
                path = prefix + "".join(steps) + suffix
                if not path or len(path) > f.value:
                    continue
                try:
                    o = check_path(state, f.id, path)
                except IllegalMove:
                    continue
                shortest.setdefault((o.square, o.stones), path)
    return shortest


def test_a_figure_showing_1_has_the_four_neighbouring_squares() -> None:
    state = position({"red1": "h6"})
    assert results(legal_outcomes(state, fig("red1"))) == {
        ("h5", ()): "N", ("i6", ()): "E", ("h7", ()): "S", ("g6", ()): "W"}


def test_on_an_empty_floor_a_figure_reaches_every_square_within_its_number() -> None:
    state = position({"red5": "h6 black"})  # shows 2
    table = results(legal_outcomes(state, fig("red5")))
    assert {end for end, _ in table} == {
        "h5", "i6", "h7", "g6", "h4", "j6", "h8", "f6", "i5", "i7", "g7", "g5"}
    assert all(len(path) == (1 if end in ("h5", "i6", "h7", "g6") else 2)
               for (end, _), path in table.items())


def test_every_outcome_is_listed_once_with_its_stones_by_hand() -> None:
    # red 5 shows 2 on h5; a stone on h4; blue 1 on i5 may be passed but not ended on.
    state = position({"red5": "h5 black", "blue1": "i5"}, stones=["h4"])
    assert set(results(legal_outcomes(state, fig("red5")))) == {
        ("h4", ("h3",)), ("h3", ("h2",)), ("i4", ("h3",)), ("g4", ("h3",)),
        ("h5", ("h3",)),  # there and back after pushing: a real move (D17)
        ("h6", ("h4",)), ("g5", ("h4",)), ("i4", ("h4",)), ("j5", ("h4",)),
        ("i6", ("h4",)), ("h7", ("h4",)), ("g6", ("h4",)), ("g4", ("h4",)), ("f5", ("h4",)),
    }


def test_the_same_square_with_different_stones_is_a_different_outcome() -> None:
    state = position({"red3": "h5"}, stones=["h4"])
    at_h4 = {stones: path for (end, stones), path in results(
        legal_outcomes(state, fig("red3"))).items() if end == "h4"}
    assert at_h4 == {("h3",): "N", ("h2",): "NNS", ("g4",): "ENW", ("i4",): "WNE"}


def test_the_canonical_path_is_the_first_shortest_in_nesw_order() -> None:
    table = results(legal_outcomes(position({"red4": "h6"}), fig("red4")))
    assert table[("i5", ())] == "NE"
    assert table[("g7", ())] == "SW"
    assert table[("h2", ())] == "NNNN"


def test_staying_put_with_nothing_pushed_is_not_a_move() -> None:
    state = position({"red4": "h6"})
    assert ("h6", ()) not in results(legal_outcomes(state, fig("red4")))


def test_an_outside_figures_paths_start_by_entering() -> None:
    state = position({"red3": "outside"})
    table = results(legal_outcomes(state, fig("red3")))
    assert table == {("p11", ()): "+", ("p10", ()): "+N", ("o11", ()): "+W",
                     ("p9", ()): "+NN", ("o10", ()): "+NW", ("n11", ()): "+WW"}
    assert all(path.startswith("+") for path in table.values())


def test_an_outside_figure_may_not_end_on_a_figure_standing_on_p11() -> None:
    state = position({"red5": "outside black", "blue1": "p11"})
    assert results(legal_outcomes(state, fig("red5"))) == {("p10", ()): "+N", ("o11", ()): "+W"}


def test_a_figure_near_the_exit_has_leaving_among_its_outcomes() -> None:
    state = position({"red5": "b1 black"}, monster="h8 N")
    table = results(legal_outcomes(state, fig("red5")))
    assert table[("out", ())] == "WX"
    escape = next(o for o in legal_outcomes(state, fig("red5")) if o.escaped)
    assert escape.to_dict() == {"figure": "red5", "path": "WX", "to": "out", "escapes": True,
                                "pushes": []}


POSITIONS = {
    "open floor": ({"red4": "h6"}, {}),
    "stones and figures": (
        {"red4": "h6", "blue1": "h5", "blue3": "i7"}, {"stones": ["g6", "i6", "h4", "f6"]}),
    "pool with a stone beyond": (
        {"red4": "c5", "blue1": "e4"}, {"pools": ["long e5 f5 g5 h5"], "stones": ["d5", "i5"]}),
    "square pool": ({"red4": "h3", "blue4": "k4"},
                    {"pools": ["square i3 j3 i4 j4"], "stones": ["k3", "j5"]}),
    "entering": ({"red4": "outside", "blue1": "p11"}, {"stones": ["p10", "n11"]}),
    "by the exit": ({"red4": "c2", "blue1": "a2"}, {"stones": ["b1"], "monster": "d4 W"}),
    "by the monster and a teleporter": (
        {"red4": "h6"}, {"monster": "h5 S", "teleporters": ["A g6 N", "A c9 E"],
                         "stones": ["i6"]}),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_the_outcomes_are_exactly_the_results_of_all_valid_paths(name: str) -> None:
    figures, extra = POSITIONS[name]
    state = position(figures, **extra)
    outcomes = legal_outcomes(state, fig("red4"))
    brute = every_path(state, "red4")
    assert {(o.square, o.stones) for o in outcomes} == set(brute)
    for o in outcomes:
        assert len(o.path) == len(brute[(o.square, o.stones)]), o
        checked = check_path(state, o.figure, o.path)
        assert checked.same_result(o) and checked == o


def test_legal_moves_lists_each_movable_figure_of_the_seat_to_act() -> None:
    state = position({"red4": "h6", "red1": "outside", "red3": "c3 moved", "blue1": "h8"},
                     game_turn=2)
    moves = legal_moves(state, 0)
    assert set(moves) == {"red4", "red1"}
    assert moves["red1"] == legal_outcomes(state, fig("red1"))
    assert legal_moves(state, 1) == {}


@pytest.mark.parametrize("name", POSITIONS)
def test_legal_paths_are_the_canonical_paths_in_the_same_order(name: str) -> None:
    figures, extra = POSITIONS[name]
    state = position(figures, **extra)
    assert legal_paths(state, fig("red4")) == [o.path for o in legal_outcomes(state, fig("red4"))]

