"""Errors in the reader's language: the service's, the engine's and marshmallow's messages go
through the catalog (here a small German one made up for the test); codes never change."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from babel import support
from flask import Flask
from flask.testing import FlaskClient

from engine import InvalidNotation, InvalidSquare, StaleVersion
from service.plumbing.errors import engine_message, field_messages
from service.plumbing.i18n.extract import extract_template
from tests.service.engine_templates import engine_templates, untemplated_errors
from tests.service.helpers import API, assert_error, create_game, submit

GERMAN = {
    "There is nothing at this address.": "Unter dieser Adresse ist nichts.",
    "There is no game with this id.": "Es gibt kein Spiel mit dieser Kennung.",
    "The request is not valid; see details.fields.":
        "Die Anfrage ist ungültig; siehe details.fields.",
    "Missing data for required field.": "Pflichtfeld fehlt.",
    "Unknown field.": "Unbekanntes Feld.",
    "Must be one of: %(choices)s.": "Muss eines sein von: %(choices)s.",
    "Length must be between %(min)s and %(max)s.":
        "Die Länge muss zwischen %(min)s und %(max)s liegen.",
    "cannot read %(text)r: write a figure and a path ('red 5 +WWN'), a destination "
    "('5 to h7', '5 out'), 'flip 4', or a placement ('place stone c3')":
        "%(text)r ist unlesbar: schreibe eine Figur und einen Weg ('red 5 +WWN')",
    "%(text)r: %(problem)s": "%(text)r: %(problem)s",
    "%(name)r is not a square on the board (a1..p11, minus the staircases)":
        "%(name)r ist kein Feld des Spielbretts",
    "the game is at version %(version)s, not %(expected)s": "Version %(wrong)s",
}
"""A German catalog for the test: one text's translation names a word that is not there."""


class Catalog(support.NullTranslations):
    """Translations answered from a dict (texts not in it stay as written)."""

    def __init__(self, texts: dict[str, str]) -> None:
        super().__init__()
        self.texts = texts

    def gettext(self, message: str) -> str:
        return self.texts.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.texts.get(singular if n == 1 else plural, singular if n == 1 else plural)

    ugettext = gettext
    ungettext = ngettext


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Answer German from :data:`GERMAN`; yield the languages the catalogs were asked for."""
    asked: list[str] = []

    def translations_for(language: str) -> support.NullTranslations:
        asked.append(language)
        return Catalog(GERMAN) if language == "de" else support.NullTranslations()

    monkeypatch.setattr("service.plumbing.i18n.setup.translations_for", translations_for)
    yield asked


DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def test_every_template_the_engine_raises_is_marked_where_written_and_extracted() -> None:
    raised = engine_templates()  # fails on a template not marked with N_()
    extracted = {message.id if isinstance(message.id, str) else message.id[0]
                 for message in extract_template() if message.id}
    missing = {text: where for text, where in raised.items() if text not in extracted}
    assert not missing, f"the extractor does not find these: {missing}"
    assert len(raised) > 100


def test_the_engine_makes_no_error_without_a_template() -> None:
    assert untemplated_errors() == []


def test_an_engine_error_is_answered_in_the_requests_language(
    client: FlaskClient, german: list[str]
) -> None:
    game = create_game(client)
    error = assert_error(submit(client, game, 0, 0, notation="jump around", headers=DE), 422,
                         "move/invalid")
    assert error["message"] == "'jump around' ist unlesbar: schreibe eine Figur und einen Weg " \
                               "('red 5 +WWN')"
    assert "de" in german


def test_without_accept_language_the_engines_english_is_kept(
    client: FlaskClient, german: list[str]
) -> None:
    game = create_game(client)
    error = assert_error(submit(client, game, 0, 0, notation="jump around"), 422, "move/invalid")
    assert error["message"].startswith("cannot read 'jump around': write a figure and a path")


def test_the_services_own_errors_and_the_http_errors_are_translated(
    client: FlaskClient, german: list[str]
) -> None:
    error = assert_error(client.get(f"{API}/games/{'G' * 22}", headers=DE), 404,
                         "game/not_found")
    assert error["message"] == "Es gibt kein Spiel mit dieser Kennung."
    error = assert_error(client.get(f"{API}/nothing/here", headers=DE), 404, "http/not_found")
    assert error["message"] == "Unter dieser Adresse ist nichts."


def test_marshmallows_field_messages_are_translated_in_a_422(
    client: FlaskClient, german: list[str]
) -> None:
    error = assert_error(client.post(f"{API}/links/lost", json={"mail": 1}, headers=DE), 422,
                         "request/invalid")
    assert error["message"] == "Die Anfrage ist ungültig; siehe details.fields."
    assert error["details"]["fields"]["json"] == {"email": ["Pflichtfeld fehlt."],
                                                  "mail": ["Unbekanntes Feld."]}


def test_a_field_message_with_values_keeps_them_as_marshmallow_wrote_them(
    app: Flask, german: list[str]
) -> None:
    messages: dict[str, Any] = {"json": {
        "arrow": ["Must be one of: N, E, S, W."],
        "path": ["Length must be between 1 and 60."],
        "lines": {"0": {"figure": ["Missing data for required field."]}},
        "notation": ["Give exactly one of 'notation' and 'action'."],  # the service's own
    }}
    with app.test_request_context(headers=DE):
        assert field_messages(messages) == {"json": {
            "arrow": ["Muss eines sein von: N, E, S, W."],
            "path": ["Die Länge muss zwischen 1 und 60 liegen."],
            "lines": {"0": {"figure": ["Pflichtfeld fehlt."]}},
            "notation": ["Give exactly one of 'notation' and 'action'."],
        }}


def test_an_engine_error_inside_another_is_written_in_the_same_language(
    app: Flask, german: list[str]
) -> None:
    inner = InvalidSquare.said(
        "%(name)r is not a square on the board (a1..p11, minus the staircases)", {"name": "z9"})
    outer = InvalidNotation.said("%(text)r: %(problem)s", {"problem": inner}, text="5 to z9")
    assert outer.message == ("'5 to z9': 'z9' is not a square on the board (a1..p11, minus the "
                             "staircases)")
    with app.test_request_context(headers=DE):
        assert engine_message(outer) == "'5 to z9': 'z9' ist kein Feld des Spielbretts"


def test_a_translation_that_does_not_fit_its_words_falls_back_to_the_english(
    app: Flask, german: list[str]
) -> None:
    error = StaleVersion.said("the game is at version %(version)s, not %(expected)s",
                              expected=4, version=5)
    with app.test_request_context(headers=DE):
        assert engine_message(error) == "the game is at version 5, not 4"


def test_a_template_the_catalog_lacks_is_answered_as_the_engine_wrote_it(
    app: Flask, german: list[str]
) -> None:
    error = InvalidNotation.said("made up %(word)s", {"word": "here"})
    with app.test_request_context(headers=DE):
        assert engine_message(error) == "made up here"

