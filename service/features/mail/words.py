"""The words players write in each language: what a mail names, and what the mail door reads.

The canonical notation (``green 5 +NNW``, ``flip 4``, ``board``) works for everyone. Each
language adds words (``docs/notation.md``, "Writing moves in your language"): directions
(German *Ost*, Spanish *oeste*, Polish *wschód*), single letters (Polish *W* is *wschód*,
east), colours (*grün*, *roja*, *zielona*) and the mail's command words (*hilfe*,
*tablero*, *odwróć*). The mail door reads a reply with these tables
(``service.features.mailin.words``); a mail writes a move and names a command with them
(:func:`written_move`, :func:`said_as`), so every word a mail names is one the door reads
from the seat.
"""

from __future__ import annotations

import re
import unicodedata

CANONICAL_LETTERS = {"n": "N", "e": "E", "s": "S", "w": "W"}
"""The canonical letters: north, east, south, west."""

DIRECTIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"N": ("north",), "E": ("east",), "S": ("south",), "W": ("west",)},
    "de": {"N": ("Nord", "Norden"), "E": ("Ost", "Osten"),
           "S": ("Süd", "Sued", "Süden", "Sueden"), "W": ("West", "Westen")},
    "es": {"N": ("norte",), "E": ("este",), "S": ("sur",), "W": ("oeste",)},
    "pl": {"N": ("północ",), "E": ("wschód",), "S": ("południe",), "W": ("zachód",)},
}
"""Each language's words for the directions (the first is the one answers name)."""

LETTERS: dict[str, dict[str, str]] = {
    "de": {"n": "N", "o": "E", "s": "S", "w": "W"},
    "es": {"n": "N", "e": "E", "s": "S", "o": "W"},
    "pl": {"p": "N", "w": "E", "z": "W"},
}
"""The single letters each language reads as directions (the initials of its words; Polish
has none of its own for south, as *P* is *północ*: S or *południe*)."""

COLOURS: dict[str, dict[str, tuple[str, ...]]] = {
    "de": {"green": ("grün", "gruen"), "red": ("rot",), "blue": ("blau",),
           "yellow": ("gelb",), "beige": ("beige",), "purple": ("lila", "violett"),
           "black": ("schwarz",)},
    "es": {"green": ("verde",), "red": ("rojo", "roja"), "blue": ("azul",),
           "yellow": ("amarillo", "amarilla"), "beige": ("beige",),
           "purple": ("morado", "morada"), "black": ("negro", "negra")},
    "pl": {"green": ("zielony", "zielona"), "red": ("czerwony", "czerwona"),
           "blue": ("niebieski", "niebieska"), "yellow": ("żółty", "żółta"),
           "beige": ("beżowy", "beżowa"), "purple": ("fioletowy", "fioletowa"),
           "black": ("czarny", "czarna")},
}
"""Each language's colour words (masculine first; the feminine, for *figura*, after)."""

COMMANDS: dict[str, dict[str, tuple[str, ...]]] = {
    "de": {"flip": ("umdrehen", "wenden"), "board": ("brett", "spielbrett"),
           "help": ("hilfe",), "say": ("sag", "sage"), "language": ("sprache",),
           "nudge": ("anstupsen", "erinnern"),
           "back": ("zurück", "zurueck", "zurücknehmen", "zuruecknehmen"),
           "answers": ("antworten",), "undo": ("rückgängig", "rueckgaengig"),
           "yes": ("ja",), "no": ("nein",), "note": ("notiz",),
           "rematch": ("revanche", "nochmal")},
    "es": {"flip": ("girar", "voltear"), "board": ("tablero",), "help": ("ayuda",),
           "say": ("di", "decir"), "language": ("idioma",),
           "nudge": ("avisar", "recordar"), "back": ("volver", "vuelvo", "recuperar"),
           "answers": ("respuestas",), "undo": ("deshacer",), "yes": ("sí", "si"),
           "no": ("no",), "note": ("nota",),
           "rematch": ("revancha",)},
    "pl": {"flip": ("odwróć", "obróć"), "board": ("plansza",), "help": ("pomoc",),
           "say": ("powiedz",), "language": ("język",),
           "nudge": ("ponagl", "ponaglij", "przypomnij"), "back": ("wracam", "powrót", "odbierz"),
           "answers": ("odpowiedzi",), "undo": ("cofnij",), "yes": ("tak",),
           "no": ("nie",), "note": ("notatka",),
           "rematch": ("rewanż", "rewanz")},
}
"""Each language's words for the mail's commands, read as the English ones (``plan`` is the
same word in all four)."""

