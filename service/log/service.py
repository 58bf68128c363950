"""The service layer of the log: pages of actions or events after a cursor."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from service.auth import authenticate
from service.models import Action, Event
from service.unit_of_work import read_transaction
from service.views import action_view, event_view, page_view


def list_actions(game_id: str, token: str | None, after: int, limit: int) -> dict[str, Any]:
    """Return the game's accepted actions with ``seq`` greater than ``after``, oldest first."""
    with read_transaction() as session:
        game, _ = authenticate(session, game_id, token)
        rows = session.scalars(
            select(Action).where(Action.game_id == game_id, Action.seq > after)
            .order_by(Action.seq).limit(limit + 1)
        )
        return page_view((action_view(a) for a in rows), after, limit, game.version)


def list_events(game_id: str, token: str | None, after: int, limit: int) -> dict[str, Any]:
    """Return the game's events with ``seq`` greater than ``after``, oldest first."""
    with read_transaction() as session:
        game, _ = authenticate(session, game_id, token)
        rows = session.scalars(
            select(Event).where(Event.game_id == game_id, Event.seq > after)
            .order_by(Event.seq).limit(limit + 1)
        )
        return page_view((event_view(e) for e in rows), after, limit, game.version)
