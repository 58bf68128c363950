"""Transactions of the service layer: each service call runs in one and commits it once.

A write transaction takes the write lock at its start on SQLite (``BEGIN IMMEDIATE``, see
``service.plumbing.extensions``); on PostgreSQL the conditional UPDATE of a game row is what orders
concurrent writers. After a successful commit, and never before, the outbox rows written in
the transaction are handed to the app's outbox publishers (``service.plumbing.outbox``), and the
games it changed to the app's listeners (``service.plumbing.signals``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from sqlalchemy import CursorResult, Result, func, select
from sqlalchemy.orm import Session

from service.plumbing import outbox, signals
from service.plumbing.extensions import WRITE, db


@contextmanager
def write_transaction(idle_seconds: float | None = None) -> Iterator[Session]:
    """Yield the session in a new write transaction; commit at the end, roll back on error.

    It must be the first use of the session in the request: the write lock is taken when the
    transaction begins. ``idle_seconds``: on PostgreSQL, the server ends the session when
    this transaction waits that long between two statements (``SET LOCAL``, this transaction
    only), so that a host cut off in the middle of it frees its row locks that soon; None
    keeps the connection's (``DATABASE_IDLE_IN_TRANSACTION_SECONDS``).
    """
    session = db.session()  # the session of this app context (db.session forwards to it)
    connection = session.connection(execution_options={WRITE: True})
    try:
        if idle_seconds is not None and connection.dialect.name == "postgresql":
            session.execute(select(func.set_config("idle_in_transaction_session_timeout",
                                                   str(round(idle_seconds * 1000)), True)))
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        outbox.forget_unpublished(session)
        signals.forget(session)
        raise
    outbox.publish_after_commit(session)
    signals.announce_after_commit(session)


# The execution option that begins a PostgreSQL transaction as READ ONLY.
READ_ONLY = {"postgresql_readonly": True}


@contextmanager
def read_transaction() -> Iterator[Session]:
    """Yield the session for reading; end the transaction without writing anything.

    On PostgreSQL the transaction is ``READ ONLY`` (the server refuses any write in it) and
    ends with COMMIT: psycopg forgets every statement it prepared on the connection at each
    ROLLBACK, and reads ending in ROLLBACK had the next statements parsed and planned anew.
    On SQLite it ends with ROLLBACK, as it cannot be made read-only.
    """
    session = db.session()
    read_only = session.get_bind().dialect.name == "postgresql"
    if read_only:
        session.connection(execution_options=READ_ONLY)
    try:
        yield session
    except BaseException:
        session.rollback()
        raise
    if read_only:
        session.commit()
    else:
        session.rollback()


def rows_changed(result: Result[Any]) -> int:
    """Return how many rows an UPDATE or DELETE changed (its cursor's ``rowcount``)."""
    return cast(CursorResult[Any], result).rowcount
