"""Helpers of the API tests: create games, read them, submit legal moves, check errors."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, select, update
from werkzeug.test import TestResponse

from service.kernel.models import Game
from service.kernel.monster import resolve_monster_phase
from service.plumbing.extensions import db
from service.plumbing.outbox import LOST_LINKS, Outbox
from service.plumbing.unit_of_work import read_transaction
from worker import relay

API = "/api/v1"
TWO_PLAYERS = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}]


def auth(token: str) -> dict[str, str]:
    """Return the Authorization header of a token."""
    return {"Authorization": f"Bearer {token}"}


def token_of(link: str) -> str:
    """Return the token in a link's fragment (``...#t=<token>``)."""
    return link.split("#t=", 1)[1]


def assert_error(response: TestResponse, status: int, code: str) -> dict[str, Any]:
    """Check the status and that the body is exactly our error shape with ``code``."""
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) == {"error"}
    error = body["error"]
    assert set(error) == {"code", "message", "details"}
    assert error["code"] == code, error
    assert isinstance(error["message"], str) and error["message"]
    assert isinstance(error["details"], dict)
    return error


@dataclass
class NewGame:
    """A game made through the API, with every secret its creator received."""

    id: str
    body: dict[str, Any]
    creator_token: str
    spectator_token: str
    seat_tokens: dict[int, str] = field(default_factory=dict)
    invite_code: str | None = None

    def url(self, suffix: str = "") -> str:
        """Return the game's API address, plus ``suffix``."""
        return f"{API}/games/{self.id}{suffix}"


def create_game(client: FlaskClient, seats: list[dict[str, Any]] | None = None,
                **spec: Any) -> NewGame:
    """Create a game (two named players by default, seat 0 starting) and keep its secrets."""
    spec.setdefault("start_seat", 0)
    response = client.post(f"{API}/games", json={"seats": seats or TWO_PLAYERS, **spec})
    assert response.status_code == 201, response.get_data(as_text=True)
    return game_from(response.get_json())


def game_from(body: dict[str, Any]) -> NewGame:
    """Return the game and secrets in the body of a creation's response."""
    return NewGame(
        id=body["game"]["id"],
        body=body,
        creator_token=body["creator_token"],
        spectator_token=token_of(body["spectator_link"]),
        seat_tokens={s["seat"]: token_of(s["link"]) for s in body["seats"] if s["link"]},
        invite_code=body["invite_code"],
    )


def read(client: FlaskClient, game: NewGame, token: str) -> dict[str, Any]:
    """Return the game as the holder of ``token`` sees it."""
    response = client.get(game.url(), headers=auth(token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def submit(client: FlaskClient, game: NewGame, seat: int, expected_version: int,
           headers: dict[str, str] | None = None, **body: Any) -> TestResponse:
    """Submit an action for ``seat`` (``notation=...`` or ``action={...}``)."""
    return client.post(game.url("/actions"), json={"expected_version": expected_version, **body},
                       headers={**auth(game.seat_tokens[seat]), **(headers or {})})


def distance_to_exit(square: str) -> int:
    """Return how many steps a square is from the exit a1 (-1 for "out")."""
    if square == "out":
        return -1
    return ord(square[0]) - ord("a") + int(square[1:]) - 1


def a_legal_action(view: dict[str, Any], rng: random.Random | None = None) -> dict[str, Any]:
    """Return a legal structured action from a view's ``legal``: a random one with ``rng``,
    else the move that ends nearest the exit (so games end soon)."""
    legal = view["position"]["legal"]
    if legal["kind"] == "placement":
        tiles = legal["tiles"]
        tile = rng.choice(tiles) if rng else tiles[0]
        place = rng.choice(tile["squares"]) if rng else tile["squares"][0]
        action = {"type": "place", "tile": tile["tile"], "square": place["square"]}
        if place["orientation"]:
            action["orientation"] = place["orientation"]
        if tile["arrows"]:
            action["arrow"] = tile["arrows"][0]
        return action
    figures = legal["figures"]
    moves = [move for figure in figures for move in figure["moves"]]
    if not moves or (rng and rng.random() < 0.1):
        figure = rng.choice(figures) if rng else figures[0]
        return {"type": "flip", "figure": figure["figure"]}
    move = rng.choice(moves) if rng else min(moves, key=lambda m: distance_to_exit(m["to"]))
    return {"type": "move", "figure": move["figure"], "path": move["path"]}


def play_one(client: FlaskClient, game: NewGame, rng: random.Random | None = None
             ) -> dict[str, Any]:
    """Submit one legal action for the seat to act; return the response body."""
    view = read(client, game, game.spectator_token)
    seat = view["to_move"]
    response = submit(client, game, seat, view["version"], action=a_legal_action(view, rng))
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def run_monster_jobs(app: Flask) -> int:
    """Do what the worker does with the pending monster-phase jobs; return how many ran."""
    with app.app_context():
        jobs = db.session.execute(
            select(Outbox.id, Outbox.payload)
            .where(Outbox.kind == "monster_phase", Outbox.status == "pending")
        ).all()
        db.session.rollback()
        for job in jobs:
            resolve_monster_phase(job.payload["game_id"], job.payload["version"])
        db.session.execute(update(Outbox).where(Outbox.id.in_([job.id for job in jobs]))
                           .values(status="sent"))
        db.session.commit()
    return len(jobs)


def phase_of(app: Flask, game: NewGame) -> str | None:
    """Return the game's phase, read from its row."""
    with app.app_context():
        return db.session.get(Game, game.id).phase


def advance(app: Flask, client: FlaskClient, game: NewGame,
            rng: random.Random | None = None) -> None:
    """Take the game one step on: a legal action, or the monster phase if it is due."""
    if phase_of(app, game) == "monster":
        run_monster_jobs(app)
    else:
        play_one(client, game, rng)


def play_until(app: Flask, client: FlaskClient, game: NewGame, phase: str,
               rng: random.Random | None = None, limit: int = 2000) -> None:
    """Play legal actions (and run monster jobs) until the game is in ``phase``."""
    for _ in range(limit):
        if phase_of(app, game) == phase:
            return
        advance(app, client, game, rng)
    raise AssertionError(f"the game did not reach the {phase} phase in {limit} steps")


@contextmanager
def statements_run(app: Flask) -> Iterator[list[str]]:
    """Collect the first word of every statement sent to the database meanwhile."""
    statements: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(statement.split(None, 1)[0].upper())

    with app.app_context():
        engine_ = db.engine
    event.listen(engine_, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        event.remove(engine_, "before_cursor_execute", record)


def is_postgresql(app: Flask) -> bool:
    """True when the app's database is PostgreSQL."""
    with app.app_context():
        return db.engine.dialect.name == "postgresql"


def ask_for_links(app: Flask, client: FlaskClient, email: str, language: str = "en") -> None:
    """Say "I lost my link" for ``email`` (from a page in ``language``) and do the worker's
    part (the lookup, the email)."""
    response = client.post(f"{API}/links/lost", json={"email": email},
                           headers={"Accept-Language": language})
    assert response.status_code == 202, response.get_data(as_text=True)
    with app.app_context():
        with read_transaction() as session:
            ids = session.scalars(select(Outbox.id).where(Outbox.kind == LOST_LINKS,
                                                          Outbox.status == "pending")).all()
        relay.relay(ids)
