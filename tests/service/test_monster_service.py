"""service.kernel.monster.resolve_monster_phase: what the worker calls for each monster-phase
job."""

from __future__ import annotations

import threading

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.kernel.models import Event, Game
from service.kernel.monster import resolve_monster_phase
from service.plumbing.extensions import db
from tests.service.helpers import (
    NewGame,
    auth,
    create_game,
    play_until,
    read,
    run_monster_jobs,
)


def at_monster_phase(app: Flask, client: FlaskClient) -> tuple[NewGame, int]:
    """Return a game waiting for its monster phase, and its version."""
    game = create_game(client)
    play_until(app, client, game, "monster")
    return game, read(client, game, game.spectator_token)["version"]


def resolve(app: Flask, game_id: str, version: int) -> int | None:
    """Call the service function as the worker does, in an app context."""
    with app.app_context():
        return resolve_monster_phase(game_id, version)


def test_it_resolves_the_monster_phase_and_starts_the_next_turn(
    app: Flask, client: FlaskClient
) -> None:
    game, version = at_monster_phase(app, client)
    assert resolve(app, game.id, version) == version + 1
    view = read(client, game, game.seat_tokens[0])
    assert (view["phase"], view["version"], view["position"]["game_turn"]) == (
        "figures", version + 1, 2)
    assert view["position"]["cards_left"] == 7
    assert view["to_move"] == view["position"]["legal"]["seat"] == 1  # the start moves on
    with app.app_context():
        events = db.session.scalars(select(Event).where(Event.version == version + 1)
                                    .order_by(Event.seq)).all()
        assert events[0].type == "card" and events[-1].type == "turn"
        assert {e.action_seq for e in events} == {None}


def test_running_the_job_again_changes_nothing(app: Flask, client: FlaskClient) -> None:
    game, version = at_monster_phase(app, client)
    resolve(app, game.id, version)
    before = read(client, game, game.spectator_token)
    assert resolve(app, game.id, version) is None
    assert read(client, game, game.spectator_token) == before


def test_a_job_for_another_version_or_game_does_nothing(app: Flask,
                                                        client: FlaskClient) -> None:
    game, version = at_monster_phase(app, client)
    assert resolve(app, game.id, version - 1) is None
    assert resolve(app, "F" * 22, version) is None
    assert read(client, game, game.spectator_token)["phase"] == "monster"


def test_a_job_for_a_cancelled_game_does_nothing(app: Flask, client: FlaskClient) -> None:
    game, version = at_monster_phase(app, client)
    client.post(game.url("/cancel"), headers=auth(game.creator_token))
    assert resolve(app, game.id, version) is None
    assert read(client, game, game.spectator_token)["status"] == "cancelled"


def test_two_workers_running_one_job_at_once_resolve_it_once(app: Flask,
                                                             client: FlaskClient) -> None:
    game, version = at_monster_phase(app, client)
    barrier = threading.Barrier(4)
    results: list[int | None] = []

    def work() -> None:
        barrier.wait()
        results.append(resolve(app, game.id, version))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results, key=str) == [version + 1, None, None, None]
    with app.app_context():
        cards = db.session.scalars(select(Event).where(Event.type == "card")).all()
        assert len(cards) == 1


def test_the_game_finishes_when_the_engine_says_it_is_over(app: Flask,
                                                           client: FlaskClient) -> None:
    game = create_game(client)
    play_until(app, client, game, "over")
    with app.app_context():
        row = db.session.get(Game, game.id)
        assert (row.status, row.phase) == ("finished", "over")
        assert row.finished_at is not None
        assert row.version == row.state["version"]
    assert run_monster_jobs(app) == 0
