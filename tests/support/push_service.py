"""A push service on loopback: the receiving side of Web Push, as a browser vendor runs it.

It implements what RFC 8030 asks of a push service receiving a message for a subscription
(a POST to the subscription's endpoint with ``TTL``, optionally ``Urgency`` and ``Topic``,
answered ``201 Created`` with a ``Location``), checks the VAPID authorization of RFC 8292
(``Authorization: vapid t=<JWT>, k=<key>``: an ES256 JWT whose signature verifies with the
public key ``k``, ``k`` the application server key the subscription was made with, ``aud``
the endpoint's origin, ``exp`` in the future and within 24 hours, ``sub`` a mailto: or
https: contact), and decrypts the body as the browser would (RFC 8291, ``aes128gcm``, with
``http_ece``) using the subscription's private key and auth secret, which the test, playing
the browser, made with :meth:`PushService.subscribe`. A message that fails a check is
answered 401 (authorization) or 400 (body) and kept among :meth:`PushService.refused`.
A test may make an endpoint answer 404, 410, 500 ... instead (:meth:`PushService.answer`).
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from tests.support.http_server import BackgroundHTTPServer, QuietHandlerMixin
from tests.support.inbox import Inbox
from tests.support.ports import HOST

URGENCIES = ("very-low", "low", "normal", "high")
DAY = 24 * 3600


def b64url_decode(text: str) -> bytes:
    """Decode base64url with or without padding."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url(data: bytes) -> str:
    """Encode base64url without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Browser:
    """One subscription as the browser holds it: its endpoint, its private key and secret."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    server_key: str  # the application server key it was made with

    def to_json(self) -> dict[str, Any]:
        """Return what ``PushSubscription.toJSON()`` gives the page."""
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}


@dataclass(frozen=True)
class Pushed:
    """A message the service accepted: its endpoint, headers, the JWT's claims and the
    decrypted payload."""

    endpoint: str
    ttl: int
    urgency: str | None
    topic: str | None
    claims: dict[str, Any]
    plaintext: bytes

    def json(self) -> Any:
        """Return the decrypted payload parsed as JSON."""
        return json.loads(self.plaintext)


@dataclass(frozen=True)
class Refused:
    """A message the service refused, and why."""

    endpoint: str
    status: int
    reason: str


@dataclass
class _State:
    browsers: dict[str, Browser] = field(default_factory=dict)
    answers: dict[str, list[int]] = field(default_factory=dict)
    refused: list[Refused] = field(default_factory=list)


