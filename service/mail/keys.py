"""The signed parts of email links: a seat's mail link token and its unsubscribe token.

Both are HMAC-SHA256 of the game and seat under the app's ``SECRET_KEY``, so any process
with the key computes the same link again and nothing secret is stored in clear: the mail
link's token is stored hashed like every other token (purpose ``mail``); the unsubscribe
token is checked by computing it again. Without a configured key, a random one is made
once and kept in the instance folder, which the web and worker processes of a local run
share.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from flask import current_app
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.auth import SEAT
from service.links.urls import play_link
from service.models import Token, utcnow
from service.tokens import hash_secret, is_game_id

KEY_FILE = "secret_key"
MAIL = "mail"  # Token.purpose of a seat's mail link
_CACHE = "ff_secret_key"
_SIGNATURE_LENGTH = 22  # 132 bits of the HMAC, url-safe


def secret_key() -> bytes:
    """Return the app's signing key: ``SECRET_KEY``, else the instance folder's key file."""
    app = current_app
    if _CACHE not in app.extensions:
        configured = app.config.get("SECRET_KEY")
        key = str(configured).encode() if configured else _instance_key(Path(app.instance_path))
        app.extensions[_CACHE] = key
    return app.extensions[_CACHE]


def _instance_key(folder: Path) -> bytes:
    """Read the key file, or make it (exclusively, so two processes agree on one key)."""
    path = folder / KEY_FILE
    folder.mkdir(parents=True, exist_ok=True)
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_bytes().strip()
    key = secrets.token_urlsafe(32).encode()
    with os.fdopen(handle, "wb") as file:
        file.write(key)
    return key


def _sign(purpose: str, game_id: str, seat: int) -> str:
    digest = hmac.new(secret_key(), f"{purpose}:{game_id}:{seat}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).decode().rstrip("=")


def mail_link(session: Session, game_id: str, seat: int) -> str:
    """Return the seat's link for emails, storing its token's hash if it is not there yet."""
    token = _sign("mail-link", game_id, seat)
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    session.execute(
        insert(Token)
        .values(hash=hash_secret(token), game_id=game_id, kind=SEAT, seat=seat, purpose=MAIL,
                created_at=utcnow())
        .on_conflict_do_nothing(index_elements=["hash"])
    )
    return play_link(game_id, token)


def unsubscribe_token(game_id: str, seat: int) -> str:
    """Return the token of the seat's unsubscribe link: ``<game id>.<seat>.<signature>``."""
    return f"{game_id}.{seat}.{_sign('unsubscribe', game_id, seat)[:_SIGNATURE_LENGTH]}"


def read_unsubscribe_token(token: str) -> tuple[str, int] | None:
    """Return the game and seat of a genuine unsubscribe token, None for any other text."""
    game_id, _, rest = token.partition(".")
    seat_text, _, signature = rest.partition(".")
    if not (is_game_id(game_id) and seat_text.isdigit() and len(seat_text) <= 2):
        return None
    expected = unsubscribe_token(game_id, int(seat_text)).rpartition(".")[2]
    if not hmac.compare_digest(expected.encode(), signature.encode()):
        return None
    return game_id, int(seat_text)
