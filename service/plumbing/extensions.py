"""The database extension, shared by every app: ``db`` and the SQLite connection settings.

flask-smorest's ``Api`` and Flask-Limiter's ``Limiter`` keep per-app state, so ``create_app``
makes one of each per app (``service.plumbing.api``, ``service.plumbing.limits``); ``db`` serves any
number of apps.
"""

from __future__ import annotations

import time
from typing import Any, cast

from flask import Flask
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import Connection, Engine, MetaData, Table, event, exc
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import DeclarativeBase, Session

# Stable constraint names, so migrations can name what they alter or drop.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

WRITE = "ff_write"
"""Execution option set by a write transaction: on SQLite it begins with ``BEGIN IMMEDIATE``."""

SQLITE_BUSY_TIMEOUT_MS = 10_000


class Base(DeclarativeBase):
    """Base of the models, with the naming convention above."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def table_of(model: type[Base]) -> Table:
    """Return the table of a mapped class (typed as the ``Table`` it is)."""
    return cast(Table, model.__table__)


db = SQLAlchemy(model_class=Base)


def upsert(session: Session, model: type[Base]) -> postgresql.Insert | sqlite.Insert:
    """Return an INSERT into ``model``'s table in the session's database's own dialect, the
    one that takes ``on_conflict_do_nothing`` / ``on_conflict_do_update`` (PostgreSQL's or
    SQLite's: both write ``INSERT ... ON CONFLICT``)."""
    if session.get_bind().dialect.name == "postgresql":
        return postgresql.insert(model)
    return sqlite.insert(model)


def init_db(app: Flask) -> None:
    """Bind ``db`` to ``app``; give SQLite engines WAL, a busy timeout and write locks, and
    PostgreSQL engines a ping of connections that were idle."""
    db.init_app(app)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            configure_sqlite(db.engine)
        elif db.engine.dialect.name == "postgresql":
            ping_idle_connections(db.engine, float(app.config["DATABASE_PING_AFTER"]))


def ping_idle_connections(engine: Engine, idle_seconds: float) -> None:
    """Ping a pooled connection before use only when it was idle for over ``idle_seconds``.

    SQLAlchemy's ``pool_pre_ping`` pings on every checkout: a round trip more on every request.
    A connection idle for a while is the one likely to be dead (a database restart, a proxy's
    idle timeout); a dead one is replaced here, unseen by the request. A connection that dies
    while in steady use fails the statement it runs instead: SQLAlchemy then discards the
    process's other pooled connections, and the request is answered 503
    ``server/database_unavailable`` (``service.plumbing.errors``), to be retried.
    """

    @event.listens_for(engine, "connect")
    @event.listens_for(engine, "checkin")
    def _on_checkin(dbapi_connection: Any, connection_record: Any) -> None:
        connection_record.info[_LAST_USED] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _on_checkout(dbapi_connection: Any, connection_record: Any,
                     connection_proxy: Any) -> None:
        last_used = connection_record.info.get(_LAST_USED)
        if last_used is not None and time.monotonic() - last_used <= idle_seconds:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
            dbapi_connection.rollback()  # no round trip when no transaction began
        except Exception as error:  # dead: the pool opens a new connection and checks again
            raise exc.DisconnectionError(str(error)) from error


_LAST_USED = "ff_last_used"


def configure_sqlite(engine: Engine) -> None:
    """Make SQLite behave under concurrent requests.

    WAL lets readers run beside a writer; the busy timeout makes a writer wait for the lock
    instead of failing. pysqlite's own transaction handling is turned off so that each
    transaction begins with our ``BEGIN``: a write transaction takes the write lock at once
    (``BEGIN IMMEDIATE``), so it never reads a version that another writer is about to
    replace and then fails to upgrade its lock (SQLAlchemy's documented pysqlite recipe).
    """

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, connection_record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        for pragma in (
            "journal_mode=WAL",
            f"busy_timeout={SQLITE_BUSY_TIMEOUT_MS}",
            "foreign_keys=ON",
            "synchronous=NORMAL",
        ):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        write = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
