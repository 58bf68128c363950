"""Idempotent submissions: a retried request gets the first response; the change happens once.

A request with an ``Idempotency-Key`` header is remembered, per game and caller, with a
fingerprint of its body and the response it got; the record is written in the same
transaction as the change, so it exists exactly when the change does. A record is replayed
for ``IDEMPOTENCY_KEY_HOURS`` (24); after that the key is free again, and beat prunes it
(``service.retention``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from flask import current_app
from sqlalchemy import JSON, ForeignKey, Integer, String, delete
from sqlalchemy.orm import Mapped, Session, mapped_column

from service.plumbing.columns import HASH_LENGTH, UTCDateTime, utcnow
from service.plumbing.errors import ServiceError
from service.plumbing.extensions import Base
from service.plumbing.i18n import _
from service.plumbing.tokens import hash_secret


class IdempotencyRecord(Base):
    """The response to a request made with an ``Idempotency-Key``, to replay on a retry.

    Keyed by the game, the caller's token hash and the key's hash; ``fingerprint`` is the
    SHA-256 of the request body, so the same key with another body can be refused.
    """

    __tablename__ = "idempotency_keys"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(HASH_LENGTH))
    status_code: Mapped[int] = mapped_column(Integer)
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)


@dataclass(frozen=True, slots=True)
class Reply:
    """A response decided by the service layer: status, JSON body, and whether replayed."""

    status: int
    body: dict[str, Any]
    replayed: bool = False


def fingerprint(body: Mapping[str, Any]) -> str:
    """Return the SHA-256 of a request body in canonical JSON (key order does not matter)."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def find(session: Session, game_id: str, token_hash: str, key: str) -> IdempotencyRecord | None:
    """Return the record of an earlier request with this key, if any within the window."""
    record = session.get(IdempotencyRecord, (game_id, token_hash, hash_secret(key)))
    if record is None or record.created_at < utcnow() - _window():
        return None
    return record


def replay(record: IdempotencyRecord, body_fingerprint: str) -> Reply:
    """Return the remembered response, or refuse a key reused for another request body."""
    if record.fingerprint != body_fingerprint:
        raise ServiceError("idempotency/key_reused",
                           _("This Idempotency-Key was used for a different request; use a new "
                             "key for each new submission."))
    return Reply(record.status_code, record.body, replayed=True)


def remember(session: Session, game_id: str, token_hash: str, key: str,
             body_fingerprint: str, reply: Reply) -> None:
    """Store the response to a request with a key, in the transaction of its change (over
    an expired record of the same key, not yet pruned)."""
    key_hash = hash_secret(key)
    session.execute(delete(IdempotencyRecord).where(
        IdempotencyRecord.game_id == game_id, IdempotencyRecord.token_hash == token_hash,
        IdempotencyRecord.key_hash == key_hash,
        IdempotencyRecord.created_at < utcnow() - _window()))
    session.add(IdempotencyRecord(
        game_id=game_id, token_hash=token_hash, key_hash=key_hash,
        fingerprint=body_fingerprint, status_code=reply.status, body=reply.body,
        created_at=utcnow(),
    ))


def window(config: Mapping[str, Any]) -> timedelta:
    """Return how long a record is replayed: ``IDEMPOTENCY_KEY_HOURS``."""
    return timedelta(hours=float(config["IDEMPOTENCY_KEY_HOURS"]))


def _window() -> timedelta:
    return window(current_app.config)
