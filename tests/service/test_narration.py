"""service.kernel.narration: the engine's narration in the reader's language, through the catalogs;
in English (and outside an app) exactly the engine's own texts."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from babel import support
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from flask import Flask

from engine import narrate
from engine.autoplay import random_game
from service.kernel import narration
from service.plumbing.i18n import in_language, init_app

GERMAN = {
    "%(who)s flipped %(figure)s without moving it.": "%(who)s drehte %(figure)s um.",
    "The monster drew %(card)s.": "Das Monster zog %(card)s.",
    "2 hits": "2 Treffer",
    "It %(steps)s.": "Es %(steps)s.",
    "%(steps)s, %(step)s": "%(steps)s, dann %(step)s",
    "It stopped on %(square)s facing %(direction)s.":
        "Es blieb auf %(square)s stehen, Blick nach %(direction)s.",
    "north": "Norden", "red": "Rot", ("figure", "red"): "rot", "crystal": "Kristall",
    "the crystal": "den Kristall", "%(stone)s on %(square)s to %(to)s": "%(stone)s von %(square)s "
    "nach %(to)s",
}
"""A German catalog for the test; a figure's colour is said in its own context."""

FLIP: list[dict[str, Any]] = [{"type": "flip", "figure": "red3"}]
PHASE: list[dict[str, Any]] = [{"type": "card", "card": "2hits", "label": "2 hits"},
         {"type": "step", "to": "g3", "slide": False},
         {"type": "step", "to": "g4", "slide": True},
         {"type": "monster_done", "square": "g4", "facing": "N", "eaten": [], "fate": "outside"}]


def compiled(texts: dict[str | tuple[str, str], str]) -> support.Translations:
    """A German catalog holding ``texts`` (a key may be a context and a text), compiled as the
    service compiles its own."""
    catalog = Catalog(locale="de")
    for key, translation in texts.items():
        context, text = key if isinstance(key, tuple) else (None, key)
        catalog.add(text, translation, context=context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return support.Translations(buffer)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """An app whose German catalog holds only the texts of ``GERMAN``."""
    german = compiled(GERMAN)
    monkeypatch.setattr("service.plumbing.i18n.setup.translations_for", lambda language: (
        german if language == "de" else support.NullTranslations()))
    app = Flask(__name__)
    init_app(app)
    with app.app_context():
        yield app


def test_it_tells_a_players_action_in_the_readers_language(app: Flask) -> None:
    with in_language("de"):
        assert narration.narrate_action(FLIP, "Ann (rot)") == "Ann (rot) drehte rot 3 um."
        assert narration.narrate_action(FLIP, "Ann (rot)", timed_out=True) == (
            "Ann (rot) ran out of time, so rot 3 was flipped without moving.")  # not translated


def test_it_tells_a_monster_phase_clause_by_clause_in_the_readers_language(app: Flask) -> None:
    with in_language("de"):
        assert narration.narrate_monster(PHASE) == (
            "Das Monster zog 2 Treffer. Es went to g3, dann slid to g4. "
            "Es blieb auf g4 stehen, Blick nach Norden.")


def test_it_names_stones_and_figures_in_the_readers_language(app: Flask) -> None:
    with in_language("de"):
        assert narration.pushed_stone("crystal", "o9", "o8") == "den Kristall von o9 nach o8"
        assert narration.figure_name("red5") == "rot 5"  # a figure's colour, not a player's
        assert narration.pushed_stone("stone", "o9", "o8") == "the stone von o9 nach o8"


def told(events: list[dict[str, Any]], monster: bool, tell: Any) -> str:
    """Tell a transition's events with ``tell`` (the engine's narration or the service's)."""
    return tell.narrate_monster(events) if monster else tell.narrate_action(
        events, "Ann (red)", timed_out=True)


def test_in_english_it_tells_exactly_what_the_engine_tells(app: Flask) -> None:
    games = [(list(t.events), action is None) for action, t in random_game(3, 5)]
    with in_language("en"):
        assert [told(e, m, narration) for e, m in games] == [told(e, m, narrate) for e, m in games]
        assert narration.figure_name("red5") == narrate.figure_name("red5") == "red 5"


def test_outside_an_app_it_tells_in_english() -> None:
    assert narration.narrate_action(FLIP, "Ann (red)") == (
        "Ann (red) flipped red 3 without moving it.")
    assert narration.narrate_monster(PHASE) == narrate.narrate_monster(PHASE)
