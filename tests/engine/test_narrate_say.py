"""engine.narrate's ``say``: every word goes through it as a literal template, so the service
can tell the game in any language, and by default the narration is English as it always was."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

import engine.narrate
from engine import Options
from engine.autoplay import random_game
from engine.narrate import (
    colour_word,
    english,
    figure_name,
    narrate_action,
    narrate_monster,
    stone_name,
    summarize_monster,
)

GAMES = [(2, 1, None), (4, 2, Options(experienced=True)), (6, 3, Options(three_hits=True)),
         (7, 4, Options(experienced=True, random_setup=True))]


def phases() -> Iterator[tuple[bool, list[Mapping[str, Any]]]]:
    """Yield (a monster phase?, its events) for every transition of a few random games."""
    for players, seed, options in GAMES:
        for action, transition in random_game(players, seed, options):
            yield action is None, list(transition.events)


def tell(say: engine.narrate.Say) -> Iterator[str]:
    """Tell every transition of the random games, each player's action also as timed out."""
    for monster, events in phases():
        if monster:
            yield narrate_monster(events, say=say)
        else:
            yield narrate_action(events, "Q", say=say)
            yield narrate_action(events, "Q", timed_out=True, say=say)


def templates_in_the_module() -> set[str]:
    """The literal templates of the ``say("...")`` calls in engine/narrate.py."""
    tree = ast.parse(Path(engine.narrate.__file__).read_text(encoding="utf-8"))
    return {str(node.args[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "say" and node.args and isinstance(node.args[0], ast.Constant)}


def test_every_word_of_the_narration_goes_through_say() -> None:
    def values_only(template: str, /, *, context: str | None = None, **params: Any) -> str:
        return "[" + " ".join(str(value) for value in params.values()) + "]"

    for told in tell(values_only):
        # What is left are the placeholders' values: squares (h5), numbers, wall letters.
        assert re.search(r"[A-Za-z]{2,}", told) is None, told


def test_every_template_said_is_a_literal_the_extractor_finds() -> None:
    said: set[str] = set()

    def record(template: str, /, *, context: str | None = None, **params: Any) -> str:
        said.add(template)
        return english(template, **params)

    assert all(tell(record))
    literals = templates_in_the_module()
    assert said - literals == set()
    assert len(said) > 40  # the games told most of the narration


GERMAN = {"crystal": "Kristall", "red": "rot", "north": "Norden",
          "%(who)s flipped %(figure)s without moving it.": "%(who)s drehte %(figure)s um.",
          "It stopped on %(square)s facing %(direction)s.":
              "Es blieb auf %(square)s stehen, Blick nach %(direction)s."}


def german(template: str, /, *, context: str | None = None, **params: Any) -> str:
    return english(GERMAN.get(template, template), **params)


def test_a_say_that_translates_tells_in_its_language_with_the_same_values() -> None:
    assert stone_name("crystal", say=german) == "Kristall"
    assert figure_name("red5", say=german) == "rot 5"
    assert narrate_action([{"type": "flip", "figure": "red3"}], "Bob (rot)", say=german) == (
        "Bob (rot) drehte rot 3 um.")
    done = {"type": "monster_done", "square": "a9", "facing": "N", "eaten": [], "fate": "outside"}
    assert narrate_monster([done], say=german) == "Es blieb auf a9 stehen, Blick nach Norden."


POLISH = {(None, "red"): "czerwony", ("figure", "red"): "czerwona"}


def polish(template: str, /, *, context: str | None = None, **params: Any) -> str:
    return english(POLISH.get((context, template), template), **params)


def test_a_figures_colour_is_a_word_of_its_own_beside_the_players() -> None:
    assert figure_name("red5", say=polish) == "czerwona 5"
    assert colour_word("red", polish) == "czerwony"
    assert narrate_action([{"type": "flip", "figure": "red3"}], "Bob (czerwony)",
                          say=polish) == "Bob (czerwony) flipped czerwona 3 without moving it."


def test_english_fills_the_placeholders_and_leaves_a_template_without_any_as_written() -> None:
    assert english("%(who)s played.", who="Ann") == "Ann played."
    assert english("100% sure") == "100% sure"


MONSTER_PHASE: list[dict[str, Any]] = [
    {"type": "card", "card": "2hits", "label": "2 hits"},
    {"type": "look", "turned": True, "facing": "W", "seen": [
        {"figure": "red5", "square": "d3", "distance": 4},
        {"figure": "blue1", "square": "f3", "distance": 2}]},
    {"type": "step", "to": "g3", "slide": False},
    {"type": "push", "pieces": [{"piece": "blue1", "to": None}, {"piece": "crystal", "to": None},
                                {"piece": "stone", "to": "e3"}]},
    {"type": "eat", "how": "pushed_off", "figure": "blue1", "square": "f3"},
    {"type": "step", "to": "f3", "slide": True},
    {"type": "turning_stone", "facing": "S", "kind": "turn_180", "stone": "f3"},
    {"type": "teleport", "square": "f4", "to": "k9", "facing": "E"},
    {"type": "eat", "how": "teleporter", "figure": "red5", "square": "k9"},
    {"type": "eat", "how": "caught", "figure": "green3", "square": "l9"},
    {"type": "wall", "letter": "C", "square": "p1", "direction": "E", "to": "a9"},
    {"type": "stay", "reason": "loop"},
    {"type": "stay"},
    {"type": "monster_done", "square": "a9", "facing": "N", "eaten": ["blue1", "red5", "green3"],
     "fate": "outside"},
    {"type": "stage_end", "stage": 1},
]


def test_a_monster_phase_is_told_step_by_step_in_english() -> None:
    assert narrate_monster(MONSTER_PHASE) == (
        "The monster drew 2 hits. It turned west toward blue 1 on f3, went to g3, pushed blue 1 "
        "off the board, a crystal out of the game, a stone to e3, pushed off the board and so ate "
        "blue 1 on f3, slid to f3, was turned south by a 180° turning stone on f3, teleported "
        "from f4 to k9, facing east, pushed onto a teleporter and so ate red 5 on k9, ate green 3 "
        "on l9, walked through the wall east of p1 to a9, turned round in a loop and stayed put, "
        "spun round four times and stayed put. It stopped on a9 facing north; eaten: blue 1, "
        "red 5, green 3 (they wait outside again). Stage 1 is over: all cards are shuffled and "
        "stage 2 begins; from now on eaten figures are out for good.")


def test_a_monster_phase_is_summed_up_in_a_few_sentences_for_a_mail() -> None:
    assert summarize_monster(MONSTER_PHASE) == (
        "The monster drew 2 hits. It ate blue 1 on f3, red 5 on k9 and green 3 on l9, which wait "
        "outside again, and stopped on a9, facing north. Stage 1 is over: all cards are shuffled "
        "and stage 2 begins; from now on eaten figures are out for good.")


@pytest.mark.parametrize(("eaten", "fate", "end"), [
    ([], "outside", "The monster drew 7 and stopped on a9, facing north."),
    (["red5"], "removed", "The monster drew 7. It ate red 5 on b2, which is out of the game for "
                          "good, and stopped on a9, facing north."),
])
def test_the_summary_says_where_the_monster_stopped_and_what_became_of_the_eaten(
        eaten: list[str], fate: str, end: str) -> None:
    events = [{"type": "card", "card": "7"},
              *({"type": "eat", "how": "caught", "figure": key, "square": "b2"} for key in eaten),
              {"type": "monster_done", "square": "a9", "facing": "N", "eaten": eaten,
               "fate": fate}]
    assert summarize_monster(events) == end


@pytest.mark.parametrize(("eaten", "fate", "end"), [
    ([], "outside", "It stopped on a9 facing north."),
    (["blue1"], "outside",
     "It stopped on a9 facing north; eaten: blue 1 (it waits outside again)."),
    (["blue1"], "removed", "It stopped on a9 facing north; eaten: blue 1 (it is out for good)."),
    (["blue1", "red5"], "removed",
     "It stopped on a9 facing north; eaten: blue 1, red 5 (they are out for good)."),
])
def test_where_the_monster_stopped_says_whom_it_ate_and_what_becomes_of_them(
        eaten: list[str], fate: str, end: str) -> None:
    done = {"type": "monster_done", "square": "a9", "facing": "N", "eaten": eaten, "fate": fate}
    assert narrate_monster([done, {"type": "stage_end", "stage": 2}, {"type": "game_over"}]) == (
        f"{end} Stage 2 is over; figures still inside count as eaten. The game is over.")


def test_the_first_cards_set_aside_are_named_as_printed() -> None:
    redraw = {"type": "first_card_redraw", "set_aside": ["2hits", "1hit"], "card": "8"}
    assert narrate_monster([redraw]) == (
        "The first card of the game may not be a hit card, so the hit cards 2 hits, 1 hit went "
        "back and 8 was drawn.")
    assert narrate_monster([{**redraw, "set_aside": ["3hits"]}]) == (
        "The first card of the game may not be a hit card, so the hit card 3 hits went back and "
        "8 was drawn.")
