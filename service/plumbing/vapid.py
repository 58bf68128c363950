"""The application server's VAPID key pair (RFC 8292): made once, kept like the secret key.

Web Push subscriptions are made in the browser with the public key this module hands out
(``applicationServerKey``), and a push service accepts a message for a subscription only
when it is signed with the matching private key. So the key pair must outlive every
subscription: ``VAPID_PRIVATE_KEY`` (base64url of the 32-byte P-256 scalar) in production,
the same in every process; else, with the embedded SQLite database only, a key made once
and kept in the instance folder (``instance/vapid_private_key``), as ``keyring`` keeps the
secret key. Elsewhere, without the setting, push is unavailable (:func:`is_available`), so
that no process makes a key of its own that the others do not share. A new key means every
device must subscribe again (``deploy/README.md``, "Push notifications").
"""

from __future__ import annotations

import base64
import hashlib
import time
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from flask import current_app
from py_vapid import Vapid02

from service.plumbing.keyring import is_embedded, kept_in_file

KEY_FILE = "vapid_private_key"
CLAIM_SECONDS = 12 * 3600  # RFC 8292: a JWT's exp at most 24 hours ahead
_CACHE = "ff_vapid"


def b64url(data: bytes) -> str:
    """Return ``data`` in base64url without padding, as Web Push writes keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def is_available() -> bool:
    """True when the app has a key pair to sign pushes with (see the module's docstring)."""
    return bool(current_app.config.get("VAPID_PRIVATE_KEY")) or is_embedded(current_app.config)


def _vapid() -> Vapid02:
    """Return the key pair (read once per app)."""
    app = current_app
    if _CACHE not in app.extensions:
        raw = app.config.get("VAPID_PRIVATE_KEY") or _instance_key(Path(app.instance_path))
        app.extensions[_CACHE] = Vapid02.from_raw(str(raw).strip().encode("ascii"))
    vapid: Vapid02 = app.extensions[_CACHE]
    return vapid


def public_key() -> str:
    """Return the application server key: the public key as an uncompressed P-256 point,
    base64url (what ``PushManager.subscribe`` takes)."""
    return b64url(_vapid().public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))


def key_id() -> str:
    """Return a short name of the public key: a subscription made with another key (before
    a rotation) can never be pushed to, and is told apart by it."""
    return hashlib.sha256(public_key().encode("ascii")).hexdigest()[:16]


def authorization(endpoint: str) -> str:
    """Return the ``Authorization: vapid t=..., k=...`` header value for a POST to
    ``endpoint``: a JWT for the endpoint's origin, valid :data:`CLAIM_SECONDS`, naming the
    operator (``VAPID_SUBJECT``)."""
    parts = urlsplit(endpoint)
    claims = {"aud": f"{parts.scheme}://{parts.netloc}",
              "exp": int(time.time()) + CLAIM_SECONDS,
              "sub": str(current_app.config["VAPID_SUBJECT"])}
    return _vapid().sign(claims)["Authorization"]


def new_private_key() -> str:
    """Return a new private key in the form ``VAPID_PRIVATE_KEY`` takes."""
    number = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return b64url(number.to_bytes(32, "big"))


def _instance_key(folder: Path) -> str:
    """Read the instance's VAPID key file, or make it (as the secret key's is made)."""
    return kept_in_file(folder / KEY_FILE, new_private_key)
