"""What a reply asks for: a move in the engine's notation, ``board``, ``help``,
``language``, or one of the seat's tools (``nudge``, ``back``, ``plan``, ``plan clear``,
``answers all``/``answers needed``: :mod:`service.features.mailin.tools`); and the words of the
answers that do not change the game (help, the legal moves of a figure, the commands).

A line is first read as the canonical notation in the seat's language's words
(:mod:`service.features.mailin.words`); reading a move is then left to the engine
(``engine.parse_action``): a line is a move when the engine can read it, so the notation has
one definition.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import engine
from engine import EngineError, FigureId, GameState
from service.features.mail import moves
from service.features.mail import words as mail_words
from service.features.mailin import words
from service.features.mailin.parse import noted_line, said_line
from service.plumbing.i18n import DEFAULT_LANGUAGE, _, current_language, ngettext
from service.plumbing.i18n.languages import LANGUAGE_NAMES

BOARD = "board"
HELP = "help"
LANGUAGE = "language"
MOVE = "move"
SAY = "say"
NUDGE = "nudge"
BACK = "back"
PLAN = "plan"
ANSWERS = "answers"
PLAN_CLEAR = "plan clear"
ANSWERS_ALL = "answers all"
ANSWERS_NEEDED = "answers needed"
NOTE = "note"
REMATCH = "rematch"
REMATCH_YES = "rematch yes"
REMATCH_NO = "rematch no"
UNDO = "undo"
YES = "yes"
NO = "no"

_WORDS = {
    "board": BOARD, "show board": BOARD, "send board": BOARD, "send me the board": BOARD,
    "the board": BOARD, "map": BOARD,
    "help": HELP, "?": HELP, "commands": HELP, "how": HELP,
    "nudge": NUDGE, "back": BACK, "take back": BACK, "take my seat back": BACK,
    "i am back": BACK, "i'm back": BACK,
    "undo": UNDO, "take back my move": UNDO, "takeback": UNDO, "undo my move": UNDO,
    "yes": YES, "agree": YES, "i agree": YES, "no": NO, "no thanks": NO,
    "rematch": REMATCH, "play again": REMATCH, "again": REMATCH, "another game": REMATCH,
}
# A command with one word after it, before or after it: "plan clear", "clear plan".
_HEADS = {"plan": PLAN, "answers": ANSWERS, "answer": ANSWERS}
_ARGUMENTS = {PLAN: {"clear": PLAN_CLEAR}, ANSWERS: {"all": ANSWERS_ALL,
                                                     "needed": ANSWERS_NEEDED}}


def help_lines() -> list[str]:
    """Return how to write moves and commands, one line each, in the reader's language."""
    text = "\n\n".join((
        _("Answer this email with one line: your move, or a command. Case and spaces do not "
          "matter."),
        # TRANSLATORS: the lines in the left column are notation (keep them as they are);
        # translate what they do, and keep the columns aligned.
        _("""Moves (the engine's notation):
  red 5 NNW        move your figure red 5: north, north, west
  5 NNW            the same: a number alone is your own figure
  red 5 +WWN       enter at p11 (+), then west, west, north
  red 1 NX         north, then leave the fortress at a1 (X)
  5 to h7          the one move of your figure 5 that ends on h7
  5 out            leave the fortress
  flip 1           turn figure 1 over without moving it
  place stone c3   set-up: place a tile (teleporter A c5 N, pool long e9 v ...)"""),
        # TRANSLATORS: "or flip" and "flip the rest" are words the mail reader reads: keep
        # them in English.
        _("""Several moves, one per line, plan your coming turns: the first is made now if it
is your turn, the others when your next turns come, each only if it still does
what it did when you wrote it (else you get an email). End a line with "or flip"
to flip that figure instead; a line "flip the rest" flips your remaining figures."""),
        # TRANSLATORS: board, help, say, note, plan, clear, nudge, back, undo, yes, no,
        # rematch, answers, all, needed and language are command words the mail reader
        # reads: keep them in English (each language's own words are listed after this
        # text).
        _("""Commands:
  board            send me the board
  help             send me this text
  say ...          post a message to the other players (the rest of the line, and
                   the lines after it up to a blank line; at most 500 characters)
  note ...         add to my private note of this game, which no one else reads
                   (note alone: send me my note)
  plan             send me my turn plan; plan clear drops it
  nudge            remind the player the game waits for (once a day)
  back             take my seat back from the computer
  undo             take back my last move (the players it concerns are asked)
  yes / no         agree, or not, that another player takes back a move; once
                   the game is over: play the rematch, or sit it out
  rematch          once the game is over: a new game with the same players
  answers all      answer every email I send (answers needed: only when I need
                   an answer; a move is then answered when my next email from the
                   game would not come soon)
  language de      write to me in German (en, de, es or pl)"""),
        _("Only the first lines you write count; quoted text and your signature are "
          "skipped."),
    ))
    return [*text.splitlines(), *_own_words(current_language())]


