"""The embedded broker of a local run: kombu's SQLAlchemy transport, looked at more often.

kombu's virtual transports wait ``polling_interval`` seconds (1 s by default) between two
looks at an empty queue, so under ``make run`` every outbox job (the monster's turn, a
computer's move, a mail) waited half a second on average before a worker saw it. The
interval is a transport option, but the SQLAlchemy transport hands every option it does not
know to SQLAlchemy's ``create_engine``, which refuses ``polling_interval``; so the interval is
a class attribute of a transport made for it (:func:`embedded_transport`), named to Celery by
``broker_transport`` with the URL's ``sqla+`` prefix taken off. A look is one small query on
the broker's own SQLite file (not the game's database): at 50 ms the worker's main process
costs about 2% of one core at 100 ms (4% at 50 ms), against a wait of half a second
(``bench/local_latency.py``).

kombu's channel also creates a queue's row on first use and takes only an ``OperationalError``
as "another process made it first"; on a fresh broker file the worker, the beat and the web
process race for it, and the loser's ``IntegrityError`` stopped the worker, and with it
``make run``. :class:`EmbeddedChannel` reads the row the winner made instead.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import sqlalchemy
from sqlalchemy.exc import IntegrityError

EMBEDDED_PREFIX = "sqla+"


class EmbeddedChannel(sqlalchemy.Channel):
    """kombu's SQLAlchemy channel, which survives losing the race to create a queue."""

    def _get_or_create(self, queue: str) -> Any:
        try:
            return super()._get_or_create(queue)  # type: ignore[no-untyped-call]
        except IntegrityError:  # another process created it between look and insert
            self.session.rollback()
            return super()._get_or_create(queue)  # type: ignore[no-untyped-call]


class EmbeddedTransport(sqlalchemy.Transport):
    """kombu's SQLAlchemy transport; :func:`embedded_transport` sets how often it looks."""

    Channel = EmbeddedChannel


def embedded_transport(poll_seconds: float) -> type[EmbeddedTransport]:
    """Return a SQLAlchemy transport that looks at an empty queue every ``poll_seconds``."""
    return type("EmbeddedTransport", (EmbeddedTransport,), {"polling_interval": poll_seconds})


def is_embedded(broker_url: str) -> bool:
    """Return whether ``broker_url`` is the SQLAlchemy transport (no broker server)."""
    return broker_url.startswith(EMBEDDED_PREFIX)


def database_url(broker_url: str) -> str:
    """Return the database URL of an embedded broker's ``sqla+`` URL."""
    return broker_url.removeprefix(EMBEDDED_PREFIX)
