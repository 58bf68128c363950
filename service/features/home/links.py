"""The home link's token: an address's row, its generation and an expiry, signed.

The token is 36 bytes in url-safe base64 (48 characters, the alphabet of every other token,
so it travels in a fragment, ``/home#h=<token>``, and in ``Authorization: Bearer``): the
row id (8 bytes), the generation (4), the expiry in Unix seconds (8) and 128 bits of an
HMAC-SHA256 of those 20 bytes under the app's secret key (``service.plumbing.keyring``, purpose
``home``). Nothing is stored but the generation: any key of the keyring verifies, so links
sent before a key rotation keep working until they expire.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import struct
from dataclasses import dataclass
from datetime import UTC, datetime

from service.kernel.derived_tokens import sign
from service.plumbing.keyring import secret_key, secret_keys

_BODY = struct.Struct(">QIQ")
_SIGNATURE_BYTES = 16
_PURPOSE = b"fearsome-floors:home:v1:"
TOKEN_LENGTH = 48


@dataclass(frozen=True, slots=True)
class HomeLink:
    """What a genuine home token says: whose, which generation, until when."""

    address_id: int
    generation: int
    expires_at: datetime


def _signature(body: bytes, key: bytes) -> bytes:
    return hmac.new(key, _PURPOSE + body, hashlib.sha256).digest()[:_SIGNATURE_BYTES]


def make_token(link: HomeLink) -> str:
    """Return the token of ``link``, signed with the current key."""
    body = _BODY.pack(link.address_id, link.generation, int(link.expires_at.timestamp()))
    return base64.urlsafe_b64encode(body + _signature(body, secret_key())).decode()


def read_token(token: str) -> HomeLink | None:
    """Return what a genuine token says (expired or not), None for any other text."""
    if len(token) != TOKEN_LENGTH:
        return None
    try:
        raw = base64.urlsafe_b64decode(token.encode())
    except (binascii.Error, ValueError):
        return None
    body, signature = raw[:_BODY.size], raw[_BODY.size:]
    if len(signature) != _SIGNATURE_BYTES or not any(
            hmac.compare_digest(_signature(body, key), signature) for key in secret_keys()):
        return None
    address_id, generation, expires = _BODY.unpack(body)
    return HomeLink(address_id, generation, datetime.fromtimestamp(expires, UTC))



def seat_token(link: HomeLink, game_id: str, seat: int) -> str:
    """Return the token of a seat's link on the home page of ``link``'s address and
    generation (``service.kernel.derived_tokens``): the same on every visit (a game opened from the
    list keeps working when the list is read again), another once the address signs out
    everywhere."""
    return sign(f"home-seat:{link.address_id}:{link.generation}", game_id, seat)
