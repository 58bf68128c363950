"""Engine errors keep their message as a template and its words, for other languages."""

from __future__ import annotations

import pytest

import engine
from engine.errors import EngineError, IllegalPlacement, InvalidNotation, StaleVersion
from engine.notation import parse_action


def test_said_fills_the_template_from_the_words_and_the_details() -> None:
    error = StaleVersion.said("the game is at version %(version)s, not %(expected)s",
                              expected=4, version=5)
    assert error.message == str(error) == "the game is at version 5, not 4"
    assert error.template == "the game is at version %(version)s, not %(expected)s"
    assert error.words == {"expected": 4, "version": 5}
    assert error.to_dict() == {"code": "game/stale_version",
                               "message": "the game is at version 5, not 4",
                               "details": {"expected": 4, "version": 5}}


def test_words_fill_the_template_without_becoming_details() -> None:
    error = InvalidNotation.said("%(text)r is not text", {"text": 5}, path="x")
    assert error.message == "5 is not text"
    assert error.details == {"path": "x"}
    assert error.words == {"text": 5, "path": "x"}


def test_an_error_inside_another_fills_it_with_its_message() -> None:
    inner = InvalidNotation.said("empty move")
    outer = InvalidNotation.said("%(text)r: %(problem)s", {"problem": inner}, text="")
    assert outer.message == "'': empty move"
    assert outer.words["problem"] is inner


def test_a_placement_refusal_is_coded_by_its_reason_and_keeps_its_template() -> None:
    refusal = IllegalPlacement.because("overlap", "%(squares)s already holds a tile",
                                       {"squares": "c3"}, tile="stone", square="c3")
    assert refusal.code == "placement/overlap"
    assert refusal.message == "c3 already holds a tile"
    assert refusal.details == {"reason": "overlap", "tile": "stone", "square": "c3"}
    assert refusal.template == "%(squares)s already holds a tile"


def test_an_error_made_with_a_bare_message_has_no_template() -> None:
    error = EngineError("x")
    assert (error.message, error.template, error.words) == ("x", None, {})


@pytest.mark.parametrize("text", ["jump around", "", "place stone", "red 9 +N", "red 5 +Q"])
def test_the_engines_refusals_carry_the_template_of_their_message(text: str) -> None:
    game = engine.new_game(["green", "red"], seed=7, start_seat=0)
    with pytest.raises(EngineError) as refused:
        parse_action(text, game, 0)
    error = refused.value
    assert error.template is not None
    assert error.template % error.words == error.message
