"""A reply written in the player's own words, read as the engine's notation.

The canonical notation (``green 5 +NNW``, ``flip 4``, ``board``) works for everyone. Each
language adds words (``docs/notation.md``, "Writing moves in your language"): directions
(German *Ost*, Spanish *oeste*, Polish *wschód*), colours (*grün*, *rojo*, *czarny*) and the
mail's command words (*hilfe*, *tablero*, *odwróć*). Whole words are read from anyone,
whatever the seat's language, without case or diacritics (*wschod*, *Süd*, *Sued*).

Single letters are where languages disagree: Polish *W* is *wschód* (east) where the
canonical *W* is west; Spanish *O* is *oeste* (west), German *O* is *Ost* (east). A letter
is read by :func:`read_letter`: canonically when the seat's language gives it no other
meaning, in the seat's language when the canonical letters give it none, and never guessed
otherwise (:class:`AmbiguousLetter` names every reading).

The tables are the mail channel's (``service.features.mail.words``: the mails name the same
words); this module has the reading. It knows no database and writes no text
(``service.features.mailin.commands`` words the answers).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from engine.state import COLOURS as CANONICAL_COLOURS
from service.features.mail.words import (
    ARGUMENTS,
    CANONICAL_LETTERS,
    COLOURS,
    COMMANDS,
    DIRECTIONS,
    LETTERS,
    OR_WORDS,
    fold,
)


def argument_of(word: str) -> str | None:
    """Return the argument (``clear``, ``all``, ``needed``) a word of any language is, or
    None."""
    folded = fold(word)
    return next((argument for table in ARGUMENTS.values()
                 for argument, names in table.items()
                 if folded in {fold(name) for name in names}), None)


def _table() -> dict[str, str]:
    """Every word (folded) and what it is read as."""
    table: dict[str, str] = {}
    entries = [(word, letter) for words in DIRECTIONS.values()
               for letter, names in words.items() for word in names]
    entries += [(word, canonical) for group in (COLOURS, COMMANDS)
                for words in group.values() for canonical, names in words.items()
                for word in names]
    for word, meaning in entries:
        assert table.setdefault(fold(word), meaning) == meaning, f"{word!r} means two things"
    return table


WORDS = _table()
"""Every language's words, folded, and their canonical reading (a letter for directions)."""

SAY_WORDS = ("say", *(word for words in COMMANDS.values() for word in words["say"]))
"""Every word that starts a message to the table."""
NOTE_WORDS = ("note", *(word for words in COMMANDS.values() for word in words["note"]))
"""Every word that starts a line of the seat's private note."""

_WORD = re.compile(r"[^\W\d_]+")
_OR_FLIP = re.compile(r"\s+(?P<or>[^\W\d_]+)\s+flip\s*$")
_COLOUR = "|".join(CANONICAL_COLOURS)
# A figure and a path (engine.notation's shape), with every language's letters: read letter
# by letter. Letters already read from a whole word are upper case, the rest lower case.
_MOVE = re.compile(rf"^(?P<figure>\s*(?:(?:{_COLOUR})\s*[-_]?\s*)?\d\s*)"
                   r"(?P<path>(?:enter\s+|in\s+)?[a-zNESW+\s]*?)(?P<out>\s(?:out|exit))?\s*$")
