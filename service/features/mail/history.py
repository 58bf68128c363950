"""What happened in a game, in lines of words: players' actions and monster phases, in order.

Used by the "your move" email (since the seat's own last move) and the daily digest (since
the last digest). Players' actions are told as the log tells them (``views.action_words``),
with their notation in brackets; monster phases in a few sentences (the engine's
``summarize_monster``), and takebacks in one, in the reader's language
(``service.kernel.narration``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import datetime
from itertools import groupby
from operator import attrgetter
from typing import Any

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session

from engine.events import CARD, TAKEBACK
from service.features.mail.words import written_move
from service.kernel.models import Action, Event, SeatRow
from service.kernel.narration import summarize_monster
from service.kernel.views import action_words, seat_label
from service.plumbing.i18n import _, current_language, ngettext

MAX_LINES = 30


def players_of(seats: Sequence[SeatRow]) -> dict[int, str]:
    """Return ``Ann (red)`` for each seat number (``views.seat_label``)."""
    return {s.seat: seat_label(s) for s in seats}


def _lines(session: Session, game_id: str, players: Mapping[int, str],
           action_filter: ColumnElement[bool], event_filter: ColumnElement[bool]) -> list[str]:
    """Tell the actions ``action_filter`` picks and the monster phases among the events
    ``event_filter`` picks; the filters pick the same stretch of the game, so the events of
    those actions are among those events, read in the same query."""
    events = session.execute(select(Event.action_seq, Event.version, Event.data).where(
        Event.game_id == game_id, event_filter
    ).order_by(Event.seq)).all()
    of_action: defaultdict[int, list[dict[str, Any]]] = defaultdict(list)
    for event in events:
        if event.action_seq is not None:
            of_action[event.action_seq].append(event.data)
    actions = session.scalars(select(Action).where(Action.game_id == game_id, action_filter))
    language = current_language()  # the notation as the reader writes it: [grün 5 +NNW]
    told = [(a.version_after, f"{action_words(of_action[a.seq], players[a.seat])} "
                              f"[{written_move(a.notation, language)}]") for a in actions]
    unprompted = (e for e in events if e.action_seq is None)
    for version, group in groupby(unprompted, key=attrgetter("version")):
        phase = [e.data for e in group]
        # Events of no action are monster phases, and also deadline notes (reminder, pause,
        # resume) that are not told here; only a group with a drawn card is a monster phase.
        if any(data.get("type") == CARD for data in phase):
            told.append((version, summarize_monster(phase)))
        told += [(version, takeback_words(players[int(data["seat"])])) for data in phase
                 if data.get("type") == TAKEBACK]
    lines = [line for _version, line in sorted(told, key=lambda item: item[0])]
    if len(lines) > MAX_LINES:
        skipped = len(lines) - MAX_LINES
        lines = [ngettext("(%(num)d earlier move not shown)", "(%(num)d earlier moves not shown)",
                          skipped)] + lines[-MAX_LINES:]
    return lines


def takeback_words(who: str) -> str:
    """Return a takeback told in a line: ``who`` (``Ann (green)``) took back their move."""
    # TRANSLATORS: %(who)s is a player, "Ann (green)".
    return _("%(who)s took back their last move (and what was played after it): the game is "
             "again as it was before it.", who=who)


def last_move(session: Session, game_id: str, seat: int) -> tuple[int, str | None]:
    """Return the game's version just after ``seat``'s last action and that action as
    written (``green 5 +NNW``); ``(0, None)`` when it has none."""
    row = session.execute(select(Action.version_after, Action.notation).where(
        Action.game_id == game_id, Action.seat == seat
    ).order_by(Action.seq.desc()).limit(1)).first()
    return (0, None) if row is None else (row.version_after, row.notation)


def since_version(session: Session, game_id: str, last: int,
                  players: Mapping[int, str]) -> list[str]:
    """Return what happened after the game's version ``last`` (a seat's
    :func:`last_move`: everything, if it has none)."""
    return _lines(session, game_id, players, Action.version_before >= last,
                  Event.version > last)


def since(session: Session, game_id: str, moment: datetime,
          players: Mapping[int, str]) -> list[str]:
    """Return what happened in the game after ``moment``."""
    return _lines(session, game_id, players, Action.created_at > moment,
                  Event.created_at > moment)
