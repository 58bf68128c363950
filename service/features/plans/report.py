"""What a seat's turn plan did, told once, first thing in the seat's next mail about the game.

As each line of a plan resolves, its *fate* is recorded for the planner (:func:`record`, in
the transaction that resolved it): played as planned; flipped instead ("or flip"), with what
no longer held; broke, with why (the plan stopped there); or not played, and why: the game
turn or the game ended before its figure's turn, the seat replaced or cleared the plan, the
plan had stopped or the game was paused, the figure was played otherwise (by the seat
itself, for its time running out, by the computer) or had acted already (the first game
turn's automatic flips). Each figure "flip the rest" flips is recorded too.

The fates wait in ``plan_reports`` until a mail about the game is written to the seat ("your
move", "the monster has moved", "the game is over"): the mail channel asks the kernel's
pipeline for the seat's notes (``service.reactions`` lists :func:`take` among them), so it
reads no plan. :func:`take` words the report in the mail's language and deletes it in the
mail's transaction: it is told once. A seat that gets no mail keeps it for its next one; a
plan made in a later game turn drops it (:func:`forget_earlier`). The plan's view shows it
meanwhile (:func:`pending`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete
from sqlalchemy.orm import Session

import engine
from service.features.mail.words import written_move
from service.features.plans.matching import Line, Step
from service.features.plans.models import PlanReport
from service.kernel.changes import GameChanged
from service.kernel.narration import and_list
from service.kernel.vocabulary import COMPUTER, TIMEOUT
from service.plumbing.columns import utcnow
from service.plumbing.i18n import _, current_language, lazy_gettext

PLAYED, FLIPPED, BROKE, REST = "played", "flipped", "broke", "rest"
"""Played as planned; flipped instead; broke (the plan stopped); a figure "flip the rest"
flipped."""
TURN_ENDED, GAME_ENDED, REPLACED, CLEARED = "turn_ended", "game_ended", "replaced", "cleared"
STOPPED, PAUSED, BY_HAND, TIMED_OUT = "stopped", "paused", "by_hand", "timed_out"
BY_COMPUTER, ACTED = "computer", "acted"

NOT_PLAYED = {
    # TRANSLATORS: why a line of a turn plan was not played (this and the next nine), read
    # after "green 3 +NN not played:".
    TURN_ENDED: lazy_gettext("the game turn ended first"),
    GAME_ENDED: lazy_gettext("the game ended first"),
    REPLACED: lazy_gettext("you replaced the plan first"),
    CLEARED: lazy_gettext("you cleared the plan first"),
    STOPPED: lazy_gettext("the plan had stopped"),
    PAUSED: lazy_gettext("the creator paused the game"),
    BY_HAND: lazy_gettext("you played that figure yourself"),
    TIMED_OUT: lazy_gettext("your time ran out and that figure was flipped"),
    BY_COMPUTER: lazy_gettext("the computer played that figure for you"),
    ACTED: lazy_gettext("that figure had already acted this game turn"),
}
"""Why a line was not played, by its fate."""


@dataclass(frozen=True, slots=True)
class Fate:
    """What became of one line of a plan.

    ``line`` is the line in notation without "or flip" (None: "flip the rest"; for
    :data:`REST`, the figure it flipped, ``green 2``); ``fate`` one of the codes above;
    ``why``, for :data:`FLIPPED` and :data:`BROKE`, what no longer held or why the game
    refused it, in the seat's language when it was recorded.
    """

    line: str | None
    fate: str
    why: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the fate as stored."""
        return {"line": self.line, "fate": self.fate, "why": self.why}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Fate:
        """Read what :meth:`to_dict` wrote."""
        return cls(data["line"], data["fate"], data.get("why"))


def of_line(line: Line, fate: str, why: str | None = None) -> Fate:
    """Return the fate of a plan's ``line``."""
    return Fate(engine.format_action(line.action), fate, why)


def unplayed(lines: Sequence[Line], flip_rest: bool, fate: str) -> list[Fate]:
    """Return the fates of ``lines`` (and of "flip the rest", when ``flip_rest``) all not
    played, for the same reason."""
    return [of_line(line, fate) for line in lines] + ([Fate(None, fate)] if flip_rest else [])


def of_stop(lines: Sequence[Line], flip_rest: bool, step: Step, why: str | None
            ) -> list[Fate]:
    """Return the fates of a plan that stops at ``step`` without playing it: the lines it
    passed over had acted already; the line it stopped at (or "flip the rest") broke for
    ``why``, and the lines after it were not played. ``why`` None: nothing was left to play."""
    passed = [of_line(line, ACTED) for line in lines[:step.used - (step.line is not None)]]
    if why is None:
        return passed
    if step.line is None:
        return [*passed, Fate(None, BROKE, why)]
    return [*passed, of_line(step.line, BROKE, why),
            *unplayed(lines[step.used:], flip_rest, STOPPED)]


@dataclass(frozen=True, slots=True)
class _Step:
    """A plan's step being submitted: by ``seat`` of ``game_id`` at ``version``, acting
    ``figure`` (its key), to be recorded as ``fate``."""

    game_id: str
    version: int
    seat: int
    figure: str
    fate: Fate


_PLAYING: ContextVar[_Step | None] = ContextVar("ff_plan_step", default=None)
"""The step :func:`playing` marks: the submission runs its reactions inside the block, in
the same call, so the plan's reaction records the step's fate with the move it tells of."""


