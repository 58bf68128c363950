"""Secrets handed out by the service: game ids, bearer tokens, invite codes; and their hashes.

Tokens and invite codes are 32 random bytes, url-safe; only their SHA-256 is stored. A game
id is 16 random bytes (22 url-safe characters): unguessable, and checked by pattern before
any query, so malformed ids never reach the database.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from flask import request

TOKEN_BYTES = 32
GAME_ID_BYTES = 16
GAME_ID_PATTERN = r"^[A-Za-z0-9_-]{22}$"
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,128}$"

_GAME_ID = re.compile(GAME_ID_PATTERN)
_TOKEN = re.compile(TOKEN_PATTERN)


def new_token() -> str:
    """Return a fresh bearer token or invite code (43 url-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_game_id() -> str:
    """Return a fresh, unguessable game id (22 url-safe characters)."""
    return secrets.token_urlsafe(GAME_ID_BYTES)


def hash_secret(secret: str) -> str:
    """Return the SHA-256 (hex) under which a token or code is stored."""
    return hashlib.sha256(secret.encode()).hexdigest()


def is_game_id(text: str) -> bool:
    """True when ``text`` has the form of a game id (it may still name no game)."""
    return bool(_GAME_ID.fullmatch(text))


def is_token(text: str) -> bool:
    """True when ``text`` has the form of a token or invite code."""
    return bool(_TOKEN.fullmatch(text))


def bearer_token() -> str | None:
    """Return the token of ``Authorization: Bearer <token>``, or None if absent or malformed."""
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not is_token(token):
        return None
    return token
