"""Play by email in the player's language: moves in its words through the real SMTP receiver,
letters never guessed, ``language ...`` by mail, answers composed in the seat's language."""

from __future__ import annotations

import smtplib
from collections.abc import Callable
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from flask import Flask
from flask.testing import FlaskClient

from service.features.mailin import replies
from service.features.mailin.service import receive
from service.kernel.models import Seat
from service.plumbing.extensions import db
from service.plumbing.i18n import current_language
from tests.mailin.helpers import (
    ANN,
    actions_of,
    address_of,
    answers,
    inbound_rows,
    reply,
    send_answers,
)
from tests.service.helpers import NewGame, create_game
from tests.support.ports import HOST
from tests.support.smtp_server import SmtpServer


def game_in(client: FlaskClient, app: Flask, seat_language: str | None,
            game_language: str = "en") -> NewGame:
    """Create the two-seat game (Ann, green, to move) in ``game_language``, Ann's seat
    reading ``seat_language`` (None: the game's)."""
    game = create_game(client, language=game_language)
    with app.app_context():
        seat = db.session.get(Seat, (game.id, 0))
        assert seat is not None
        seat.language = seat_language
        db.session.commit()
    return game


def language_of(app: Flask, game: NewGame) -> str | None:
    """Return the language Ann's seat chose."""
    with app.app_context():
        seat = db.session.get(Seat, (game.id, 0))
        assert seat is not None
        language = seat.language
        db.session.rollback()
        return language


def mail(receiver: Controller, to: str, text: str) -> None:
    """Send Ann's reply ``text`` to ``to`` through our SMTP receiver."""
    with smtplib.SMTP(HOST, receiver.port, timeout=10) as smtp:
        assert smtp.sendmail(ANN, [to], reply(to, text)) == {}


def answer_text(app: Flask) -> str:
    """Return the plain text of the latest answer written."""
    return str(answers(app)[-1]["text"])


@pytest.mark.parametrize(("language", "line", "notation"), [
    ("de", "Grün 5 + Nord West", "green 5 +NW"),
    ("es", "verde 5 + norte oeste", "green 5 +NW"),
    ("pl", "zielony 5 + północ zachód", "green 5 +NW"),
    ("pl", "Zielony 5 + polnoc zachod", "green 5 +NW"),  # without diacritics
    ("de", "grün 5 +NNWO", "green 5 +NNWE"),  # German O: Ost, east
    ("es", "verde 5 +NNO", "green 5 +NNW"),  # Spanish O: oeste, west
    ("pl", "zielony 5 +PZ", "green 5 +NW"),  # Polish P: północ, Z: zachód
])
def test_a_move_in_the_seats_words_sent_by_smtp_is_made_and_confirmed(
        mail_app: Flask, client: FlaskClient, receiver: Controller, smtp_server: SmtpServer,
        language: str, line: str, notation: str) -> None:
    game = game_in(client, mail_app, language)
    to = address_of(mail_app, game)
    mail(receiver, to, line)
    assert actions_of(mail_app, game) == [notation]
    assert list(send_answers(mail_app).values()) == ["sent"]
    [received] = smtp_server.wait_for(1)
    text = received.message.get_body(preferencelist=("plain",)).get_content()
    assert f" {notation} " in text  # "Your move green 5 +NW was made; Bob is next.", translated


def test_a_whole_word_of_another_language_is_read_from_anyone(
        mail_app: Flask, client: FlaskClient, receiver: Controller) -> None:
    game = game_in(client, mail_app, "es")
    mail(receiver, address_of(mail_app, game), "czerwony? no: grün 5 + Norden wschód")
    mail(receiver, address_of(mail_app, game), "green 5 + north west")
    assert actions_of(mail_app, game) == ["green 5 +NW"]


@pytest.mark.parametrize(("language", "line", "letter", "readings"), [
    ("pl", "zielony 5 +WW", "W", ["wschód", "Polski"]),  # west, or wschód: east
    ("en", "green 5 +NNO", "O", ["Ost", "Deutsch", "oeste", "Español"]),
    (None, "5 +NNO", "O", ["Ost", "oeste"]),  # the game's language: English
    ("de", "grün 5 +NNZ", "Z", ["zachód", "Polski"]),  # Polish, not German
])
def test_a_letter_with_two_readings_is_answered_naming_them_and_nothing_is_made(
        mail_app: Flask, client: FlaskClient, receiver: Controller, language: str | None,
        line: str, letter: str, readings: list[str]) -> None:
    game = game_in(client, mail_app, language)
    mail(receiver, address_of(mail_app, game), line)
    assert actions_of(mail_app, game) == []
    [row] = inbound_rows(mail_app)
    assert (row.status, row.code) == ("refused", "move/ambiguous_letter")
    text = answer_text(mail_app)
    assert f"'{letter}'" in text and f"'{line}'" in text
    assert all(reading in text for reading in readings)
    assert "green 5 +NW" in text  # the moves the seat can make, to write one of them


