"""service.features.mailin.commands: board, help, the seat's tools, or a move the engine
reads; the legal moves and the commands listed."""

from __future__ import annotations

import pytest
from flask import Flask

import engine
from engine.state import evolve
from service.features.mail import words as mail_words
from service.features.mailin import words
from service.features.mailin.commands import (
    ANSWERS,
    ANSWERS_ALL,
    ANSWERS_NEEDED,
    BACK,
    BOARD,
    HELP,
    LANGUAGE,
    MOVE,
    NUDGE,
    PLAN,
    PLAN_CLEAR,
    Command,
    Misread,
    choose,
    command_lines,
    command_of,
    figure_named,
    help_lines,
    language_asked,
    legal_lines,
    planned,
)
from service.plumbing.i18n import LANGUAGES, in_language

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
    assert lines[0] == "green 5 +NNNN    brings it in and moves it to p7"
    assert "flip green 5     turns it over without moving it" in lines
    assert len(lines) == 9 and lines[-1].startswith("(17 more: ")  # 8 moves, then the rest
    assert all("green 5" in line for line in lines[:-1])
    every = legal_lines(GAME, 0, None)
    assert every[:4] == ["green 1 +        brings it in at p11",
                         "green 3 +NN      brings it in and moves it to p9",
                         "green 4 +NNN     brings it in and moves it to p8",
                         "green 5 +NNNN    brings it in and moves it to p7"]
    assert every[4] == "flip green 1     turns it over without moving it (any of 1, 3, 4, 5)"
    assert legal_lines(GAME, 1, None) == []  # not seat 1's turn


def test_the_figure_comes_from_the_errors_details_first() -> None:
    figure = figure_named("anything", GAME, 0, {"figure": "green4"})
    assert figure is not None and figure.key == "green4"
    assert figure_named("What a game", GAME, 0, {}) is None


@pytest.mark.parametrize(("line", "language", "kind", "text"), [
    ("Hilfe", "en", HELP, "help"), ("tablero", "pl", BOARD, "board"),
    ("plansza!", "de", BOARD, "board"), ("language de", "en", LANGUAGE, "de"),
    ("Sprache: Español", "pl", LANGUAGE, "español"), ("język", "es", LANGUAGE, ""),
    ("umdrehen 4", "es", MOVE, "flip 4"), ("verde 5 +NNO", "es", MOVE, "green 5 +NNW"),
    ("zielony 5 +W", "pl", MOVE, "zielony 5 +W"),  # not guessed: choose answers it
    ("zielony 5 +NW", "pl", MOVE, "green 5 +NW"),  # N: the notation, so W is west
    ("Sprache ist egal", "de", MOVE, "language ist egal"),  # talk, passed over
])
def test_each_languages_words_are_read_as_commands_and_moves(line: str, language: str,
                                                             kind: str, text: str) -> None:
    assert command_of(line, language) == Command(kind, text)


@pytest.mark.parametrize(("asked", "code"), [
    ("de", "de"), ("DE", "de"), ("Deutsch", "de"), ("alemán", "de"), ("aleman", "de"),
    ("niemiecki", "de"), ("castellano", "es"), ("polski", "pl"), ("English", "en"),
    ("klingon", None), ("", None), ("fr", None),
])
def test_language_names_a_code_or_a_language_in_any_language(asked: str,
                                                             code: str | None) -> None:
    assert language_asked(asked) == code


def test_a_letter_with_two_readings_is_the_move_with_a_misreading_naming_them() -> None:
    command, error = choose(["Cześć!", "zielony 5 +W", "plansza"], GAME, 0, "pl")
    assert command == Command(MOVE, "zielony 5 +W")
    assert isinstance(error, Misread) and error.code == "move/ambiguous_letter"
    assert error.details["figure"] == "green5"  # its moves are listed in the answer
    assert [r["direction"] for r in error.details["readings"]] == ["W", "E"]
    assert "'W'" in error.message and "wschód" in error.message