ARGUMENTS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"clear": ("clear", "cancel", "delete"), "all": ("all", "every", "always"),
           "needed": ("needed", "necessary")},
    "de": {"clear": ("löschen", "loeschen", "aufheben"), "all": ("alle", "immer"),
           "needed": ("nötig", "noetig", "notwendig")},
    "es": {"clear": ("borrar", "cancelar"), "all": ("todas", "siempre"),
           "needed": ("necesarias", "necesario")},
    "pl": {"clear": ("usuń", "anuluj"), "all": ("wszystkie", "zawsze"),
           "needed": ("potrzebne", "konieczne")},
}
"""Each language's words after ``plan`` (``clear``) and ``answers`` (``all``, ``needed``),
read from anyone, before or after the command's word (``plan löschen``, ``usuń plan``); the
first of each is the one answers name."""

OR_WORDS: dict[str, tuple[str, ...]] = {"en": ("or",), "de": ("oder",), "es": ("o",),
                                        "pl": ("lub", "albo")}
"""Each language's "or", read only in a line's ending "or flip" (Spanish *o* is a letter
elsewhere)."""

LANGUAGE_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("en", "english", "englisch", "inglés", "angielski"),
    "de": ("de", "deutsch", "german", "alemán", "niemiecki"),
    "es": ("es", "español", "spanish", "spanisch", "castellano", "hiszpański"),
    "pl": ("pl", "polski", "polish", "polnisch", "polaco"),
}
"""What ``language ...`` may name: a code, or a language named in any of the languages."""


def said_as(command: str, language: str) -> str:
    """Return a command in the canonical words (``plan clear``, ``answers all``) as the
    seat's ``language`` writes it (``plan löschen``, ``antworten alle``): what an answer
    names, read back by ``service.features.mailin.commands.command_of``."""
    own = COMMANDS.get(language, {})
    arguments = ARGUMENTS.get(language, ARGUMENTS["en"])
    return " ".join(own[word][0] if word in own else arguments[word][0]
                    if word in arguments else word for word in command.split())


def fold(word: str) -> str:
    """Return ``word`` lower case and without diacritics (``Süd`` -> ``sud``, ``wschód`` ->
    ``wschod``, ``żółty`` -> ``zolty``)."""
    plain = unicodedata.normalize("NFKD", word.lower().replace("ł", "l").replace("ß", "ss"))
    return "".join(char for char in plain if not unicodedata.combining(char))


def _writing_letters(language: str) -> dict[str, str]:
    """Return the letter a mail writes for each direction to a seat of ``language``: the
    language's own (German *O* for east), unless the canonical letters read it otherwise
    (Polish *W*, east, is canonical west: a mail writes *E* there, and *Z* for west)."""
    written = {}
    for letter, direction in LETTERS.get(language, {}).items():
        canonical = CANONICAL_LETTERS.get(letter)
        if canonical is None or canonical == direction:
            written[direction] = letter.upper()
    return written


_INVERSE_LETTERS = {language: _writing_letters(language) for language in LETTERS}
_WRITTEN = re.compile(r"^(?P<flip>flip )?(?P<colour>[a-z]+) (?P<number>\d)(?P<rest>.*)$")


_FEMININE = frozenset({"es", "pl"})
"""The languages whose word for a figure is feminine (*ficha*, *figura*): their colour words'
feminine form, listed last, goes with it."""


def colour_word(colour: str, language: str) -> str:
    """Return a figure's colour as a seat writing in ``language`` names it (the form that goes
    with the language's word for a figure: German *grün*, Spanish *roja*, Polish *zielona*)."""
    names = COLOURS.get(language, {}).get(colour)
    if not names:
        return colour
    return names[-1] if language in _FEMININE else names[0]


def written_move(notation: str, language: str) -> str:
    """Return a move in the canonical notation (``green 5 +NNW``, ``flip red 1``) as a seat
    writing in ``language`` may write it, every word and letter one the mail door reads from
    that seat: ``grün 5 +NNW``, ``umdrehen rot 1``; a Polish seat's ``zielona 5 +PPZ``
    (its *W* is east, *Z* west)."""
    found = _WRITTEN.match(notation)
    if found is None or language not in COMMANDS:
        return notation
    letters = _INVERSE_LETTERS.get(language, {})
    rest = found.group("rest")
    path, _space, tail = rest.strip().partition(" ")
    if path and set(path) <= set("+NESWX"):
        path = "".join(letters.get(step, step) for step in path)
        rest = f" {path}" + (f" {tail}" if tail else "")
    flip = f"{COMMANDS[language]['flip'][0]} " if found.group("flip") else ""
    return f"{flip}{colour_word(found.group('colour'), language)} {found.group('number')}{rest}"