_OR = frozenset(fold(word) for words in OR_WORDS.values() for word in words)
_PATH_LETTERS = frozenset("x+ NESW" + "".join(CANONICAL_LETTERS)
                          + "".join(letter for letters in LETTERS.values() for letter in letters))


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a letter: a word (``Ost``) in a language (None: the canonical
    letters) meaning a direction (``E``)."""

    word: str
    language: str | None
    direction: str


class AmbiguousLetter(ValueError):
    """A letter of a path that is not read without guessing (a Polish seat's ``W``, an
    English seat's ``O``); ``readings`` are the ways it could be meant, ``figure`` the figure
    the line moves in the notation (``green 5``, ``5``; "" when not known)."""

    def __init__(self, line: str, letter: str, readings: list[Reading],
                 figure: str = "") -> None:
        super().__init__(f"{letter!r} in {line!r} could mean "
                         + " or ".join(f"{r.word} ({r.direction})" for r in readings))
        self.line = line
        self.letter = letter
        self.readings = readings
        self.figure = figure


def read_letter(letter: str, language: str) -> str:
    """Return the direction (``N E S W``) a seat writing in ``language`` means by ``letter``.

    Raises :class:`AmbiguousLetter` (with no line) when the canonical letters and the seat's
    language read it differently (Polish ``W``), or when neither reads it (``O`` from an
    English seat, whatever it means in other languages).
    """
    letter = letter.lower()
    canonical = CANONICAL_LETTERS.get(letter)
    own = LETTERS.get(language, {}).get(letter)
    if own is not None and canonical in (None, own):
        return own
    if canonical is not None and own is None:
        return canonical
    readings = [Reading(word, other, direction) for other, letters in LETTERS.items()
                for found, direction in letters.items() if found == letter
                for word in DIRECTIONS[other][direction][:1]]
    if canonical is not None:
        readings.insert(0, Reading(DIRECTIONS["en"][canonical][0], None, canonical))
    distinct = {reading.direction: reading for reading in reversed(readings)}  # the first
    raise AmbiguousLetter("", letter.upper(), [r for r in readings if distinct[r.direction] is r])


def canonical_line(line: str, language: str) -> str:
    """Return ``line`` in the canonical notation, as a seat writing in ``language`` means it:
    every language's words read (``grün 5 + Nord Nord West`` -> ``green 5 + N N W``), the
    letters of a path read by :func:`read_letter` (a German seat's ``5 NNO`` -> ``5 NNE``).
    A line with nothing to read is returned as written.

    Raises :class:`AmbiguousLetter` for a path letter not read without guessing.
    """
    changed = False

    def word(found: re.Match[str]) -> str:
        nonlocal changed
        written = found.group()
        meaning = WORDS.get(fold(written))
        if meaning is None:
            return written
        changed = changed or meaning != written
        return meaning

    text = _WORD.sub(word, unicodedata.normalize("NFC", line).lower())
    text = " ".join(re.sub(r"[,;:.!]+", " ", text).split())
    or_flip = _OR_FLIP.search(text)
    ending = ""
    if or_flip is not None and fold(or_flip.group("or")) in _OR:
        text, ending = text[:or_flip.start()], " or flip"
        changed = changed or or_flip.group("or") != "or"
    move = _MOVE.match(text)
    if move is not None:
        start = len(move.group("path")) - len(_steps(move.group("path")))
        if set(_steps(move.group("path"))) <= _PATH_LETTERS:
            try:
                steps, read = _read_steps(_steps(move.group("path")), language)
            except AmbiguousLetter as error:
                raise AmbiguousLetter(line, error.letter, error.readings,
                                      move.group("figure").strip()) from None
            changed = changed or read
            text = (move.group("figure") + move.group("path")[:start] + steps
                    + (move.group("out") or ""))
    return text + ending if changed else line


def _steps(path: str) -> str:
    """Return a path without its ``enter``/``in`` (written for ``+``)."""
    return path.removeprefix("enter ").removeprefix("in ")


def _read_steps(steps: str, language: str) -> tuple[str, bool]:
    """Return the steps of a path with each letter read as a direction, upper case, and
    whether a letter was read other than canonically.

    A path says how it is written when one of its letters is read only one way: a letter
    of the notation the seat's language does not use (a Polish seat's ``N`` or ``E``: the
    path is the notation, as the mails write it, so its ``W`` is west) or a letter only the
    seat's language uses (a Polish ``P`` or ``Z``: its ``W`` is *wschód*, east). A path
    with both, or neither, reads a letter of two meanings as :func:`read_letter` does: it
    asks, never guesses.
    """
    own = LETTERS.get(language, {})
    letters = {char for char in steps if char.islower()}
    notation = any(c in CANONICAL_LETTERS and c not in own for c in letters)
    native = any(c in own and c not in CANONICAL_LETTERS for c in letters)
    read, changed = [], False
    for char in steps:
        if char.islower() and char != "x":  # upper case: read from a whole word already
            if notation and not native and char in CANONICAL_LETTERS:
                direction = CANONICAL_LETTERS[char]
            elif native and not notation and char in own:
                direction = own[char]
            else:
                direction = read_letter(char, language)
            changed = changed or direction != CANONICAL_LETTERS.get(char)
            char = direction
        read.append(char.upper())
    return "".join(read), changed
