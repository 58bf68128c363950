"""The game told in words in the reader's language: the engine's narration (``engine.narrate``)
with each of its English templates translated through the catalogs.

The engine knows no languages: each of its narrating functions takes a ``say(template,
**params)``, and these give it one that translates. The templates are found for the
catalogs in ``engine/narrate.py`` itself, as the literals of its ``say("...")`` calls, with
their contexts (``service.plumbing.i18n.extract``). Outside an app context, or in English,
the texts are the engine's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine import GameState, narrate
from engine.diagram import board_text, legend_text, status_lines
from engine.diagram import diagram as draw_diagram
from service.kernel.vocabulary import COMPUTER
from service.plumbing.i18n import _, pgettext
from service.plumbing.i18n import _ as translate


def _say(template: str, /, *, context: str | None = None, **params: Any) -> str:
    """``template`` in the current language (in its ``context`` when it has one), its
    ``%(name)s`` filled from ``params``."""
    if context is not None:
        return pgettext(context, template, **params)
    return translate(template, **params)


def narrate_action(events: Iterable[Mapping[str, Any]], who: str, *,
                   timed_out: bool = False) -> str:
    """Tell one player's action in words (see :func:`engine.narrate.narrate_action`); an
    action the computer played for the seat (a ``computer`` event among its events,
    ``service.features.computer``) says so."""
    events = list(events)
    if any(event.get("type") == COMPUTER for event in events):
        # TRANSLATORS: the subject of a sentence telling a move the computer made for a
        # seat: "The computer, playing Ann (green), moved green 5 from h5 to g3."
        who = _("The computer, playing %(who)s,", who=who)
    return narrate.narrate_action(events, who, timed_out=timed_out, say=_say)


def narrate_monster(events: Iterable[Mapping[str, Any]]) -> str:
    """Tell one monster phase in sentences (see :func:`engine.narrate.narrate_monster`)."""
    return narrate.narrate_monster(events, say=_say)


def summarize_monster(events: Iterable[Mapping[str, Any]]) -> str:
    """Tell one monster phase in a few sentences, read once in a mail: its card, whom it ate
    and where it stopped (see :func:`engine.narrate.summarize_monster`)."""
    return narrate.summarize_monster(events, say=_say)


def diagram(state: GameState, legend: bool = True) -> str:
    """The board and the game's status as fixed-width text (see :func:`engine.diagram`)."""
    return draw_diagram(state, legend, say=_say)


def board(state: GameState, doors: bool = True) -> str:
    """The board alone, as fixed-width text (see :func:`engine.diagram.board_text`)."""
    return board_text(state, say=_say, doors=doors)


def status(state: GameState, head: bool = True) -> list[str]:
    """Where the game stands in words, line by line (:func:`engine.diagram.status_lines`)."""
    return status_lines(state, say=_say, head=head)


def board_and_status(state: GameState) -> str:
    """The board and where the game stands in words, as a mail about a game shows them: no
    legend, no line of the doors, no line of whose move it is (the mail says it)."""
    return "\n".join([board(state, doors=False), *status(state, head=False)])


def and_list(parts: list[str]) -> str:
    """Join ``a``, ``a and b``, ``a, b and c`` in the current language."""
    return narrate.and_list(parts, say=_say)


def legend() -> str:
    """The legend of the board's codes (:func:`engine.diagram.legend_text`)."""
    return legend_text(say=_say)


def pushed_stone(kind: str, square: str, to: str | None) -> str:
    """A stone a figure pushes, as said after "pushing": ``the stone on h4 to h3``, ``the
    crystal on a2 out of the game`` (``to`` None) (:func:`engine.narrate.pushed_stone`)."""
    return narrate.pushed_stone(kind, square, to, say=_say)


def figure_name(key: str) -> str:
    """A figure in words, ``red 5`` for the key ``red5``."""
    return narrate.figure_name(key, say=_say)


def card_name(card: str) -> str:
    """A monster card as printed, in words: ``8``, ``2 hits``."""
    return narrate.card_name(card, say=_say)


def direction_word(letter: str) -> str:
    """A direction letter (``N``) in words: ``north``."""
    return narrate.direction_word(letter, say=_say)
