"""A German, Spanish or Polish player reads no English and no internal word in any mail or
answer: every kind is written for a seat of that language, and its text is searched for every
English sentence of the catalogs' source that the language translates otherwise, and for the
service's internal names (event types, outcome reasons, phase ids, the position's codes).

Played in-process (SQLite): a three-seat game in the language, with addresses, in which the
players move, talk and ask by mail, a nudge, "I lost my link", a game to its end.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from engine.events import EVENT_TYPES
from engine.outcome import IMMEDIATE, NOTHING_LEFT, STAGE_TWO_OVER
from service.features.mail.words import said_as
from service.features.mailin.service import receive
from service.plumbing.i18n.catalogs import po_path
from tests.mail.helpers import email_rows, set_mode
from tests.mailin.helpers import address_of, reply
from tests.service.helpers import API, ask_for_links, auth, create_game, play_until

LANGUAGES = ("de", "es", "pl")
SEATS = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"},
         {"name": "Cleo", "email": "cleo@example.com"}]
INTERNAL = [*(kind for kind in EVENT_TYPES if "_" in kind), IMMEDIATE, NOTHING_LEFT,
            STAGE_TWO_OVER, "figures phase", "over phase", "placement phase", "every_event",
            "my_turn", "game/", "move/", "mail/", "position/"]
CODES = re.compile(r"\b\d=\d\*?@|@outside\b|@escaped\b|@removed\b")
WORD_RUN = re.compile(r"[A-Za-z][A-Za-z' ,-]*[A-Za-z]")
MIN_WORDS = 4


@cache
def catalog(language: str) -> Catalog:
    """Return the language's catalog."""
    with po_path(language).open("rb") as file:
        return read_po(file, locale=language)


@cache
def english_phrases(language: str) -> frozenset[str]:
    """Return the English runs of words (``MIN_WORDS`` or more, between placeholders) of every
    text the language translates into something else."""
    found = set()
    for message in catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in ids:
            if any(text == string for string in strings):
                continue  # the language keeps it as it is (a code, a name)
            for part in re.split(r"%\(\w+\)[sdr]|\{\w+\}", text):
                for run in WORD_RUN.findall(part):
                    # A run the translation keeps too is notation ('place pool long e9 N').
                    if len(run.split()) >= MIN_WORDS and not any(
                            run in string for string in strings):
                        found.add(run)
    return frozenset(found)


def english_in(text: str, language: str) -> list[str]:
    """Return the English phrases and the internal words ``text`` holds."""
    plain = " ".join(text.split())
    found = [phrase for phrase in english_phrases(language) if phrase in plain]
    found += [word for word in INTERNAL if word in plain]
    found += CODES.findall(plain)
    return found


def mail_in(app: Flask, game_id: str, seat: int, text: str, sender: str) -> None:
    """Hand a reply of ``sender`` to seat ``seat``'s reply address to the mail door."""
    to = address_of(app, _Game(game_id), seat)
    with app.app_context():
        receive(reply(to, text, sender=sender))


class _Game:
    """What ``address_of`` needs of a game: its id."""

    def __init__(self, game_id: str) -> None:
        self.id = game_id


def play_and_ask(app: Flask, client: FlaskClient, language: str) -> str:
    """Play a game in ``language`` with every kind of mail and answer; return its id."""
    game = create_game(client, seats=SEATS, name="Abend", language=language, start_seat=0)
    set_mode(client, game, 2, "every_event")  # Cleo hears of every monster phase
    ann = SEATS[0]["email"]
    asks = [said_as(word, language) for word in ("board", "help", "plan", "plan clear",
                                                 "answers all", "answers needed")]
    for text in [*asks, "zzz qqq", f"{said_as('say', language)} Hallo!", "red 5 +NNNN"]:
        mail_in(app, game.id, 0, text, ann)  # Ann asks, talks, and moves out of turn
    mail_in(app, game.id, 1, "board", "someone.else@example.com")  # not Bob's address
    nudged = client.post(f"{API}/games/{game.id}/nudge", headers=auth(game.seat_tokens[1]))
    assert nudged.status_code in (200, 201, 202, 409), nudged.get_data(as_text=True)
    ask_for_links(app, client, ann, language)  # from a page in the language; the mail
    play_until(app, client, game, "over")
    return game.id


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_mail_or_answer_holds_english_or_an_internal_word(
        app: Flask, client: FlaskClient, language: str) -> None:
    play_and_ask(app, client, language)
    rows = email_rows(app)
    topics = {row.payload.get("topic") for row in rows}
    assert {"invite", "turn", "monster", "nudge", "links", "over", "mail_reply"} <= topics, topics
    wrong = {}
    for row in rows:
        text = f"{row.payload['subject']}\n{row.payload['text']}"
        found = english_in(text, language)
        if found:
            wrong[f"{row.payload.get('topic')} to {row.payload['to']}"] = found
    assert wrong == {}


def test_the_search_finds_english_and_internal_words() -> None:
    phrases = english_phrases("de")
    assert len(phrases) > 200
    assert english_in("Hallo. It is your move (red) in Abend, nothing_left.", "de")
    assert english_in("green: 1=1@d9", "de")
    assert not english_in("Hallo Ann, du bist am Zug (rot) in Abend.", "de")
