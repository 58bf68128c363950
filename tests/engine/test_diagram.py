"""The text diagram (engine.diagram): 80 columns, pieces where they are, the legend."""

from __future__ import annotations

import random

import pytest

from engine.actions import Flip, Move
from engine.board import HEIGHT, WIDTH, at
from engine.diagram import LEGEND, diagram
from engine.figure_phase import legal_moves
from engine.options import Options
from engine.replay import play
from engine.setup import new_game
from engine.state import GameState
from tests.engine.helpers import fig, position

COLUMNS = 80


def cell(text: str, name: str) -> str:
    """Return the two or three characters drawn for square ``name`` in a diagram."""
    x, y = ord(name[0]) - ord("a"), int(name[1:]) - 1
    row = text.splitlines()[1 + y].ljust(4 + 4 * WIDTH)
    return row[4 + 4 * x: 8 + 4 * x].strip()


def assert_fits(state: GameState) -> None:
    for line in diagram(state).splitlines():
        assert len(line) <= COLUMNS, line


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_a_new_game_fits_in_80_columns(players: int) -> None:
    assert_fits(new_game(players, seed=players))
    assert_fits(new_game(players, seed=players, options=Options(experienced=True)))


def test_every_diagram_of_a_played_game_fits_in_80_columns() -> None:
    choose = random.Random(7)
    state = new_game(["purple", "yellow", "beige", "green", "black", "blue", "red"], seed=7)
    while not state.is_over:
        assert_fits(state)
        moves = legal_moves(state, state.to_move)
        key = choose.choice(sorted(moves))
        action = Move(fig(key), moves[key][-1].path) if moves[key] else Flip(fig(key))
        state = play(state, action)[0].state
    assert_fits(state)


def test_a_late_stage_with_long_names_and_seven_cards_played_fits() -> None:
    state = position(
        {"purple5": "h6", "yellow4": "c3", "beige1": "outside"},
        stage=2, game_turn=14, to_move=1, start_seat=1,
        discard=["1hit", "2hits", "10", "8", "8", "7", "7"], pile=["5"], monster="i10 E")
    assert_fits(state)


def test_the_grid_shows_every_piece_on_its_square() -> None:
    state = position(
        {"red5": "h6", "red4": "f9 black", "blue1": "c3", "blue3": "outside"},
        stones=["h7", "m4 crystal", "j9 turn_right", "k9 turn_180"],
        pools=["long e9 f9 g9 h9"], teleporters=["A c5 N", "A k7 W"], monster="i10 S")
    text = diagram(state)
    assert {name: cell(text, name) for name in (
        "h6", "f9", "c3", "h7", "m4", "j9", "k9", "e9", "g9", "c5", "k7", "i10", "a1", "a11",
    )} == {
        "h6": "r5", "f9": "R4~", "c3": "b1", "h7": "[]", "m4": "<>", "j9": "@R", "k9": "@U",
        "e9": "~~", "g9": "~~", "c5": "A^", "k7": "A<", "i10": "Mv", "a1": "..", "a11": "##",
    }


def test_every_square_is_floor_or_cut_off_on_an_empty_board() -> None:
    text = diagram(position({"red5": "outside"}, monster="h6 W"))
    for y in range(HEIGHT):
        for x in range(WIDTH):
            name = f"{'abcdefghijklmnop'[x]}{y + 1}"
            expected = "M<" if name == "h6" else "##" if at(x, y) < 0 else ".."
            assert cell(text, name) == expected, name


def test_the_status_says_who_acts_and_where_the_figures_are_in_words() -> None:
    state = position({"red5": "h6 moved", "blue1": "outside"}, to_move=1, pile=["5", "7"],
                     game_turn=3)
    text = diagram(state)
    assert "Stage 1, game turn 3, begun by red: blue to move." in text
    assert "Monster on a1 facing east; 2 cards left, none played yet." in text
    assert "\nred: 5 on h6." in text
    assert "\nblue: 1 waits outside." in text
    assert "seat" not in text  # seats are named by colour for people
    words = diagram(state, legend=False).split("entrance: p11")[1]
    assert "phase" not in words and "@" not in words and "=" not in words  # no jargon, codes


def test_a_players_line_names_every_figure_by_its_number_wherever_it_is() -> None:
    state = position({"green1": "d9", "green4": "l5 black", "green5": "escaped",
                      "green3": "outside", "red1": "outside", "red3": "outside",
                      "red4": "removed", "red5": "removed"}, stage=2)
    text = diagram(state)
    assert "\ngreen: 1 on d9, 4 on l5; 3 waits outside; 5 has escaped." in text
    assert "\nred: 1 and 3 wait outside; 4 and 5 are out of the game." in text


def test_a_figure_on_its_black_side_is_drawn_with_its_own_number_in_capitals() -> None:
    state = position({"green4": "l5 black", "red1": "d9"})
    text = diagram(state)
    assert cell(text, "l5") == "G4" and cell(text, "d9") == "r1"


def test_the_diagram_has_the_legend_unless_asked_not_to() -> None:
    state = position({"red5": "h6"})
    assert diagram(state).endswith(LEGEND)
    assert "Legend:" not in diagram(state, legend=False)


def test_a_finished_game_names_its_winner() -> None:
    outcome = {"winners": [1], "reason": "escaped", "escaped": [0, 3], "eaten": [2, 0]}
    state = position({"red5": "h6", "blue1": "outside"}, phase="over", to_move=None,
                     outcome=outcome)
    assert "the game is over; blue won." in diagram(state)
