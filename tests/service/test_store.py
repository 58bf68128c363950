"""Tests of service.kernel.store: save_transition, the one writer of a started game, and the reads
of the hot paths, on both backends; and how their transactions end (service.plumbing.unit_of_work).

On PostgreSQL the game row, the action and the events go in one statement; on SQLite in three.
Both must write all of it, or (when another change came first) none of it. A submission, a read
of a game and a monster phase each read what they need in one query.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, exc, func, select, text, update

import engine
from engine.autoplay import random_action
from service import create_app
from service.kernel.models import Action, Event, Game, GameRecord, Seat, SeatRecord
from service.kernel.pipeline import game_changed
from service.kernel.store import StaleWrite, game_with_seats, load_state, save_transition
from service.migrate import upgrade
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db, table_of
from service.plumbing.unit_of_work import read_transaction, write_transaction
from tests.service.conftest import app_config, dispose, wipe
from tests.service.helpers import (
    a_legal_action,
    auth,
    create_game,
    is_postgresql,
    play_until,
    run_monster_jobs,
    statements_run,
    submit,
)


def _transition(game: Game) -> tuple[engine.Action, int, engine.Transition]:
    state = load_state(game)
    assert state is not None
    action = random_action(state, random.Random(7), flip_chance=0)
    return action, state.to_move, engine.apply_action(state, action, state.to_move)


def test_it_writes_the_row_the_action_and_every_event(app: Flask, client: FlaskClient) -> None:
    made = create_game(client)
    with app.app_context():
        game = db.session.get(Game, made.id)
        action, seat, transition = _transition(game)
        found = game_with_seats(db.session, made.id)
        assert found is not None
        _, seats, listeners = found
        change = save_transition(db.session, game, transition, utcnow(), action, seat,
                                 seats, listeners)
        game_changed(db.session, change)
        row, events = change.action, change.written_events
        db.session.commit()
        assert row is not None and len(events) == len(transition.events) >= 1
        stored = db.session.scalars(select(Action).where(Action.game_id == made.id)).all()
        assert [(a.seq, a.seat, a.notation, a.action, a.version_before, a.version_after)
                for a in stored] == [(1, seat, engine.format_action(action),
                                      engine.action_to_dict(action), 0, 1)]
        logged = db.session.scalars(
            select(Event).where(Event.game_id == made.id).order_by(Event.seq)).all()
        assert [(e.seq, e.version, e.action_seq, e.type, e.data) for e in logged] == [
            (i, 1, 1, data["type"], data) for i, data in enumerate(transition.events, start=1)]
        db.session.expire_all()
        game = db.session.get(Game, made.id)
        assert (game.version, game.action_count, game.event_count) == (1, 1, len(events))
        assert game.state == engine.state_to_dict(transition.state, stored=True)


def test_a_write_against_an_old_version_writes_nothing(app: Flask, client: FlaskClient) -> None:
    made = create_game(client)
    with app.app_context():
        game = db.session.get(Game, made.id)
        action, seat, transition = _transition(game)
        # Another change moves the row on (Core, so the loaded object keeps version 0).
        db.session.connection().execute(update(Game.__table__).where(Game.id == made.id)
                                        .values(version=Game.version + 1))
        with pytest.raises(StaleWrite):
            save_transition(db.session, game, transition, utcnow(), action, seat)
        for model in (Action, Event):
            assert db.session.scalar(select(func.count()).select_from(model)
                                     .where(model.game_id == made.id)) == 0
        db.session.rollback()


def test_the_monster_phase_logs_its_events_without_an_action(app: Flask,
                                                            client: FlaskClient) -> None:
    made = create_game(client)
    play_until(app, client, made, "monster")
    with app.app_context():
        before = db.session.scalar(select(func.count()).select_from(Event)
                                   .where(Event.game_id == made.id))
        db.session.rollback()
    assert run_monster_jobs(app) == 1
    with app.app_context():
        game = db.session.get(Game, made.id)
        monster = db.session.scalars(select(Event).where(Event.game_id == made.id,
                                                         Event.seq > before)).all()
        assert monster and {e.action_seq for e in monster} == {None}
        assert [e.seq for e in monster] == list(range(before + 1, game.event_count + 1))
        assert {e.version for e in monster} == {game.version}


def test_a_submission_reads_once_and_writes_once_on_postgresql(app: Flask,
                                                               client: FlaskClient) -> None:
    made = create_game(client, seats=[{"name": "Ada"}, {"name": "Bo"}])  # no emails to write
    view = client.get(made.url(), headers=auth(made.seat_tokens[0])).get_json()
    with statements_run(app) as statements:
        response = submit(client, made, 0, view["version"], action=a_legal_action(view))
    assert response.status_code == 201, response.get_data(as_text=True)
    if is_postgresql(app):
        # The game, the token, the seats and the webhook question; then the row, the action and
        # the events in one statement.
        assert statements == ["SELECT", "WITH"]
    else:
        assert statements == ["BEGIN", "SELECT", "UPDATE", "INSERT", "INSERT"]


def test_a_read_of_a_game_is_one_query(app: Flask, client: FlaskClient) -> None:
    made = create_game(client)
    assert client.get(made.url(), headers=auth(made.seat_tokens[1])).status_code == 200
    with statements_run(app) as statements:  # the seat's activity is fresh: nothing to write
        response = client.get(made.url(), headers=auth(made.seat_tokens[1]))
    assert response.status_code == 200
    def names(view: dict[str, Any]) -> list[tuple[int, str, str]]:
        return [(s["seat"], s["name"], s["colour"]) for s in view["seats"]]

    assert names(response.get_json()) == names(made.body["game"])
    # The game, the token, the seats and the seat's last read, in one query.
    assert statements == (["SELECT"] if is_postgresql(app) else ["BEGIN", "SELECT"])


def test_a_monster_phase_reads_once_and_writes_once(app: Flask, client: FlaskClient) -> None:
    made = create_game(client, seats=[{"name": "Ada"}, {"name": "Bo"}])
    play_until(app, client, made, "monster")
    with statements_run(app) as statements:
        assert run_monster_jobs(app) == 1
    # The job's query, then the monster phase: (on PostgreSQL its transaction's own idle
    # limit, set_config), the game, its seats and the webhook question; the write; then
    # marking the job done.
    if is_postgresql(app):
        assert statements == ["SELECT", "SELECT", "SELECT", "WITH", "UPDATE"]
    else:
        assert statements == ["BEGIN", "SELECT", "BEGIN", "SELECT", "UPDATE", "INSERT", "BEGIN",
                              "UPDATE"]


def test_a_read_ends_in_commit_on_postgresql_and_in_rollback_on_sqlite(
        app: Flask, client: FlaskClient) -> None:
    made = create_game(client)
    assert client.get(made.url(), headers=auth(made.seat_tokens[1])).status_code == 200
    ends: list[str] = []
    with app.app_context():
        engine_ = db.engine
    listeners = {name: (lambda conn, name=name: ends.append(name)) for name in ("commit",
                                                                                 "rollback")}
    for name, listener in listeners.items():
        event.listen(engine_, name, listener)
    try:
        assert client.get(made.url(), headers=auth(made.seat_tokens[1])).status_code == 200
    finally:
        for name, listener in listeners.items():
            event.remove(engine_, name, listener)
    # psycopg forgets every prepared statement of a connection at a ROLLBACK.
    assert ends == (["commit"] if is_postgresql(app) else ["rollback"])


@contextmanager
def postgres_app(postgres_url: str, **overrides: Any) -> Iterator[Flask]:
    """Yield an app of its own on the session's PostgreSQL database; empty it afterwards."""
    app = create_app(app_config(postgres_url, **overrides))
    try:
        yield app
    finally:
        wipe(app)
        dispose(app)