@contextmanager
def playing(game_id: str, version: int, seat: int, step: Step) -> Iterator[None]:
    """Within the block, the change of ``game_id`` at ``version`` by ``seat`` is the plan's
    ``step`` (a move or flip about to be submitted): :func:`of_acted` records it as played
    as planned, flipped instead (with ``step.why``), or flipped by "flip the rest"."""
    assert step.action is not None  # a step that plays
    if step.line is None:
        fate = Fate(str(step.action.figure), REST)
    elif step.why is not None:
        fate = of_line(step.line, FLIPPED, step.why)
    else:
        fate = of_line(step.line, PLAYED)
    token = _PLAYING.set(_Step(game_id, version, seat, step.action.figure.key, fate))
    try:
        yield
    finally:
        _PLAYING.reset(token)


def of_acted(lines: Sequence[Line], change: GameChanged) -> list[Fate]:
    """Return the fates of ``lines``, the acting seat's planned lines whose figure has acted
    by ``change`` (an action): the plan's own step (:func:`playing`), else played some other
    way (by the seat, for its time running out, by the computer) or had acted already;
    then the figure "flip the rest" flipped, if that was the step."""
    action = change.action
    assert action is not None  # the seat's action
    step = _PLAYING.get()
    if step is not None and (step.game_id, step.version, step.seat) != (
            action.game_id, action.version_before, action.seat):
        step = None  # another change, made while a plan's step is submitted
    types = {event.get("type") for event in change.events}
    fates = []
    for line in lines:
        figure = line.action.figure.key
        if step is not None and step.fate.fate != REST and figure == step.figure:
            fates.append(step.fate)
        elif figure != action.action.get("figure"):
            fates.append(of_line(line, ACTED))
        else:
            fates.append(of_line(line, TIMED_OUT if TIMEOUT in types else
                                 BY_COMPUTER if COMPUTER in types else BY_HAND))
    if step is not None and step.fate.fate == REST:
        fates.append(step.fate)
    return fates


def record(session: Session, game_id: str, seat: int, game_turn: int,
           fates: Sequence[Fate]) -> None:
    """Add ``fates`` to the seat's report, in the caller's transaction.

    Every caller holds the game's row (a change of the game, or a lock on it), so two never
    add to one report at once.
    """
    if not fates:
        return
    report = session.get(PlanReport, (game_id, seat), with_for_update=True)
    if report is None:
        report = PlanReport(game_id=game_id, seat=seat, fates=[])
        session.add(report)
    report.game_turn = game_turn
    report.fates = [*report.fates, *(fate.to_dict() for fate in fates)]
    report.updated_at = utcnow()


def forget_earlier(session: Session, game_id: str, seat: int, game_turn: int) -> None:
    """Drop the seat's report if it tells of an earlier game turn: the seat plans anew
    without having had a mail since."""
    session.execute(delete(PlanReport).where(PlanReport.game_id == game_id,
                                             PlanReport.seat == seat,
                                             PlanReport.game_turn != game_turn))


def pending(session: Session, game_id: str, seat: int) -> str | None:
    """Return the seat's report not told yet, in words (None: nothing to tell)."""
    report = session.get(PlanReport, (game_id, seat))
    return None if report is None else words([Fate.from_dict(f) for f in report.fates])


def take(session: Session, game_id: str, seat: int) -> str | None:
    """Return the seat's report in words, for the mail to it being written in the caller's
    transaction, and forget it: it is told once (None: nothing to tell)."""
    report = session.get(PlanReport, (game_id, seat), with_for_update=True)
    if report is None:
        return None
    session.delete(report)
    return words([Fate.from_dict(f) for f in report.fates])


def words(fates: Sequence[Fate]) -> str | None:
    """Return a report in the current language, one clause per line of the plan: ``Your
    plan: green 5 +NNW played as planned; green 4 +N flipped instead (the stone on o9 was
    pushed away); green 3 +NN not played: the game turn ended first.`` Moves are written as
    the reader writes them (``grün 5 +NNW``: ``service.features.mail.words``)."""
    language = current_language()
    flipped = [written_move(fate.line or "", language) for fate in fates if fate.fate == REST]
    parts: list[str] = []
    for fate in fates:
        if fate.fate != REST:
            parts.append(_fate_words(fate, language))
        elif flipped:  # all its flips, told at the first
            # TRANSLATORS: what the standing plan "flip the rest" did: "flip the rest
            # flipped green 1 and green 3".
            parts.append(_("flip the rest flipped %(figures)s", figures=and_list(flipped)))
            flipped = []
    if not parts:
        return None
    # TRANSLATORS: the first line of a mail to a seat whose turn plan acted; %(lines)s are
    # its lines' fates, separated by "; ".
    return _("Your plan: %(lines)s.", lines="; ".join(parts))


def _fate_words(fate: Fate, language: str) -> str:
    # TRANSLATORS: the standing plan's line, as a plan's report names it.
    line = _("flip the rest") if fate.line is None else written_move(fate.line, language)
    if fate.fate == PLAYED:
        # TRANSLATORS: %(line)s is a line of a turn plan in notation: "green 5 +NNW".
        return _("%(line)s played as planned", line=line)
    if fate.fate == FLIPPED:
        # TRANSLATORS: %(why)s says what no longer held: "the stone on o9 was pushed away".
        return _("%(line)s flipped instead (%(why)s)", line=line, why=fate.why)
    if fate.fate == BROKE:
        # TRANSLATORS: %(why)s says why the line could not be played.
        return _("%(line)s broke (%(why)s), so the plan stopped there", line=line,
                 why=fate.why)
    # TRANSLATORS: %(why)s says why: "the game turn ended first".
    return _("%(line)s not played: %(why)s", line=line, why=str(NOT_PLAYED[fate.fate]))
