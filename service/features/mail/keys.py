"""The signed parts of email links: a seat's mail link token and its unsubscribe token.

Both are derived from the game and seat under the app's ``SECRET_KEY``
(``service.kernel.derived_tokens``), so any process with the key computes the same link again and
nothing secret is stored in clear: the mail link's token is stored hashed like every other
token (purpose ``mail``); the unsubscribe token is checked by computing it again, with the
current key or an old one (``SECRET_KEY_OLD``), so links in emails sent before a rotation
still work.
"""

from __future__ import annotations

import hmac

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.kernel.auth import SEAT
from service.kernel.derived_tokens import sign, store_once
from service.kernel.models import Seat
from service.kernel.urls import play_link
from service.plumbing.keyring import secret_keys
from service.plumbing.tokens import is_game_id

MAIL = "mail"  # Token.purpose of a seat's mail link
_SIGNATURE_LENGTH = 22  # 132 bits of the HMAC, url-safe


def mail_link(session: Session, game_id: str, seat: int) -> str:
    """Return the seat's link for emails, storing its token's hash if it is not there yet.

    A seat handed to a new player (``Seat.replaced_at``) gets another link: the one in the
    old player's emails stays retired.
    """
    replaced = session.scalar(select(Seat.replaced_at).where(Seat.game_id == game_id,
                                                             Seat.seat == seat))
    purpose = "mail-link" if replaced is None else f"mail-link@{int(replaced.timestamp())}"
    token = sign(purpose, game_id, seat)
    store_once(session, token, game_id, SEAT, seat, MAIL)
    return play_link(game_id, token)


def unsubscribe_token(game_id: str, seat: int, key: bytes | None = None) -> str:
    """Return the token of the seat's unsubscribe link: ``<game id>.<seat>.<signature>``
    (signed with ``key``, by default the current one)."""
    return f"{game_id}.{seat}.{sign('unsubscribe', game_id, seat, key)[:_SIGNATURE_LENGTH]}"


def read_unsubscribe_token(token: str) -> tuple[str, int] | None:
    """Return the game and seat of a genuine unsubscribe token, None for any other text."""
    game_id, _, rest = token.partition(".")
    seat_text, _, signature = rest.partition(".")
    if not (is_game_id(game_id) and seat_text.isdigit() and len(seat_text) <= 2):
        return None
    for key in secret_keys():
        expected = unsubscribe_token(game_id, int(seat_text), key).rpartition(".")[2]
        if hmac.compare_digest(expected.encode(), signature.encode()):
            return game_id, int(seat_text)
    return None
