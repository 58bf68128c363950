"""Where a use case hands what it changed, in its own transaction: :func:`game_changed`,
:func:`message_posted` and :func:`seat_changed_hands`; and where the mail channel asks what
the features have to tell a seat first in its next mail (:func:`notes_for_mail`).

Every use case that changes a started game (an action, a monster phase, a timeout, the start
itself) writes the change and hands the :class:`~service.kernel.changes.GameChanged` fact to
:func:`game_changed`; a message posted at a game's table goes to :func:`message_posted`; a
seat handed to a new player to :func:`seat_changed_hands`. Each runs the reactions the app
was built with, in order, in the caller's transaction, so each reaction's writes are
committed exactly when the change is. Which reactions, and why in that order, is listed in
one file, ``service/reactions.py``; :func:`install` gives them to the app. The kernel names
no feature: the features call down into it, and the list above them names what reacts.

The reactions of the kernel itself are here: the monster phase's job, the sub-turn's
deadline, and the mark that tells the game's open pages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app
from sqlalchemy.orm import Session

from engine.state import MONSTER
from service.kernel.changes import GameChanged
from service.kernel.timing import start_sub_turn
from service.plumbing import outbox, signals

Reaction = Callable[[Session, GameChanged], None]
"""What hears of a change of a game: ``(session, change)``, writing into the transaction."""
MessageReaction = Callable[[Session, str, int, Mapping[str, Any]], object]
"""What hears of a message posted: ``(session, game_id, version, message)``."""
SeatReaction = Callable[[Session, str, int], object]
"""What hears of a seat handed to a new player: ``(session, game_id, seat)``."""
MailNote = Callable[[Session, str, int], str | None]
"""What a feature has to tell a seat first in the mail about a game being written to it:
``(session, game_id, seat)`` returns it in the current language (None: nothing) and forgets
it in the mail's transaction, so it is told once."""


@dataclass(frozen=True, slots=True)
class Reactions:
    """Who reacts, in order, to each kind of change; who adds a note, in order, to the start
    of a seat's mail about a game (``mail``), and to the end of the mail that tells the end
    of a game (``after_game``: what follows a game)."""

    game: tuple[Reaction, ...]
    message: tuple[MessageReaction, ...]
    seat: tuple[SeatReaction, ...]
    mail: tuple[MailNote, ...] = ()
    after_game: tuple[MailNote, ...] = ()


EXTENSION = "ff_reactions"


def install(app: Flask, reactions: Reactions) -> None:
    """Make ``reactions`` what hears of every change made in ``app``."""
    app.extensions[EXTENSION] = reactions


def _reactions() -> Reactions:
    reactions: Reactions = current_app.extensions[EXTENSION]
    return reactions


def game_changed(session: Session, change: GameChanged) -> None:
    """Run every reaction to ``change`` in the caller's transaction, in order."""
    for reaction in _reactions().game:
        reaction(session, change)


def message_posted(session: Session, game_id: str, version: int,
                   message: Mapping[str, Any]) -> None:
    """Run every reaction to a message posted in game ``game_id`` at ``version``, in the
    caller's transaction.

    ``message`` is ``{seq, seat, name, colour, text}``: public data, never a token or email.
    """
    for reaction in _reactions().message:
        reaction(session, game_id, version, message)


def seat_changed_hands(session: Session, game_id: str, seat: int) -> None:
    """Run every reaction to ``seat`` of ``game_id`` changing hands, in order."""
    for reaction in _reactions().seat:
        reaction(session, game_id, seat)


def notes_for_mail(session: Session, game_id: str, seat: int) -> str | None:
    """Return what the features have to tell ``seat`` first in the mail about ``game_id``
    being written to it in the caller's transaction, one note a line (None: nothing); each
    is forgotten as it is given, so it is told once. The mail channel names no feature."""
    notes = [note for note in (source(session, game_id, seat) for source in _reactions().mail)
             if note]
    return "\n".join(notes) or None


def notes_after_game(session: Session, game_id: str, seat: int) -> list[str]:
    """Return what the features add, after the results, to the mail that tells ``seat`` the
    end of ``game_id`` (in the current language): one paragraph each."""
    return [note for note in (source(session, game_id, seat)
                              for source in _reactions().after_game) if note]


def schedule_monster_phase(session: Session, change: GameChanged) -> None:
    """Write the job that resolves the monster phase the game has just entered."""
    if change.game.phase == MONSTER:
        outbox.monster_phase_job(session, change.game.id, change.game.version)


def time_the_sub_turn(session: Session, change: GameChanged) -> None:
    """Set the deadline of the sub-turn the game now waits for (none without a limit)."""
    start_sub_turn(session, change.game)


def tell_the_live_pages(session: Session, change: GameChanged) -> None:
    """Mark the game as changed: after the commit, its open pages hear of it
    (``service.plumbing.signals``, ``service.features.live``)."""
    signals.game_touched(session, change.game.id)


def show_the_message_live(session: Session, game_id: str, version: int,
                          message: Mapping[str, Any]) -> None:
    """Mark the game as changed: its open pages show the message after the commit."""
    signals.game_touched(session, game_id)


def show_the_seat_live(session: Session, game_id: str, seat: int) -> None:
    """Mark the game as changed: its open pages read it again after the commit."""
    signals.game_touched(session, game_id)
