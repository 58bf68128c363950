"""Idempotent submissions: a retried request gets the first response; the change happens once.

A request with an ``Idempotency-Key`` header is remembered, per game and caller, with a
fingerprint of its body and the response it got; the record is written in the same
transaction as the change, so it exists exactly when the change does.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from service.errors import ApiError
from service.models import IdempotencyRecord, utcnow
from service.tokens import hash_secret


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
    """Return the record of an earlier request with this key, if any."""
    return session.get(IdempotencyRecord, (game_id, token_hash, hash_secret(key)))


def replay(record: IdempotencyRecord, body_fingerprint: str) -> Reply:
    """Return the remembered response, or refuse a key reused for another request body."""
    if record.fingerprint != body_fingerprint:
        raise ApiError("idempotency/key_reused",
                       "This Idempotency-Key was used for a different request; use a new key "
                       "for each new submission.", 422)
    return Reply(record.status_code, record.body, replayed=True)


def remember(session: Session, game_id: str, token_hash: str, key: str,
             body_fingerprint: str, reply: Reply) -> None:
    """Store the response to a request with a key, in the transaction of its change."""
    session.add(IdempotencyRecord(
        game_id=game_id, token_hash=token_hash, key_hash=hash_secret(key),
        fingerprint=body_fingerprint, status_code=reply.status, body=reply.body,
        created_at=utcnow(),
    ))
