"""Helpers of the deadline tests: read a game's row, its log, its outbox, run the check."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

import engine
from service.kernel.models import Event, Game
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from service.plumbing.sealing import unseal
from tests.deadlines.conftest import START
from tests.service.helpers import NewGame, auth, create_game, read
from worker.deadlines import CheckResult, check_deadlines

HOUR = 3600
LIMIT = 4 * HOUR  # the reminder is due when a quarter (1 h) is left


def new_timed_game(client: FlaskClient, limit: int | None = LIMIT, **spec: Any) -> NewGame:
    """Create a two-player game (seat 0 starts) with a time limit per move."""
    return create_game(client, move_time_limit=limit, **spec)


def check(app: Flask, now: datetime) -> CheckResult:
    """Run the periodic check for the instant ``now``, as the beat task does: with the time
    of the app's clock, set to ``now`` first (a new sub-turn starts at the clock's time)."""
    app.config["CLOCK"].now = now
    with app.app_context():
        return check_deadlines(now)


def miss(app: Flask, times: int, first: int = 1) -> None:
    """Let ``times`` sub-turns in a row run out, each at its deadline, the sub-turns being
    ``LIMIT`` long from ``START`` (the ``first`` of them at ``START + first * LIMIT``)."""
    for n in range(first, first + times):
        check(app, START + n * timedelta(seconds=LIMIT))


def row(app: Flask, game: NewGame) -> Game:
    """Return the game's row (detached, loaded)."""
    with app.app_context():
        found = db.session.get(Game, game.id)
        assert found is not None
        db.session.expunge(found)
        return found


def state_of(app: Flask, game: NewGame) -> engine.GameState:
    """Return the game's engine state, secrets included."""
    return engine.state_from_dict(row(app, game).state)


def event_types(app: Flask, game: NewGame) -> list[str]:
    """Return the types of the game's events, in order."""
    with app.app_context():
        return list(db.session.scalars(select(Event.type).where(Event.game_id == game.id)
                                       .order_by(Event.seq)))


def outbox_rows(app: Flask, kind: str) -> list[tuple[str, dict[str, Any]]]:
    """Return (dedupe key, payload) of the outbox rows of ``kind``, oldest first."""
    with app.app_context():
        rows = db.session.execute(select(Outbox.dedupe_key, Outbox.payload)
                                  .where(Outbox.kind == kind).order_by(Outbox.id)).all()
        return [(r.dedupe_key, unseal(r.payload)) for r in rows]  # as the worker sends it


def reminders(app: Flask) -> list[tuple[str, dict[str, Any]]]:
    """Return the reminder emails in the outbox."""
    return [r for r in outbox_rows(app, "email") if r[1].get("topic") == "reminder"]


def deadline_of(client: FlaskClient, game: NewGame) -> str | None:
    """Return the move deadline the spectators see."""
    return read(client, game, game.spectator_token)["move_deadline"]


def iso(moment: datetime) -> str:
    """Format a time as the views do."""
    return moment.isoformat().replace("+00:00", "Z")


def creator_post(client: FlaskClient, game: NewGame, what: str):  # noqa: ANN201 - a response
    """POST ``/pause`` or ``/resume`` with the creator's token."""
    return client.post(game.url(f"/{what}"), headers=auth(game.creator_token))
