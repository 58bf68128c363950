"""Tickets that open a game's live stream from a page.

A browser's ``EventSource`` sends no ``Authorization`` header, and the page keeps its token in
the address's fragment, which no server ever sees. So the page trades its token for a ticket
(``POST /api/v1/games/<id>/live``) and opens the stream with ``?ticket=...``. A ticket is
``<expiry>.<token hash prefix>.<signature>``: it names the token it was made for by the
first 16 hex digits of that token's SHA-256 (never the token), expires, and is an HMAC under
the app's secret key (``service.plumbing.keyring``) of the game, the whole hash and the expiry. It
opens nothing but the stream, and nothing once its token is retired (a seat handed to a new
player): the token's row must still be there when the stream opens. An address with a
ticket may end up in a proxy's log; it is worth no more than the stream's version numbers.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.kernel.auth import Caller
from service.kernel.models import Token
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.keyring import secret_key, secret_keys

PREFIX = 16  # hex digits of the token hash a ticket carries
_SIGNATURE = 32  # url-safe characters of the HMAC kept (192 bits)


def _sign(game_id: str, token_hash: str, expires: int, key: bytes) -> str:
    digest = hmac.new(key, f"live:{game_id}:{token_hash}:{expires}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).decode()[:_SIGNATURE]


def issue(game_id: str, token_hash: str, now: datetime, lifetime: timedelta) -> tuple[str,
                                                                                      datetime]:
    """Return a ticket for the token whose hash is ``token_hash``, and when it expires."""
    expires = int((now + lifetime).timestamp())
    ticket = f"{expires}.{token_hash[:PREFIX]}.{_sign(game_id, token_hash, expires, secret_key())}"
    return ticket, datetime.fromtimestamp(expires, now.tzinfo)


def invalid(message: str) -> ServiceError:
    """Return the refusal of a ticket that does not open the stream, saying why."""
    return ServiceError("live/invalid_ticket", message, headers={"WWW-Authenticate": "Bearer"})


def caller_of(session: Session, game_id: str, ticket: str, now: datetime) -> Caller:
    """Return who a ticket was made for, or raise ``live/invalid_ticket`` (401)."""
    expires_text, _dot, rest = ticket.partition(".")
    prefix, _dot, signature = rest.partition(".")
    if not (expires_text.isdigit() and len(expires_text) <= 12 and len(prefix) == PREFIX
            and all(c in "0123456789abcdef" for c in prefix) and len(signature) == _SIGNATURE):
        raise invalid(_("This live-update ticket is not one the service made; ask for a new "
                        "one (POST /api/v1/games/<id>/live)."))
    expires = int(expires_text)
    if expires <= now.timestamp():
        raise invalid(_("This live-update ticket has expired; ask for a new one "
                        "(POST /api/v1/games/<id>/live)."))
    rows = session.execute(select(Token.hash, Token.kind, Token.seat).where(
        Token.game_id == game_id, Token.hash.startswith(prefix, autoescape=True))).all()
    for row in rows:
        for key in secret_keys():
            if hmac.compare_digest(_sign(game_id, row.hash, expires, key), signature):
                return Caller(row.kind, row.seat, row.hash)
    raise invalid(_("This live-update ticket does not open this game (or its link was "
                    "replaced); ask for a new one (POST /api/v1/games/<id>/live)."))
