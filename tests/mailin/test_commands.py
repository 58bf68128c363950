"""service.mailin.commands: board, help, or a move the engine reads; the legal moves listed."""

from __future__ import annotations

import pytest

import engine
from service.mailin.commands import BOARD, HELP, MOVE, choose, command_of, figure_named, legal_lines

GAME = engine.new_game(["green", "red"], seed=7, start_seat=0)


@pytest.mark.parametrize(("line", "kind"), [
    ("board", BOARD), ("Board.", BOARD), ("  SHOW   board ", BOARD), ("help", HELP),
    ("Help!", HELP), ("?", HELP), ("green 5 +", MOVE), ("board game", MOVE),
])
def test_it_tells_commands_from_moves(line: str, kind: str) -> None:
    assert command_of(line).kind == kind


def test_the_first_readable_line_is_the_command() -> None:
    command, error = choose(["Hello!", "Green 5 +", "board"], GAME, 0)
    assert command is not None and (command.kind, command.text, error) == (MOVE, "Green 5 +",
                                                                           None)
    command, error = choose(["Thanks", "help", "green 5 +"], GAME, 0)
    assert command is not None and command.kind == HELP


def test_a_line_the_engine_reads_but_refuses_is_the_move_with_its_error() -> None:
    command, error = choose(["Hi", "5 to a1", "board"], GAME, 0)
    assert command is not None and command.text == "5 to a1"
    assert error is not None and error.code == "move/illegal"


def test_no_readable_line_gives_the_first_lines_error() -> None:
    command, error = choose(["What a game", "Cheers"], GAME, 0)
    assert command is None and error is not None and "What a game" in error.message
    assert choose([], GAME, 0) == (None, None)


def test_at_most_eight_moves_are_suggested_each_saying_what_it_does() -> None:
    figure = figure_named("green 5 NNNN", GAME, 0, {})
    assert figure is not None and figure.key == "green5"
    lines = legal_lines(GAME, 0, figure)
    assert lines[0] == "green 5 +NNNN    onto the board, to p7"
    assert "flip green 5     turns it over without moving it" in lines
    assert len(lines) == 9 and lines[-1].startswith("(17 more: ")  # 8 moves, then the rest
    assert all("green 5" in line for line in lines[:-1])
    every = legal_lines(GAME, 0, None)
    assert every[:4] == ["green 1 +        onto the board, to p11",
                         "green 3 +NN      onto the board, to p9",
                         "green 4 +NNN     onto the board, to p8",
                         "green 5 +NNNN    onto the board, to p7"]
    assert every[4] == "flip green 1     turns it over without moving it (any of 1, 3, 4, 5)"
    assert legal_lines(GAME, 1, None) == []  # not seat 1's turn


def test_the_figure_comes_from_the_errors_details_first() -> None:
    figure = figure_named("anything", GAME, 0, {"figure": "green4"})
    assert figure is not None and figure.key == "green4"
    assert figure_named("What a game", GAME, 0, {}) is None
