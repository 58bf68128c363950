"""Which push endpoints the service POSTs to, and the subscription a browser hands over.

An endpoint is where the worker will POST, so it is judged like a webhook's target
(``service.features.webhooks.addresses``: its form, every address its host resolves to,
public ones only) and must be https; an origin listed in ``PUSH_ALLOWED_ORIGINS`` (the tests'
push service on loopback) may be http and private. The worker judges it again just before
each POST and connects to the address it checked (``worker.push``). The keys must be what
RFC 8291 needs: ``p256dh`` an uncompressed P-256 point, ``auth`` 16 bytes, both base64url.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from flask import current_app

from service.features.webhooks.addresses import RefusedTarget, parse_url, resolve
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _

MAX_ENDPOINT_LENGTH = 2000
AUTH_BYTES = 16
POINT_BYTES = 65


@dataclass(frozen=True, slots=True)
class Subscription:
    """A browser's push subscription: where to POST, and the keys to encrypt for."""

    endpoint: str
    p256dh: str
    auth: str

    def as_info(self) -> dict[str, Any]:
        """Return it in the form of ``PushSubscription.toJSON()`` (what pywebpush takes)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def origin_of(url: str) -> str:
    """Return the origin of ``url``: ``scheme://host[:port]``, in lower case."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def is_listed(url: str) -> bool:
    """True when the endpoint's origin is one ``PUSH_ALLOWED_ORIGINS`` lists."""
    listed = current_app.config.get("PUSH_ALLOWED_ORIGINS") or []
    if isinstance(listed, str):
        listed = [listed]
    return origin_of(url) in {str(origin).rstrip("/").lower() for origin in listed}


def check_endpoint(url: str) -> bool:
    """Refuse an endpoint the service must not POST to (``push/invalid_endpoint``, 422);
    return whether it may be on a private address (a listed origin). Resolves its host: call
    it outside any write transaction."""
    refused = refusal(url)
    if refused is not None:
        raise ServiceError("push/invalid_endpoint", refused, {"endpoint": url[:200]})
    return is_listed(url)


def refusal(url: str) -> str | None:
    """Return why the service must not POST to ``url`` (None: it may)."""
    if len(url) > MAX_ENDPOINT_LENGTH:
        return _("A push endpoint has at most %(most)s characters.", most=MAX_ENDPOINT_LENGTH)
    listed = is_listed(url)
    if not listed and not url.startswith("https://"):
        return _("A push endpoint must be an https address of a browser's push service.")
    try:
        resolve(parse_url(url), allow_private=listed)
    except RefusedTarget as refused:
        # TRANSLATORS: %(reason)s says what is wrong with the address.
        return _("This push endpoint cannot be used: %(reason)s", reason=str(refused))
    return None


def read_subscription(body: Mapping[str, Any]) -> Subscription:
    """Return the subscription of a ``PushSubscription.toJSON()`` body whose keys are what
    RFC 8291 needs; refuse other keys (``push/invalid_keys``, 422). The endpoint is checked
    by :func:`check_endpoint`."""
    keys = body.get("keys") or {}
    p256dh, auth = str(keys.get("p256dh", "")), str(keys.get("auth", ""))
    point, secret = _decoded(p256dh), _decoded(auth)
    if secret is None or len(secret) != AUTH_BYTES:
        raise ServiceError("push/invalid_keys",
                           _("The subscription's auth key must be 16 bytes in base64url."),
                           {"key": "auth"})
    if point is None or len(point) != POINT_BYTES or not _is_point(point):
        raise ServiceError("push/invalid_keys",
                           _("The subscription's p256dh key must be a P-256 public key "
                             "(65 bytes, uncompressed) in base64url."), {"key": "p256dh"})
    return Subscription(str(body["endpoint"]), p256dh, auth)


def _decoded(text: str) -> bytes | None:
    """Return base64url ``text`` (padding optional) decoded, None when it is not."""
    if not text or len(text) > 200:
        return None
    try:
        return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        return None


def _is_point(data: bytes) -> bool:
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), data)
    except ValueError:
        return False
    return True
