"""The board (RULES §1): its 156 squares, their names, neighbours, walls and the wrap."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import board
from engine.board import DIRECTIONS, E, N, S, W
from engine.errors import InvalidSquare

CUT = {
    0: range(12, 16), 1: range(13, 16), 2: range(14, 16), 3: range(15, 16),
    7: range(0, 1), 8: range(0, 2), 9: range(0, 3), 10: range(0, 4),
}


def test_the_board_is_a_16_by_11_rectangle_minus_two_staircases() -> None:
    assert len(board.SQUARES) == 156
    for y in range(board.HEIGHT):
        for x in range(board.WIDTH):
            expected = x not in CUT.get(y, ())
            assert (board.at(x, y) >= 0) == expected, (x, y)


def test_the_shape_is_symmetric_under_the_half_turn() -> None:
    for square in board.SQUARES:
        x, y = board.xy(square)
        assert board.at(15 - x, 10 - y) >= 0


def test_the_exit_is_a1_and_the_entrance_is_p11() -> None:
    assert board.square_name(board.EXIT) == "a1" and board.xy(board.EXIT) == (0, 0)
    assert board.square_name(board.ENTRANCE) == "p11" and board.xy(board.ENTRANCE) == (15, 10)


def test_square_names_are_column_letter_and_row_number() -> None:
    assert board.square_name(board.at(7, 4)) == "h5"
    assert board.parse_square("h5") == 4 * 16 + 7
    for square in board.SQUARES:
        assert board.parse_square(board.square_name(square)) == square


def test_a_square_name_is_read_in_any_case_with_spaces_around() -> None:
    assert board.parse_square(" H5 ") == board.parse_square("h5")


@pytest.mark.parametrize("name", ["q1", "a0", "a12", "a11", "p1", "h05", "", "5h", "h", 75])
def test_a_name_that_is_not_a_square_is_refused(name: Any) -> None:
    with pytest.raises(InvalidSquare) as caught:
        board.parse_square(name)
    assert caught.value.code == "position/invalid_square"
    assert repr(name) in caught.value.message


def test_square_name_refuses_an_index_off_the_board() -> None:
    with pytest.raises(InvalidSquare):
        board.square_name(board.WIDTH * board.HEIGHT - 16)  # a11, cut off


def test_neighbours_follow_the_compass() -> None:
    h5 = board.parse_square("h5")
    names = [board.square_name(board.neighbour(h5, d)) for d in DIRECTIONS]
    assert names == ["h4", "i5", "h6", "g5"]


@pytest.mark.parametrize(
    ("name", "direction"),
    [("a1", N), ("a1", W), ("h1", N), ("l1", E), ("m2", E), ("n3", N), ("p5", N), ("p11", E),
     ("p11", S), ("a7", S), ("b8", W), ("e11", S), ("e11", W), ("a6", W)],
)
def test_there_is_a_wall_past_the_edge_and_the_staircases(name: str, direction: int) -> None:
    assert board.neighbour(board.parse_square(name), direction) == -1


def test_turns_go_clockwise_for_right() -> None:
    assert [board.turn_right(d) for d in DIRECTIONS] == [E, S, W, N]
    assert [board.turn_left(d) for d in DIRECTIONS] == [W, N, E, S]
    assert [board.turn_back(d) for d in DIRECTIONS] == [S, W, N, E]


def test_directions_are_read_as_letters() -> None:
    assert [board.parse_direction(c) for c in "NESWnesw"] == [N, E, S, W] * 2
    with pytest.raises(InvalidSquare):
        board.parse_direction("up")


def test_the_monster_wraps_to_the_half_turn_square() -> None:
    assert board.square_name(board.wrap(board.parse_square("a1"))) == "p11"
    assert board.square_name(board.wrap(board.parse_square("l1"))) == "e11"
    assert board.square_name(board.wrap(board.parse_square("p5"))) == "a7"


def test_every_wall_segment_has_a_letter_shared_with_its_half_turn_twin() -> None:
    segments = {(sq, d) for sq in board.SQUARES for d in DIRECTIONS
                if board.neighbour(sq, d) < 0}
    assert set(board.WALL_LETTERS) == segments
    assert set(Counter(board.WALL_LETTERS.values()).values()) == {2}
    for (square, side), letter in board.WALL_LETTERS.items():
        assert board.WALL_LETTERS[(board.wrap(square), board.turn_back(side))] == letter
    assert board.WALL_LETTERS[(board.parse_square("l1"), E)] == "M"
    assert board.WALL_LETTERS[(board.parse_square("a1"), W)] == "*"


def test_edge_squares_border_a_wall() -> None:
    assert board.is_edge(board.parse_square("a5"))
    assert board.is_edge(board.parse_square("c9"))  # b9 is cut off
    assert not board.is_edge(board.parse_square("h5"))
