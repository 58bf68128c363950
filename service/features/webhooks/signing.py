"""Standard Webhooks signatures: the ``whsec_`` secret, signing a message, verifying one.

A message is signed as ``v1,<base64 HMAC-SHA256 of "id.timestamp.body">`` with the secret's
bytes (the base64 after ``whsec_``), and sent with the headers ``webhook-id``,
``webhook-timestamp`` (Unix seconds) and ``webhook-signature``. Receivers check the
signature and that the timestamp is recent; :func:`verify` does both, as a receiver would.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping

PREFIX = "whsec_"
SECRET_BYTES = 32
TOLERANCE_SECONDS = 5 * 60


class InvalidSignature(ValueError):
    """A message whose headers are missing, too old or too new, or whose signature is wrong."""


def new_secret() -> str:
    """Return a fresh signing secret: ``whsec_`` and 32 random bytes in base64."""
    return PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def secret_key(secret: str) -> bytes:
    """Return the key bytes of a ``whsec_`` secret; ValueError when it is not one."""
    if not secret.startswith(PREFIX):
        raise ValueError(f"a webhook secret starts with {PREFIX!r}")
    try:
        key = base64.b64decode(secret[len(PREFIX):], validate=True)
    except binascii.Error as error:
        raise ValueError(f"the webhook secret is not base64: {error}") from None
    if not key:
        raise ValueError("the webhook secret is empty")
    return key


def signature(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """Return the ``webhook-signature`` of ``body`` sent as ``message_id`` at ``timestamp``."""
    signed = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(secret_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def headers(secret: str, message_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    """Return the three Standard Webhooks headers of a message."""
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": signature(secret, message_id, timestamp, body),
    }


def verify(secret: str, received: Mapping[str, str], body: bytes,
           now: float | None = None) -> None:
    """Check a received message as a receiver must; raise :class:`InvalidSignature` if bad.

    ``received`` are the request's headers (any case). The timestamp must be within five
    minutes of ``now``; any one of the space-separated ``v1`` signatures must match.
    """
    lower = {name.lower(): value for name, value in received.items()}
    message_id = lower.get("webhook-id")
    stamp = lower.get("webhook-timestamp")
    signatures = lower.get("webhook-signature")
    if not (message_id and stamp and signatures):
        raise InvalidSignature("webhook-id, webhook-timestamp and webhook-signature are needed")
    try:
        timestamp = int(stamp)
    except ValueError:
        raise InvalidSignature(f"webhook-timestamp {stamp!r} is not a number") from None
    now = time.time() if now is None else now
    if abs(now - timestamp) > TOLERANCE_SECONDS:
        raise InvalidSignature(f"webhook-timestamp {timestamp} is more than five minutes off")
    expected = signature(secret, message_id, timestamp, body)
    if not any(hmac.compare_digest(expected, given) for given in signatures.split()):
        raise InvalidSignature(f"no signature of message {message_id!r} matches")