def test_a_further_line_with_two_readings_refuses_the_whole_reply(
        mail_app: Flask, client: FlaskClient, receiver: Controller) -> None:
    game = game_in(client, mail_app, "pl")
    mail(receiver, address_of(mail_app, game), "zielony 5 +PZ\nczerwony 4 +WW")
    assert actions_of(mail_app, game) == []
    assert inbound_rows(mail_app)[0].code == "move/ambiguous_letter"


def test_language_es_sets_the_seats_language_and_says_so(
        mail_app: Flask, client: FlaskClient, receiver: Controller) -> None:
    game = game_in(client, mail_app, None)
    mail(receiver, address_of(mail_app, game), "language es")
    assert language_of(mail_app, game) == "es"
    [row] = inbound_rows(mail_app)
    assert (row.status, row.code) == ("answered", "mail/language")
    assert "Español" in answer_text(mail_app)
    mail(receiver, address_of(mail_app, game), "ayuda")  # Spanish for help, read now
    assert "norte = N" in answer_text(mail_app)  # the help lists the Spanish words


@pytest.mark.parametrize(("line", "language"), [
    ("Sprache Polski", "pl"), ("idioma alemán", "de"), ("język: english", "en"),
    ("LANGUAGE DE", "de"),
])
def test_each_languages_word_and_name_changes_the_language(
        mail_app: Flask, client: FlaskClient, receiver: Controller, line: str,
        language: str) -> None:
    game = game_in(client, mail_app, "es")
    mail(receiver, address_of(mail_app, game), line)
    assert language_of(mail_app, game) == language


def test_an_unknown_language_is_answered_with_the_choices(
        mail_app: Flask, client: FlaskClient, receiver: Controller) -> None:
    game = game_in(client, mail_app, "de")
    mail(receiver, address_of(mail_app, game), "sprache klingonisch")
    assert language_of(mail_app, game) == "de"
    [row] = inbound_rows(mail_app)
    assert (row.status, row.code) == ("refused", "mail/unknown_language")
    text = answer_text(mail_app)
    assert "'klingonisch'" in text and "Deutsch" in text
    assert all(f"language {code}" in text for code in ("en", "de", "es", "pl"))


@pytest.fixture
def written_in(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Record the language each answer was composed in: (answer, language)."""
    seen: list[tuple[str, str]] = []

    def record(name: str) -> None:
        original: Callable[..., replies.Answer] = getattr(replies, name)

        def composed(*args: Any, **kwargs: Any) -> replies.Answer:
            seen.append((name, current_language()))
            return original(*args, **kwargs)
        monkeypatch.setattr(replies, name, composed)

    for name in ("refused", "refused_move", "applied", "made", "board", "help_text",
                 "language_set", "answers_setting", "not_understood"):
        record(name)
    return seen


def take(app: Flask, raw: bytes) -> None:
    """Hand a raw message to the service as a door does."""
    with app.app_context():
        receive(raw)


def test_answers_to_the_seat_are_in_its_language_else_the_games(
        app: Flask, client: FlaskClient, written_in: list[tuple[str, str]]) -> None:
    game = game_in(client, app, "pl", game_language="de")
    to = address_of(app, game)
    take(app, reply(to, "plansza"))
    take(app, reply(to, "green 5 +", sender="mallory@example.net"))  # not proven: the game's
    take(app, reply(to, "green 5 NNNN"))
    take(app, reply(to, "odpowiedzi"))
    take(app, reply(to, "Hallo!"))
    take(app, reply(to, "idioma español"))  # the confirmation in the new language
    take(app, reply(to, "zielony 5 +"))
    assert written_in == [("board", "pl"), ("refused", "de"), ("refused_move", "pl"),
                          ("answers_setting", "pl"), ("not_understood", "pl"),
                          ("language_set", "es"), ("made", "es")]


def test_an_answer_to_an_unknown_address_is_in_english(
        app: Flask, client: FlaskClient, written_in: list[tuple[str, str]]) -> None:
    game = game_in(client, app, "pl", game_language="de")
    to = address_of(app, game)
    take(app, reply(to.replace("@", "x@", 1), "board"))
    assert written_in == [("refused", "en")]