def _own_words(language: str) -> list[str]:
    """Return the lines that list ``language``'s own words for the notation (none for
    English, whose words are the notation's)."""
    if language not in mail_words.COMMANDS:
        return []
    directions = ", ".join(f"{'/'.join(names)} = {letter}"
                           for letter, names in mail_words.DIRECTIONS[language].items())
    letters = ", ".join(f"{letter.upper()} = {direction}"
                        for letter, direction in mail_words.LETTERS[language].items())
    colours = ", ".join(f"{'/'.join(names)} = {colour}"
                        for colour, names in mail_words.COLOURS[language].items())
    said = ", ".join(f"{'/'.join(names)} = {command}"
                     for command, names in mail_words.COMMANDS[language].items())
    after = ", ".join(f"{'/'.join(names)} = {argument}"
                      for argument, names in mail_words.ARGUMENTS[language].items())
    return ["", _("You may also write these words of your language (case and accents do not "
                  "matter):"),
            _("Directions: %(words)s", words=directions),
            _("Letters: %(words)s", words=letters),
            _("Colours: %(words)s", words=colours),
            _("Commands: %(words)s", words=said),
            # TRANSLATORS: plan and answers are command words the reader writes: keep plan,
            # and write answers as your language's word for it in
            # service/features/mailin/words.py, COMMANDS (antworten, respuestas, odpowiedzi).
            _("After plan and answers: %(words)s", words=after)]


