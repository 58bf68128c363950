"""Tokens derived from the app's key rather than drawn at random, stored hashed on first use.

A derived token is an HMAC-SHA256 of what it is for, the game and the seat under the app's
``SECRET_KEY`` (``service.plumbing.keyring``): any process with the key computes the same token
again, so a link can be written without being kept anywhere. Where the token must also open the
game (a link, not just a signature), its hash goes into ``tokens`` like any other token's,
the first time it is handed out (:func:`store_once`). Used by a seat's mail link
(``service.features.mail.keys``) and the spectator link of chat messages
(``service.features.webhooks``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.kernel.models import Token
from service.plumbing.columns import utcnow
from service.plumbing.keyring import secret_key
from service.plumbing.tokens import hash_secret


def sign(purpose: str, game_id: str, seat: int | None, key: bytes | None = None) -> str:
    """Return the token for ``purpose`` of the game's ``seat`` (None: the game's), signed
    with ``key`` (by default the current one): url-safe, unpadded."""
    digest = hmac.new(key or secret_key(), f"{purpose}:{game_id}:{seat}".encode(),
                      hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).decode().rstrip("=")


def store_once(session: Session, token: str, game_id: str, kind: str, seat: int | None,
               purpose: str) -> None:
    """Store the hash of a derived token in ``tokens``, unless it is there already."""
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    session.execute(
        insert(Token)
        .values(hash=hash_secret(token), game_id=game_id, kind=kind, seat=seat,
                purpose=purpose, created_at=utcnow())
        .on_conflict_do_nothing(index_elements=["hash"])
    )