def test_a_line_no_language_reads_is_named_as_written() -> None:
    command, error = choose(["Grün ist schön"], GAME, 0, "de")
    assert command is None and error is not None and "'Grün ist schön'" in error.message


def test_a_plan_in_german_words_is_read_as_the_canonical_plan() -> None:
    plan = planned(["Hallo", "grün 5 +NW oder umdrehen", "4 +NNO", "den Rest umdrehen"],
                   GAME, 0, "de")
    assert plan.moves == ("green 5 +NW or flip", "4 +NNE") and plan.flip_rest


def test_the_help_lists_the_readers_own_words(app: Flask) -> None:
    assert not any("Nord" in line for line in help_lines())
    with app.app_context(), in_language("de"):
        lines = help_lines()
    assert "Richtungen: Nord/Norden = N, Ost/Osten = E, Süd/Sued/Süden/Sueden = S, " \
           "West/Westen = W" in lines
    assert any(line.endswith(": N = N, O = E, S = S, W = W") for line in lines)


TOOLS = [(NUDGE, NUDGE), (BACK, BACK), (PLAN, PLAN), (PLAN, PLAN_CLEAR), (ANSWERS, ANSWERS),
         (ANSWERS, ANSWERS_ALL), (ANSWERS, ANSWERS_NEEDED), (BOARD, BOARD), (HELP, HELP)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("kind", "text"), TOOLS)
def test_a_command_as_an_answer_names_it_is_read_back_in_the_seats_language_and_english(
        language: str, kind: str, text: str) -> None:
    said = mail_words.said_as(text, language)
    assert command_of(said, language) == Command(kind, text)
    assert command_of(said.upper(), "en") == Command(kind, text)  # whole words: from anyone
    assert command_of(text, language) == Command(kind, text)  # English: always


@pytest.mark.parametrize(("line", "language", "text"), [
    ("Plan löschen", "de", PLAN_CLEAR), ("usuń plan", "pl", PLAN_CLEAR),
    ("clear plan", "es", PLAN_CLEAR), ("borrar plan", "es", PLAN_CLEAR),
    ("Antworten: alle", "de", ANSWERS_ALL), ("answer every", "en", ANSWERS_ALL),
    ("todas respuestas", "es", ANSWERS_ALL), ("odpowiedzi potrzebne", "pl", ANSWERS_NEEDED),
    ("I'm back", "en", BACK), ("Zurück!", "de", BACK), ("take my seat back", "pl", BACK),
    ("ponagl", "pl", NUDGE), ("ponaglij", "pl", NUDGE), ("Nudge.", "de", NUDGE),
])
def test_the_tools_are_read_in_each_languages_words(line: str, language: str, text: str) -> None:
    assert command_of(line, language).text == text


@pytest.mark.parametrize("line", ["Plan B", "answers below", "plan to win", "back to you Ann"])
def test_a_tools_word_with_other_words_is_talk_passed_over(line: str) -> None:
    assert command_of(line).kind == MOVE
    assert choose([line, "green 5 +"], GAME, 0) == (Command(MOVE, "green 5 +"), None)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_commands_suggested_are_at_most_eight_and_each_is_read_back(
        app: Flask, language: str) -> None:
    with app.app_context(), in_language(language):
        lines = command_lines(language, nudge=True, back=True, every=False)
    assert len(lines) == 8
    for line in lines:
        written = line.split("  ")[0].removesuffix(" ...")
        kind = command_of(written, language).kind
        assert kind != MOVE or written in {"say", *words.SAY_WORDS}, line
    with app.app_context():
        assert len(command_lines(language, nudge=False, back=False, every=True)) == 6


def test_the_one_figure_that_can_act_is_suggested_without_a_choice_of_figures() -> None:
    figures = tuple(figure if figure.colour != "green" or figure.number == 5
                    else evolve(figure, moved=True) for figure in GAME.figures)
    lines = legal_lines(evolve(GAME, figures=figures), 0, None)
    assert "flip green 5     turns it over without moving it" in lines
    assert not any("any of" in line for line in lines)
