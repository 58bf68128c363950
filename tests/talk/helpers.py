"""Helpers of the table talk tests: post, list and mute through the API; read the rows."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from service.features.talk.models import GameMessage, TalkMute
from service.plumbing.extensions import db
from tests.service.helpers import NewGame, auth

THREE = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"},
         {"name": "Cy"}]


def post(client: FlaskClient, game: NewGame, token: str, text: Any) -> TestResponse:
    """Post ``text`` with ``token``."""
    return client.post(game.url("/messages"), json={"text": text}, headers=auth(token))


def say(client: FlaskClient, game: NewGame, seat: int, text: str) -> dict[str, Any]:
    """Post ``text`` for ``seat``; return the message."""
    response = post(client, game, game.seat_tokens[seat], text)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def page(client: FlaskClient, game: NewGame, token: str, **query: int) -> dict[str, Any]:
    """Return a page of the game's messages as the holder of ``token`` reads it."""
    response = client.get(game.url("/messages"), query_string=query, headers=auth(token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def mute(client: FlaskClient, game: NewGame, seat: int | str, muted: bool,
         token: str | None = None) -> TestResponse:
    """Mute or unmute ``seat`` with ``token`` (the creator's by default)."""
    return client.put(game.url(f"/seats/{seat}/mute"), json={"muted": muted},
                      headers=auth(token or game.creator_token))


def stored(app: Flask) -> list[tuple[str, int, str, int]]:
    """Return (game, seat, text, version) of every message row, oldest first."""
    with app.app_context():
        rows = db.session.execute(select(GameMessage.game_id, GameMessage.seat, GameMessage.text,
                                         GameMessage.version).order_by(GameMessage.id)).all()
        db.session.rollback()
    return [tuple(row) for row in rows]


def muted_rows(app: Flask) -> list[tuple[str, int]]:
    """Return (game, seat) of every mute row."""
    with app.app_context():
        rows = db.session.execute(select(TalkMute.game_id, TalkMute.seat)
                                  .order_by(TalkMute.seat)).all()
        db.session.rollback()
    return [tuple(row) for row in rows]