class PushService:
    """A Web Push service on a loopback port (see the module's docstring)."""

    def __init__(self, port: int | None = None, host: str = HOST) -> None:
        self.inbox: Inbox[Pushed] = Inbox()
        self._state = _State()
        self._lock = threading.Lock()
        self._server = BackgroundHTTPServer(self._handler_class(), port, host)

    @property
    def origin(self) -> str:
        """Return the origin of every endpoint (``http://127.0.0.1:port``)."""
        return self._server.url.rstrip("/")

    @property
    def is_running(self) -> bool:
        """Return whether the service accepts connections."""
        return self._server.is_running

    def start(self) -> None:
        """Start listening."""
        self._server.start()

    def stop(self) -> None:
        """Stop listening."""
        self._server.stop()

    def reset(self) -> None:
        """Forget every subscription, message and answer."""
        self.inbox.clear()
        with self._lock:
            self._state = _State()

    def subscribe(self, server_key: str) -> Browser:
        """Do what a browser's ``PushManager.subscribe({applicationServerKey})`` does: make a
        P-256 key pair and a 16-byte auth secret, and an endpoint on this service."""
        browser = Browser(f"{self.origin}/wpush/v2/{secrets.token_urlsafe(24)}",
                          ec.generate_private_key(ec.SECP256R1()), os.urandom(16), server_key)
        with self._lock:
            self._state.browsers[browser.endpoint] = browser
        return browser

    def answer(self, browser: Browser, *statuses: int) -> None:
        """Answer the next messages to ``browser``'s endpoint with ``statuses`` in turn, then
        accept again (a status of 201 accepts one)."""
        with self._lock:
            self._state.answers[browser.endpoint] = list(statuses)

    def received(self, browser: Browser | None = None) -> list[Pushed]:
        """Return the messages accepted (for ``browser`` only, when given), oldest first."""
        return [p for p in self.inbox.items() if browser is None or p.endpoint == browser.endpoint]

    def wait_for(self, count: int = 1, timeout: float = 10.0) -> list[Pushed]:
        """Wait until ``count`` messages were accepted and return all of them."""
        return self.inbox.wait_for(count, timeout)

    def refused(self) -> list[Refused]:
        """Return the messages refused, oldest first."""
        with self._lock:
            return list(self._state.refused)

    def _take(self, endpoint: str, body: bytes, headers: Any) -> tuple[int, str]:
        """Judge one POST; return the status to answer and why (empty when accepted)."""
        with self._lock:
            browser = self._state.browsers.get(endpoint)
            queued = self._state.answers.get(endpoint)
            forced = queued.pop(0) if queued else None
        if browser is None:
            return 404, "no such subscription"
        if forced is not None and forced != 201:
            return forced, f"told to answer {forced}"
        ttl = headers.get("TTL")
        if ttl is None or not ttl.isdigit():
            return 400, "no TTL header (RFC 8030 5.2)"
        urgency = headers.get("Urgency")
        if urgency is not None and urgency not in URGENCIES:
            return 400, f"Urgency {urgency!r} is not one of RFC 8030 5.3"
        try:
            claims = verify_vapid(headers.get("Authorization", ""), browser.server_key,
                                  self.origin)
        except ValueError as error:
            return 401, str(error)
        if headers.get("Content-Encoding") != "aes128gcm":
            return 400, "Content-Encoding must be aes128gcm (RFC 8291)"
        try:
            plaintext = http_ece.decrypt(body, private_key=browser.private_key,
                                         auth_secret=browser.auth, version="aes128gcm")
        except Exception as error:  # http_ece raises its own and cryptography's errors
            return 400, f"the body does not decrypt: {type(error).__name__}: {error}"
        self.inbox.put(Pushed(endpoint, int(ttl), urgency, headers.get("Topic"), claims,
                              plaintext))
        return 201, ""

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(QuietHandlerMixin, BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                endpoint = service.origin + self.path
                status, reason = service._take(endpoint, body, self.headers)
                if status != 201:
                    with service._lock:
                        service._state.refused.append(Refused(endpoint, status, reason))
                self.send_response(status)
                if status == 201:
                    self.send_header("Location", f"{service.origin}/m/{secrets.token_hex(8)}")
                self.send_header("Content-Length", "0")
                self.end_headers()

        return Handler


def verify_vapid(header: str, server_key: str, origin: str) -> dict[str, Any]:
    """Return the claims of a ``vapid t=..., k=...`` authorization (RFC 8292) that holds for
    ``origin`` and ``server_key``; raise ``ValueError`` saying what does not."""
    scheme, _, rest = header.partition(" ")
    if scheme.lower() != "vapid":
        raise ValueError(f"the Authorization scheme is {scheme!r}, not vapid")
    params = dict(part.strip().split("=", 1) for part in rest.split(",") if "=" in part)
    token, key = params.get("t"), params.get("k")
    if not token or not key:
        raise ValueError("the vapid authorization needs t and k")
    if key != server_key:
        raise ValueError("k is not the key the subscription was made with")
    head, payload, signature = token.split(".")
    if json.loads(b64url_decode(head)).get("alg") != "ES256":
        raise ValueError("the JWT is not ES256")
    raw = b64url_decode(signature)
    if len(raw) != 64:
        raise ValueError("an ES256 signature is 64 bytes")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{head}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise ValueError("the JWT's signature does not verify with k") from None
    claims: dict[str, Any] = json.loads(b64url_decode(payload))
    if claims.get("aud") != origin:
        raise ValueError(f"aud {claims.get('aud')!r} is not the endpoint's origin {origin!r}")
    now = time.time()
    if not now < int(claims.get("exp", 0)) <= now + DAY:
        raise ValueError("exp is not within the next 24 hours")
    if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
        raise ValueError("sub is not a mailto: or https: contact")
    return claims
