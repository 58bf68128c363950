"""Read a running stack's database directly, as the tests' judge of what the workers did."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session

from deploy.production_shape import Stack
from service.kernel.models import Action, Event
from service.plumbing.outbox import Outbox


class StackDatabase:
    """The database of ``stack`` (its ``FF_DATABASE_URL``)."""

    def __init__(self, stack: Stack) -> None:
        self.engine = create_engine(stack.env["FF_DATABASE_URL"])

    def close(self) -> None:
        """Close the connections."""
        self.engine.dispose()

    def outbox(self, kind: str | None = None) -> list[Outbox]:
        """Return the outbox rows (of ``kind``), oldest first."""
        with Session(self.engine) as session:
            query = select(Outbox).order_by(Outbox.id)
            if kind is not None:
                query = query.where(Outbox.kind == kind)
            rows = list(session.scalars(query))
            session.expunge_all()
        return rows

    def action_count(self, game_id: str) -> int:
        """Return how many actions ``game_id`` has stored."""
        with Session(self.engine) as session:
            return session.scalar(select(func.count()).select_from(Action)
                                  .where(Action.game_id == game_id)) or 0

    def event_types(self, game_id: str, version: int) -> list[str]:
        """Return the types of the events stored for ``game_id`` at ``version``, in order."""
        with Session(self.engine) as session:
            return list(session.scalars(
                select(Event.type).where(Event.game_id == game_id, Event.version == version)
                .order_by(Event.seq)))

    def wait_until(self, check: Callable[[], Any], what: str, timeout: float = 60.0) -> Any:
        """Poll ``check()`` until it returns something true; return it."""
        deadline = time.monotonic() + timeout
        while not (result := check()):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{what}: not within {timeout} s")
            time.sleep(0.1)
        return result