@dataclass(frozen=True, slots=True)
class Command:
    """A reply's request: ``board``, ``help``, ``say``, ``language`` (``text`` is the
    language asked for), a tool (``nudge``, ``back``, ``plan``, ``answers``: ``text`` is the
    command in the canonical words, ``plan clear``) or ``move`` (``text`` is the move in the
    canonical notation)."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class Misread:
    """A move not read without guessing: a letter with two readings, and the answer's words
    (the shape of an :class:`~engine.EngineError`'s ``code``, ``message`` and ``details``)."""

    code: str
    message: str
    details: Mapping[str, Any]


def misread(error: words.AmbiguousLetter, state: GameState | None, seat: int) -> Misread:
    """Return the refusal of a line whose letter is not read without guessing, naming every
    reading of the letter (and the figure it moves, whose moves the answer lists)."""
    readings = "; ".join(_reading(reading) for reading in error.readings)
    # TRANSLATORS: letter is one letter of a move ("W"); line is the line as written;
    # readings lists what it could mean, e.g. "W, the notation's letter; wschód (Polski),
    # that is E". N, E, S and W are the notation's letters: keep them.
    message = _("I do not guess what %(letter)s means in %(line)s: it could be %(readings)s. "
                "Write the direction as a whole word, or with the letters N, E, S and W.",
                letter=f"'{error.letter}'", line=f"'{error.line}'", readings=readings)
    details: dict[str, Any] = {
        "letter": error.letter,
        "readings": [{"word": r.word, "language": r.language, "direction": r.direction}
                     for r in error.readings]}
    try:  # the engine resolves "5" to the seat's own figure
        flip = engine.parse_action(f"flip {error.figure}", state, seat)
    except EngineError:
        return Misread("move/ambiguous_letter", message, details)
    figure = getattr(flip, "figure", None)
    if isinstance(figure, FigureId):
        details["figure"] = figure.key
    return Misread("move/ambiguous_letter", message, details)


def _reading(reading: words.Reading) -> str:
    if reading.language is None:
        # TRANSLATORS: direction is one of the notation's letters N, E, S, W.
        return _("%(direction)s, the notation's letter", direction=reading.direction)
    # TRANSLATORS: word is a direction in a language (wschód), language that language's
    # name in itself (Polski), direction the notation's letter it means (E).
    return _("%(word)s (%(language)s), that is %(direction)s", word=reading.word,
             language=LANGUAGE_NAMES[reading.language], direction=reading.direction)


def command_of(line: str, language: str = DEFAULT_LANGUAGE) -> Command:
    """Return the command a line asks for, in any language's words: ``board``, ``help``,
    ``say`` (a message to the table: ``parse.said_text`` reads it), ``language`` (with one
    word after it at most), ``nudge``, ``back``, ``plan`` or ``answers`` (with a word they
    take, before or after them), else a move
    to try (in the canonical notation as the seat's ``language`` reads it; as written when
    a letter is not read without guessing, which :func:`choose` answers)."""
    if said_line(line):
        return Command(SAY, line)
    if noted_line(line):
        return Command(NOTE, line)
    try:
        text = words.canonical_line(line, language)
    except words.AmbiguousLetter:
        return Command(MOVE, line)
    plain = " ".join(re.sub(r"[.!,;:]+", " ", text).lower().split())
    first, _space, rest = plain.partition(" ")
    if first == LANGUAGE and " " not in rest:  # "language de"; "Language is hard" is talk
        return Command(LANGUAGE, rest)
    kind = _WORDS.get(plain)
    return Command(kind, kind) if kind else _with_argument(plain) or Command(MOVE, text)


def _with_argument(plain: str) -> Command | None:
    """Return ``plan``, ``answers``, or one of them with an argument it takes (in any
    language's words, before or after it); None for anything else ("Plan B" is talk)."""
    written = plain.split()
    if len(written) == 1 and written[0] in _HEADS:
        return Command(_HEADS[written[0]], _HEADS[written[0]])
    if len(written) != 2:
        return None
    for head, argument in (written, written[::-1]):
        command = _ARGUMENTS.get(_HEADS.get(head, ""), {}).get(words.argument_of(argument) or "")
        if command is not None:
            return Command(_HEADS[head], command)
    return None


def language_asked(text: str) -> str | None:
    """Return the language code ``language ...`` names (a code or a language's name in any
    of the languages: ``de``, ``Deutsch``, ``alemán``), None when it names none."""
    wanted = mail_words.fold(text.strip())
    return next((code for code, names in mail_words.LANGUAGE_WORDS.items()
                 if wanted in {mail_words.fold(name) for name in names}), None)


def choose(lines: list[str], state: GameState | None, seat: int,
           language: str = DEFAULT_LANGUAGE) -> tuple[Command | None,
                                                      EngineError | Misread | None]:
    """Pick the command among the first lines: the first ``board``/``help``/``language``,
    tool or readable move, read in the seat's ``language`` (:func:`command_of`).

    A ``say`` line is no command here (the message is posted apart) and is passed over.
    A line the engine cannot read as notation (``move/invalid``: "Hi!", "Thanks") is passed
    over; any other refusal (an unknown figure, an unreachable square) means that line was
    the move, and it is returned with its error; so is a line with a letter not read without
    guessing (:class:`Misread`). With no command, the error of the first line is returned
    (None when there were no lines).
    """
    first_error: EngineError | None = None
    for line in lines:
        command = command_of(line, language)
        if command.kind in (SAY, NOTE):
            continue
        if command.kind != MOVE:
            return command, None
        try:
            engine.parse_action(words.canonical_line(line, language), state, seat)
        except words.AmbiguousLetter as error:
            return command, misread(error, state, seat)
        except engine.InvalidNotation as error:
            first_error = first_error or _as_written(line, error, state, seat)
            continue
        except EngineError as error:
            return command, error
        return command, None
    return None, first_error


def _as_written(line: str, error: engine.InvalidNotation, state: GameState | None,
                seat: int) -> engine.InvalidNotation:
    """Return the engine's error for ``line`` as the player wrote it, not as it was read
    (``cannot read 'Grün ist schön'``, not ``'green ist schön'``)."""
    try:
        engine.parse_action(line, state, seat)
    except engine.InvalidNotation as written:
        return written
    except EngineError:
        pass
    return error


_OR_FLIP = re.compile(r"\s+or\s+flip\s*$", re.IGNORECASE)
_FLIP_REST = frozenset({"flip the rest", "flip rest", "flip all", "then flip the rest",
                        "flip all the rest", "flip all my figures",
                        "flip all my remaining figures",
                        # each language's, its flip word read as "flip" (mail_words.COMMANDS)
                        "den rest flip", "rest flip", "alle flip", "flip el resto",
                        "flip todo", "flip reszte", "flip wszystkie"})


@dataclass(frozen=True, slots=True)
class Planned:
    """The moves a reply lists, one per line, in order (each may end in "or flip"), and
    whether it asks to flip the remaining figures: a turn plan when there are several."""

    moves: tuple[str, ...]
    flip_rest: bool

    @property
    def is_plan(self) -> bool:
        """True when the reply plans: two moves or more, or "flip the rest"."""
        return len(self.moves) > 1 or self.flip_rest

    @property
    def now(self) -> str:
        """Return the first move as it is made now (an "or flip" means nothing then)."""
        return _OR_FLIP.sub("", self.moves[0])


def planned(lines: list[str], state: GameState, seat: int,
            language: str = DEFAULT_LANGUAGE) -> Planned:
    """Return the moves among ``lines`` (in the canonical notation, as the seat's
    ``language`` reads them) and whether one says "flip the rest".

    A line is a move when the engine reads it as one (with "or flip" cut off), as in
    :func:`choose`; a line it cannot read ("Hi!") is passed over. Raises
    :class:`~service.features.mailin.words.AmbiguousLetter` for a line with a letter not read
    without guessing.
    """
    moves: list[str] = []
    flip_rest = False
    for written in lines:
        if command_of(written, language).kind != MOVE:
            continue
        line = words.canonical_line(written, language)
        if mail_words.fold(" ".join(re.sub(r"[.!,;:]+", " ", line).split())) in _FLIP_REST:
            flip_rest = True
            continue
        try:
            engine.parse_action(_OR_FLIP.sub("", line), state, seat)
        except engine.InvalidNotation:
            continue
        except EngineError:
            pass
        moves.append(line.strip())
    return Planned(tuple(moves), flip_rest)


def figure_named(text: str, state: GameState, seat: int,
                 details: Mapping[str, Any]) -> FigureId | None:
    """Return the figure a refused move was about (from its error's details or its text)."""
    key = details.get("figure")
    if isinstance(key, str):
        try:
            return FigureId.parse(key)
        except ValueError:
            return None
    try:
        action = engine.parse_action(text, state, seat)
    except EngineError:
        return None
    figure = getattr(action, "figure", None)
    return figure if isinstance(figure, FigureId) else None


def legal_lines(state: GameState, seat: int, figure: FigureId | None) -> list[str]:
    """Return at most eight moves the seat can make now, one line each with what it does: of
    ``figure`` alone when given and movable (or when it is the one figure that can act),
    else of each figure; then how many more there are."""
    if figure is None:
        movable = list(engine.legal_moves(state, seat)) if state.to_move == seat else []
        figure = FigureId.parse(movable[0]) if len(movable) == 1 else None
    shown, left = moves.suggestions(state, seat, figure)
    lines = [str(suggestion) for suggestion in shown]
    if left:
        # TRANSLATORS: '5 to h7' and 'board' are what the player writes: keep them.
        lines.append(ngettext("(%(num)d more: write a figure and a square, like '5 to h7', "
                              "or 'board' for the board)",
                              "(%(num)d more: write a figure and a square, like '5 to h7', "
                              "or 'board' for the board)", left))
    return lines


def command_lines(language: str, *, nudge: bool, back: bool, every: bool) -> list[str]:
    """Return the commands a seat may write now, at most eight, one line each in its
    ``language``'s words with what it does: ``nudge`` when the game waits for another
    player, ``back`` when the computer plays the seat, and the answers setting it has not
    (``every``: it gets every answer now)."""
    shown = [(BOARD, _("the board as it is now")),
             (PLAN, _("your turn plan")),
             *([(NUDGE, _("remind the player the game waits for"))] if nudge else []),
             *([(BACK, _("take your seat back from the computer"))] if back else []),
             (f"{SAY} ...", _("a message to the other players")),
             (ANSWERS_NEEDED, _("an answer only when you need one")) if every
             else (ANSWERS_ALL, _("an answer to every email")),
             (f"{LANGUAGE} ...", _("the language of your emails")),
             (HELP, _("how to write moves and commands"))]
    said = [(mail_words.said_as(command, language), does) for command, does in shown]
    width = max(16, *(len(command) + 1 for command, _does in said))
    return [f"{command:<{width}} {does}" for command, does in said]
