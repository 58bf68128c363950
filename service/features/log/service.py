"""The service layer of the log: pages of actions or events after a cursor."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from service.kernel.auth import SEAT, authenticate
from service.kernel.models import Action, Event
from service.kernel.replays import first_state
from service.kernel.store import authenticate_for_reading, load_state
from service.kernel.views import action_view, action_words, event_view, page_view, seat_label
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.unit_of_work import read_transaction


def list_actions(game_id: str, token: str | None, after: int, limit: int) -> dict[str, Any]:
    """Return the game's accepted actions with ``seq`` greater than ``after``, oldest first,
    each told in words; the seats come with the caller's check, the page's events in one
    more query."""
    with read_transaction() as session:
        game, _caller, seats = authenticate_for_reading(session, game_id, token)
        rows = session.scalars(
            select(Action).where(Action.game_id == game_id, Action.seq > after)
            .order_by(Action.seq).limit(limit + 1)
        ).all()
        events = _events_of_actions(session, game_id, after, rows[-1].seq) if rows else {}
        who = {s.seat: seat_label(s) for s in seats}
        return page_view((action_view(a, action_words(events[a.seq], who[a.seat]))
                          for a in rows), after, limit, game.version)


def _events_of_actions(session: Session, game_id: str, after: int,
                       last: int) -> defaultdict[int, list[dict[str, Any]]]:
    """Return the events of the actions ``after`` < seq <= ``last``, by action, in order."""
    found: defaultdict[int, list[dict[str, Any]]] = defaultdict(list)
    for action_seq, data in session.execute(
        select(Event.action_seq, Event.data).where(
            Event.game_id == game_id, Event.action_seq > after, Event.action_seq <= last)
        .order_by(Event.seq)
    ):
        found[action_seq].append(data)
    return found


def list_events(game_id: str, token: str | None, after: int, limit: int) -> dict[str, Any]:
    """Return the game's events with ``seq`` greater than ``after``, oldest first."""
    with read_transaction() as session:
        game, _caller = authenticate(session, game_id, token)
        rows = session.scalars(
            select(Event).where(Event.game_id == game_id, Event.seq > after)
            .order_by(Event.seq).limit(limit + 1)
        )
        return page_view((event_view(e) for e in rows), after, limit, game.version)


def first_position(game_id: str, token: str | None) -> dict[str, Any]:
    """Return the game's first position as the caller sees it: ``{version, position}``.

    With the log's events after it, a page replays the whole game on any device. The state
    is rebuilt from the game's seed (``service.kernel.replays.first_state``); the
    player view keeps the pile and the seed out, as every view does.
    """
    with read_transaction() as session:
        game, caller = authenticate(session, game_id, token)
        state = load_state(game)
        if state is None:
            raise ServiceError("game/not_started", _("The game has not started: it waits for "
                                                     "players, so it has no first position "
                                                     "yet."))
        first = first_state(game, state)
        seat = caller.seat if caller.kind == SEAT else None
        return {"version": first.version, "position": engine.player_view(first, seat)}