def test_a_read_transaction_refuses_writes_on_postgresql(postgres_url: str) -> None:
    with postgres_app(postgres_url) as app:
        made = create_game(app.test_client())
        with app.app_context():
            with pytest.raises(exc.DBAPIError, match="read-only transaction"), \
                    read_transaction() as session:
                session.execute(update(Game).where(Game.id == made.id).values(version=99))
            assert db.session.get(Game, made.id).version == 0
            db.session.rollback()


def test_reads_and_pings_keep_the_connection_s_prepared_statements_on_postgresql(
        postgres_url: str) -> None:
    # One pooled connection: every request uses it, and pings it first. psycopg prepares a
    # statement the sixth time it runs on a connection, and forgets them all at a ROLLBACK.
    with postgres_app(postgres_url, DATABASE_POOL_SIZE=1, DATABASE_PING_AFTER=0) as app:
        client = app.test_client()
        made = create_game(client)
        for _ in range(8):
            assert client.get(made.url(), headers=auth(made.seat_tokens[1])).status_code == 200
        with app.app_context():
            prepared = db.session.scalars(text("SELECT statement FROM pg_prepared_statements"))
            reads = [s for s in prepared if s.startswith("SELECT games.id")]
            db.session.commit()
        assert len(reads) == 1


def test_the_records_have_the_columns_of_their_tables() -> None:
    assert [f.name for f in fields(GameRecord)] == list(table_of(Game).c.keys())
    assert [f.name for f in fields(SeatRecord)] == list(table_of(Seat).c.keys())


