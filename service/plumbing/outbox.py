"""The outbox: jobs written in the same transaction as the change that calls for them.

:func:`add` writes a row in the caller's transaction (a second row with the same
``dedupe_key`` is silently not written). Nothing is sent from here: after the transaction
commits, the ids of the new rows go to the publishers registered with
:func:`register_publisher` (``worker.celery_app`` registers one that enqueues the Celery
task draining the outbox); a periodic sweep picks up whatever a publisher missed.

A row is ``pending`` until a relay claims it (``sending``), then ``sent``, back to
``pending`` for a retry, or ``failed``: its life is ``service.plumbing.outbox_lifecycle``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import Flask, current_app
from sqlalchemy import JSON, Index, Insert, Integer, String, Text, bindparam
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, Session, mapped_column

from service.plumbing import sealing
from service.plumbing.columns import ID, UTCDateTime, utcnow
from service.plumbing.extensions import Base, table_of
from service.plumbing.request_ids import current_request_id

MONSTER_PHASE = "monster_phase"
EMAIL = "email"
WEBHOOK = "webhook"
LOST_LINKS = "lost_links"
PUSH = "push"

PENDING = "pending"
SENDING = "sending"
SENT = "sent"
FAILED = "failed"
DONE = (SENT, FAILED)

class Outbox(Base):
    """A job written in the same transaction as the change that calls for it.

    The worker claims ``pending`` rows whose ``next_attempt_at`` has come with a conditional
    UPDATE (Healthchecks' pattern); ``dedupe_key`` makes writing the same job twice a no-op.
    """

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_status_next_attempt_at", "status", "next_attempt_at"),
                      Index("ix_outbox_status_created_at", "status", "created_at"))

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(32))  # monster_phase, email, webhook
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    dedupe_key: Mapped[str] = mapped_column(String(200), unique=True)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    claimed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    request_id: Mapped[str | None] = mapped_column(String(64))  # the request that wrote it


Publisher = Callable[[list[int]], None]

_NEW_IDS = "ff_outbox_new_ids"
_PUBLISHERS = "ff_outbox_publishers"


def add(session: Session, kind: str, payload: dict[str, Any], dedupe_key: str,
        not_before: datetime | None = None) -> int | None:
    """Write an outbox row in the session's transaction; return its id (None: a duplicate).
    The row is due at once, or at ``not_before``."""
    now = utcnow()
    row_id = session.execute(_insert_once(session.get_bind().dialect.name), {
        "kind": kind, "payload": payload, "dedupe_key": dedupe_key, "status": PENDING,
        "attempts": 0, "next_attempt_at": not_before or now, "created_at": now,
        "request_id": current_request_id(),
    }).scalar_one_or_none()
    if row_id is not None:
        session.info.setdefault(_NEW_IDS, []).append(row_id)
    return row_id


@functools.cache
def _insert_once(dialect: str) -> Insert:
    """Build the INSERT of :func:`add` for a dialect once (building it cost more than running
    it, on the path of every move that ends a figure phase)."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    table = table_of(Outbox)
    names = ("kind", "payload", "dedupe_key", "status", "attempts", "next_attempt_at",
             "created_at", "request_id")
    return (insert(table)
            .values({name: bindparam(name, type_=table.c[name].type) for name in names})
            .on_conflict_do_nothing(index_elements=["dedupe_key"])
            .returning(table.c.id))


def monster_phase_job(session: Session, game_id: str, version: int) -> int | None:
    """Write the job "resolve the monster phase of ``game_id`` at ``version``"."""
    return add(session, MONSTER_PHASE, {"game_id": game_id, "version": version},
               f"monster:{game_id}:{version}")


def email_job(session: Session, to: str, subject: str, text: str, dedupe_key: str, *,
              html: str | None = None, reply_to: str | None = None,
              headers: dict[str, str] | None = None, game_id: str | None = None,
              seat: int | None = None, topic: str | None = None,
              thread: str | None = None, not_before: datetime | None = None,
              superseded_by: str | None = None) -> int | None:
    """Write the job "send this email": plain text, and with ``html`` an HTML alternative.

    ``reply_to`` sets Reply-To; ``headers`` adds headers ``worker.mail.message`` allows
    (List-Unsubscribe ...). ``game_id``, ``seat`` and ``topic`` (``turn``, ``monster``,
    ``over``, ``digest``, ``invite``, a reply's kind ...) say whom and what it is about: a
    seat's deliveries are listed by them. The job's Message-ID derives from ``dedupe_key``.
    ``not_before`` holds the mail back until then; ``superseded_by`` is a prefix of dedupe
    keys: when an email whose key starts so is written after this one, this one is not sent
    (a confirmation that the mail it waited for made useless).
    The links' tokens and the reply address's token are sealed (``service.plumbing.sealing``): the
    row never holds them in clear.
    """
    payload: dict[str, Any] = {"to": to, "subject": subject, "text": text}
    optional = {"html": html, "reply_to": reply_to, "headers": headers, "game_id": game_id,
                "seat": seat, "topic": topic, "thread": thread, "superseded_by": superseded_by}
    payload.update({key: value for key, value in optional.items() if value is not None})
    return add(session, EMAIL, sealing.seal(payload), dedupe_key, not_before)


def register_publisher(app: Flask, publisher: Publisher) -> None:
    """Call ``publisher(ids)`` after each commit that wrote outbox rows, in ``app``."""
    app.extensions.setdefault(_PUBLISHERS, []).append(publisher)


def publish_after_commit(session: Session) -> None:
    """Hand the ids of the rows written in the committed transaction to the publishers."""
    ids = session.info.pop(_NEW_IDS, [])
    if not ids:
        return
    for publisher in current_app.extensions.get(_PUBLISHERS, []):
        try:
            publisher(list(ids))
        except Exception:
            # The change is committed and the rows are safe in the outbox: the periodic
            # sweep sends them. Failing the request now would make the client retry a
            # change that already happened.
            current_app.logger.exception("outbox publisher failed for rows %s", ids)


def forget_unpublished(session: Session) -> None:
    """Drop the ids of rows written in a transaction that was rolled back."""
    session.info.pop(_NEW_IDS, None)
