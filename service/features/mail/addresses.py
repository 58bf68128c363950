"""A seat's reply address, ``play+<token>@<MAIL_REPLY_DOMAIN>``, and reading it back.

The token is ``<game>.<seat>.<epoch>.<signature>``, all lower case so that mail systems
that fold the case of local parts do no harm: the game id's 16 bytes in base32, the seat
number, the epoch in base 36, and 80 bits of an HMAC-SHA256 of the three under the app's
secret key (``service.plumbing.keyring``, purpose ``reply``). Nothing is stored: any process with
the key computes the same address again; an address signed with an old key
(``SECRET_KEY_OLD``) still verifies, so replies to emails sent before a rotation work.

The epoch is when the seat's links were last reissued ("I lost my link" replaces the
seat's recovery token) or the seat was handed to a new player (``Seat.replaced_at``),
whichever is later; 0 if neither happened. A token with a genuine signature but an older
epoch is *retired*: its address worked once and was replaced, so a copy of an old email
(forwarded, leaked) stops moving the seat once the player gets new links. A token whose
signature does not verify is *wrong*.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.kernel.auth import SEAT
from service.kernel.models import Seat, Token
from service.plumbing.errors import ServiceError
from service.plumbing.extensions import db
from service.plumbing.i18n import _
from service.plumbing.keyring import secret_key, secret_keys

RECOVERY = "recovery"  # Token.purpose of the links "I lost my link" reissues
SIGNATURE_CHARS = 16  # base32: 80 bits
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_TOKEN = re.compile(r"([a-z2-7]{26})\.(\d{1,2})\.([0-9a-z]{1,8})\.([a-z2-7]{16})")
# A token anywhere in a text, in any case (mail systems may fold it): what masked() hides.
_TOKEN_IN_TEXT = re.compile(_TOKEN.pattern, re.IGNORECASE)


class AddressError(ServiceError):
    """A recipient address that does not authorize a seat; ``code`` says why, and
    ``game_id`` and ``seat`` which seat it named, when it named one."""

    def __init__(self, code: str, message: str, game_id: str | None = None,
                 seat: int | None = None) -> None:
        super().__init__(code, message)
        self.game_id = game_id
        self.seat = seat


@dataclass(frozen=True, slots=True)
class ReplyToken:
    """The parts of a reply token whose signature verified."""

    game_id: str
    seat: int
    epoch: int


def reply_domain() -> str:
    """Return the domain of reply addresses: ``MAIL_REPLY_DOMAIN``, else ``MAIL_FROM``'s."""
    configured = current_app.config.get("MAIL_REPLY_DOMAIN")
    if configured:
        return str(configured).lower()
    sender = str(current_app.config["MAIL_FROM"]).rstrip(">")
    return sender.rpartition("@")[2].lower() or "localhost"


def reply_address(game_id: str, seat: int, session: Session | None = None) -> str:
    """Return the address a reply to the seat's "your move" email goes to.

    Reads the seat's epoch with ``session`` (default: the app's session, so inside the
    caller's transaction).
    """
    epoch = current_epoch(session or db.session(), game_id, seat)
    prefix = current_app.config["MAIL_REPLY_PREFIX"]
    return f"{prefix}+{_token(game_id, seat, epoch)}@{reply_domain()}"


def current_epoch(session: Session, game_id: str, seat: int) -> int:
    """Return the seat's epoch: when its links were last reissued or it changed hands, in
    whole seconds (or 0)."""
    issued = select(func.max(Token.created_at)).where(
        Token.game_id == game_id, Token.kind == SEAT, Token.seat == seat,
        Token.purpose == RECOVERY).scalar_subquery()
    row = session.execute(
        select(issued.label("issued"), Seat.replaced_at)
        .where(Seat.game_id == game_id, Seat.seat == seat)
    ).one_or_none()
    moments = [] if row is None else [m for m in (row.issued, row.replaced_at) if m is not None]
    return int(max(moments).timestamp()) if moments else 0


def read_reply_address(address: str, session: Session | None = None) -> tuple[str, int]:
    """Return the game and seat a reply address authorizes.

    Raises :class:`AddressError` ``mail/not_reply_address`` (not one of ours),
    ``mail/wrong_token`` (the signature does not verify) or ``mail/retired_token`` (a
    genuine address replaced since by new links; the error names the game and seat).
    """
    token = verify_token(address)
    if token.epoch != current_epoch(session or db.session(), token.game_id, token.seat):
        raise AddressError("mail/retired_token",
                           _("This reply address was replaced when your links were sent "
                             "again; reply to your latest email from the game instead."),
                           token.game_id, token.seat)
    return token.game_id, token.seat


def masked(text: str) -> str:
    """Return ``text`` (a reply address, or a whole log line) with the signature of every
    token in it hidden: what the log keeps of a reply address (the game, seat and epoch stay
    readable), so no table or log line holds an address that could move a seat."""
    return _TOKEN_IN_TEXT.sub(
        lambda token: f"{token[1]}.{token[2]}.{token[3]}." + "*" * len(token[4]), text)


def is_reply_address(address: str) -> bool:
    """True when ``address`` has the form of this service's reply addresses (token unchecked)."""
    return _token_text(address) is not None


def _token_text(address: str) -> str | None:
    local, _at, domain = address.strip().strip("<>").lower().rpartition("@")
    prefix, plus, token = local.partition("+")
    if not plus or prefix != str(current_app.config["MAIL_REPLY_PREFIX"]).lower() \
            or domain != reply_domain():
        return None
    return token


def verify_token(address: str) -> ReplyToken:
    """Return the parts of the address's token if its signature verifies (no database)."""
    token = _token_text(address)
    if token is None:
        raise AddressError("mail/not_reply_address",
                           _("%(address)s is not a reply address of this service.",
                             address=repr(address)))
    match = _TOKEN.fullmatch(token)
    if match is None:
        raise AddressError("mail/wrong_token",
                           _("The token of this reply address is not valid."))
    game_part, seat_text, epoch_text, signature = match.groups()
    game_id = _game_id(game_part)
    seat, epoch = int(seat_text), int(epoch_text, 36)
    if game_id is None or not any(
            hmac.compare_digest(_signature(game_id, seat, epoch, key).encode(),
                                signature.encode())
            for key in secret_keys()):
        raise AddressError("mail/wrong_token",
                           _("The token of this reply address is not valid."))
    return ReplyToken(game_id, seat, epoch)


def _token(game_id: str, seat: int, epoch: int) -> str:
    raw = base64.urlsafe_b64decode(game_id + "==")
    if base64.urlsafe_b64encode(raw).decode().rstrip("=") != game_id:
        raise ValueError(f"{game_id!r} is not a game id made by service.plumbing.tokens")
    game_part = base64.b32encode(raw).decode().rstrip("=").lower()
    return f"{game_part}.{seat}.{_base36(epoch)}.{_signature(game_id, seat, epoch)}"


def _game_id(game_part: str) -> str | None:
    try:
        raw = base64.b32decode(game_part.upper() + "======")
    except ValueError:
        return None
    return base64.urlsafe_b64encode(raw).decode().rstrip("=") if len(raw) == 16 else None


def _signature(game_id: str | None, seat: int, epoch: int, key: bytes | None = None) -> str:
    message = f"reply:{game_id}:{seat}:{epoch}".encode()
    digest = hmac.new(key or secret_key(), message, hashlib.sha256).digest()
    return base64.b32encode(digest).decode()[:SIGNATURE_CHARS].lower()


def _base36(number: int) -> str:
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = _DIGITS[digit] + text
        if not number:
            return text