def test_a_session_left_idle_inside_a_transaction_is_ended_and_frees_its_locks(
    postgres_url: str,
) -> None:
    # A host cut off in the middle of a transaction sends nothing more: PostgreSQL ends its
    # session after DATABASE_IDLE_IN_TRANSACTION_SECONDS, so its row locks do not hold the
    # game's next changes for the hours TCP takes to notice (the drill found this).
    with postgres_app(postgres_url, DATABASE_IDLE_IN_TRANSACTION_SECONDS=1) as app:
        upgrade(app)  # whichever test runs first
        made = create_game(app.test_client())
        with app.app_context():
            lost = db.engine.connect()
            lost.begin()
            lost.execute(select(Game.version).where(Game.id == made.id).with_for_update())
            started = time.monotonic()
            with db.engine.connect() as other, other.begin():
                other.execute(select(Game.version).where(Game.id == made.id)
                              .with_for_update())
            waited = time.monotonic() - started
            with pytest.raises(exc.DBAPIError, match="idle-in-transaction timeout"):
                lost.execute(select(Game.version))
            lost.invalidate()
            lost.close()
    assert 0.5 < waited < 10


def test_a_transaction_may_set_a_shorter_idle_limit_for_itself_alone(postgres_url: str) -> None:
    # The monster phase's transaction (milliseconds long) frees a cut-off worker's locks in
    # MONSTER_PHASE_IDLE_SECONDS; every other transaction keeps the connection's limit.
    with postgres_app(postgres_url, DATABASE_IDLE_IN_TRANSACTION_SECONDS=60) as app:
        upgrade(app)
        made = create_game(app.test_client())
        show = text("SHOW idle_in_transaction_session_timeout")
        with app.app_context():
            with write_transaction(0.5) as session:
                assert session.scalar(show) == "500ms"
            with write_transaction() as session:
                assert session.scalar(show) == "1min"  # SET LOCAL: gone with its transaction
            started = time.monotonic()
            with pytest.raises(exc.DBAPIError, match="idle-in-transaction timeout"), \
                    write_transaction(0.5) as session:
                session.execute(select(Game.version).where(Game.id == made.id)
                                .with_for_update())
                time.sleep(1.5)  # a worker cut off: nothing more comes
                session.execute(select(Game.version))
            db.session.remove()
            with db.engine.connect() as other, other.begin():  # the row is free again
                other.execute(select(Game.version).where(Game.id == made.id).with_for_update())
            assert time.monotonic() - started < 10
