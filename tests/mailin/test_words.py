"""service.features.mailin.words: every language's words read as the notation; letters never
guessed."""

from __future__ import annotations

import pytest

from engine.state import COLOURS as CANONICAL_COLOURS
from service.features.mail import words as mail_words
from service.features.mailin import words
from service.features.mailin.words import AmbiguousLetter, canonical_line, read_letter
from service.plumbing.i18n import LANGUAGES


@pytest.mark.parametrize(("line", "language", "canonical"), [
    ("grün 5 + Nord West", "en", "green 5 + N W"),
    ("Gruen 5 + Norden Westen", "de", "green 5 + N W"),
    ("schwarz 3 Süd Ost", "de", "black 3 S E"),
    ("SCHWARZ 3 sued osten", "pl", "black 3 S E"),
    ("verde 5 + norte oeste", "es", "green 5 + N W"),
    ("amarilla 1 sur este", "en", "yellow 1 S E"),
    ("zielony 5 + północ zachód", "pl", "green 5 + N W"),
    ("zolty 4 POLNOC wschod", "de", "yellow 4 N E"),
    ("czerwona 1 południe", "es", "red 1 S"),
    ("green 5 + north west", "pl", "green 5 + N W"),
])
def test_whole_words_are_read_from_anyone_without_case_or_diacritics(
        line: str, language: str, canonical: str) -> None:
    assert canonical_line(line, language) == canonical


@pytest.mark.parametrize(("line", "language", "canonical"), [
    ("grün 5 +NNWO", "de", "green 5 +NNWE"),  # German O: Ost
    ("verde 5 +NNO", "es", "green 5 +NNW"),  # Spanish O: oeste
    ("zielony 5 +PZ", "pl", "green 5 +NW"),  # Polish P: północ, Z: zachód
    ("5 enter nnzx", "pl", "5 enter NNWX"),
    ("rojo 5 +NN o girar", "es", "red 5 +NN or flip"),
    ("5 +NNW oder umdrehen", "de", "5 +NNW or flip"),
    ("grün 5 +NNO West", "de", "green 5 +NNE W"),  # letters and words together
    ("zielony 5 +P zachód", "pl", "green 5 +N W"),
])
def test_a_seats_own_letters_are_read_in_its_language(line: str, language: str,
                                                      canonical: str) -> None:
    assert canonical_line(line, language) == canonical


@pytest.mark.parametrize("line", ["green 5 +NNW", "Green 5 +", "5 to h7", "Hi!", "5 out",
                                  "place teleporter A c5 N", "flip 4"])
def test_the_canonical_notation_is_returned_as_written(line: str) -> None:
    for language in LANGUAGES:
        if language != "pl" or "W" not in line:
            assert canonical_line(line, language) == line


@pytest.mark.parametrize(("line", "language", "letter", "directions"), [
    ("zielony 5 +W", "pl", "W", ["W", "E"]),  # west, or Polish wschód
    ("green 5 +NNO", "en", "O", ["E", "W"]),  # German Ost, or Spanish oeste
    ("grün 5 +NNZ", "de", "Z", ["W"]),  # Polish zachód: not German
    ("verde 5 +P", "es", "P", ["N"]),  # Polish północ: not Spanish
])
def test_a_letter_read_two_ways_or_not_in_the_seats_language_is_never_guessed(
        line: str, language: str, letter: str, directions: list[str]) -> None:
    with pytest.raises(AmbiguousLetter) as refusal:
        canonical_line(line, language)
    assert refusal.value.line == line and refusal.value.letter == letter
    assert [reading.direction for reading in refusal.value.readings] == directions


def test_a_polish_seats_w_names_the_notations_west_and_polish_east() -> None:
    with pytest.raises(AmbiguousLetter) as refusal:
        read_letter("w", "pl")
    west, east = refusal.value.readings
    assert (west.word, west.language, west.direction) == ("west", None, "W")
    assert (east.word, east.language, east.direction) == ("wschód", "pl", "E")


@pytest.mark.parametrize(("letter", "language", "direction"), [
    ("N", "pl", "N"), ("S", "pl", "S"), ("E", "de", "E"), ("W", "es", "W"), ("W", "de", "W"),
    ("E", "es", "E"), ("O", "de", "E"), ("O", "es", "W"), ("Z", "pl", "W"), ("P", "pl", "N"),
])
def test_a_letter_with_one_reading_for_the_seat_is_read(letter: str, language: str,
                                                        direction: str) -> None:
    assert read_letter(letter, language) == direction


def test_every_language_has_words_for_each_direction_colour_and_command() -> None:
    for language in LANGUAGES:
        assert set(mail_words.DIRECTIONS[language]) == {"N", "E", "S", "W"}
        if language != "en":
            assert set(mail_words.COLOURS[language]) == set(CANONICAL_COLOURS)
            assert set(mail_words.COMMANDS[language]) == {
                "flip", "board", "help", "say", "language", "nudge", "back", "answers", "undo",
                "yes", "no", "note", "rematch"}
        assert set(mail_words.ARGUMENTS[language]) == {"clear", "all", "needed"}
        assert language in mail_words.LANGUAGE_WORDS[language]


@pytest.mark.parametrize(("word", "argument"), [
    ("clear", "clear"), ("Löschen", "clear"), ("loeschen", "clear"), ("usun", "clear"),
    ("BORRAR", "clear"), ("alle", "all"), ("every", "all"), ("wszystkie", "all"),
    ("nötig", "needed"), ("necesarias", "needed"), ("potrzebne", "needed"), ("maybe", None),
])
def test_the_words_after_plan_and_answers_are_read_in_any_language(
        word: str, argument: str | None) -> None:
    assert words.argument_of(word) == argument


@pytest.mark.parametrize(("command", "language", "said"), [
    ("plan clear", "de", "plan löschen"), ("answers all", "pl", "odpowiedzi wszystkie"),
    ("answers needed", "es", "respuestas necesarias"), ("nudge", "de", "anstupsen"),
    ("back", "pl", "wracam"), ("say ...", "es", "di ..."), ("plan clear", "en", "plan clear"),
])
def test_a_command_is_named_in_the_seats_own_words(command: str, language: str,
                                                    said: str) -> None:
    assert mail_words.said_as(command, language) == said


@pytest.mark.parametrize(("line", "read"), [
    ("green 5 +WWN", "green 5 +WWN"),  # N: the notation, as the mails write it: W is west
    ("5 EW", "5 EW"),
    ("5 WS", "5 WS"),  # S: Polish has no letter of its own for south
    ("5 PW", "5 NE"),  # P: Polish letters: W is wschód, east
    ("zielony 5 ZW", "green 5 WE"),
])
def test_a_polish_path_with_a_letter_of_one_reading_says_how_its_w_is_meant(
        line: str, read: str) -> None:
    assert canonical_line(line, "pl") == read


@pytest.mark.parametrize("line", ["5 WW", "5 W", "5 NWP"])
def test_a_polish_path_that_does_not_say_how_its_w_is_meant_is_asked_about(line: str) -> None:
    with pytest.raises(AmbiguousLetter):
        canonical_line(line, "pl")
