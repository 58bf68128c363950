"""Secrets kept out of the database in clear: the links and reply addresses in outbox emails.

An email's links carry live tokens (``…/play/<game>#t=<token>``, ``…#code=<invite code>``,
a home link's ``…/home#h=<token>``, an email confirmation's ``…/home#c=<code>``)
and its Reply-To the seat's reply token. The ``tokens`` table keeps only their hashes, but
an outbox row kept the whole body, so a database dump or backup handed out every seat.
:func:`seal` replaces each such secret in a payload by a random marker and keeps the secret
encrypted under a key derived from ``SECRET_KEY`` (Fernet: AES-128-CBC and HMAC-SHA256),
beside the payload; :func:`unseal` puts them back when the mail is built, in the worker;
once the row is done (sent or given up) :func:`redact` drops the encrypted values, so the
stored body keeps only markers. Keys of ``SECRET_KEY_OLD`` still unseal rows sealed before
a rotation.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from service.plumbing.keyring import secret_keys

SEALED = "sealed"
"""The payload key of the sealed secrets: ``{marker: encrypted secret}``."""

# What a secret looks like where the service writes one: a link's token, invite code, home
# token or confirmation code (url-safe, service.plumbing.tokens), a reply address's token
# (service.features.mail.addresses). The markers put in their place contain braces, which neither
# alphabet has, so a sealed payload is never sealed twice.
SECRET_PATTERNS = (
    re.compile(r"#(?:t|code|h|c)=([A-Za-z0-9_-]{16,128})"),
    re.compile(r"\+([a-z2-7]{26}\.\d{1,2}\.[0-9a-z]{1,8}\.[a-z2-7]{16})@"),
)
_MARKER = re.compile(r"\{sealed:[0-9a-f]{16}\}")
_PURPOSE = b"fearsome-floors:outbox-seal:v1"


class Unsealable(ValueError):
    """A sealed secret that no configured key opens (its key was removed)."""


def _box() -> MultiFernet:
    """Return the Fernet keys derived from the app's keys, the current one first."""
    return MultiFernet([Fernet(base64.urlsafe_b64encode(
        hmac.new(key, _PURPOSE, hashlib.sha256).digest())) for key in secret_keys()])


def secrets_in(text: str) -> list[str]:
    """Return the secrets written in ``text``, each once, in order."""
    found = [match.group(1) for pattern in SECRET_PATTERNS for match in pattern.finditer(text)]
    return list(dict.fromkeys(found))


def seal(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Return ``payload`` with every secret in its strings replaced by a marker, and the
    secrets encrypted under :data:`SEALED` (the payload itself when it holds none)."""
    found = list(dict.fromkeys(secret for text in _strings(payload)
                               for secret in secrets_in(text)))
    if not found:
        return dict(payload)
    box = _box()
    markers = {secret: "{sealed:" + secrets.token_hex(8) + "}" for secret in found}
    sealed: dict[str, Any] = _map_strings(payload, lambda text: _replace(text, markers))
    sealed[SEALED] = {**payload.get(SEALED, {}), **{
        marker: box.encrypt(secret.encode()).decode() for secret, marker in markers.items()}}
    return sealed


def unseal(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Return ``payload`` with its secrets back in place of their markers, without
    :data:`SEALED`. Raises :class:`Unsealable` when no configured key opens one."""
    stored = payload.get(SEALED)
    if not stored:
        return dict(payload)
    box = _box()
    try:
        opened = {marker: box.decrypt(value.encode()).decode()
                  for marker, value in stored.items()}
    except InvalidToken:
        raise Unsealable("a link of this email was sealed with a key that is no longer "
                         "configured (FF_SECRET_KEY, FF_SECRET_KEY_OLD)") from None
    plain = {key: value for key, value in payload.items() if key != SEALED}
    unsealed: dict[str, Any] = _map_strings(plain, lambda text: _MARKER.sub(
        lambda match: opened.get(match.group(0), match.group(0)), text))
    return unsealed


def seal_text(text: str) -> str:
    """Return ``text`` encrypted under the current key: a secret a table must keep whole
    (a push subscription's endpoint and keys), which :func:`unseal_text` opens."""
    return _box().encrypt(text.encode()).decode("ascii")


def unseal_text(sealed: str) -> str:
    """Return the text :func:`seal_text` sealed (with the current key or an old one); raise
    :class:`Unsealable` when no configured key opens it."""
    try:
        return _box().decrypt(sealed.encode("ascii")).decode()
    except InvalidToken:
        raise Unsealable("a secret was sealed with a key that is no longer configured "
                         "(FF_SECRET_KEY, FF_SECRET_KEY_OLD)") from None


def redact(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Return ``payload`` without its sealed secrets: what a done row keeps."""
    return {key: value for key, value in payload.items() if key != SEALED}


def _replace(text: str, markers: Mapping[str, str]) -> str:
    for pattern in SECRET_PATTERNS:
        text = pattern.sub(lambda match: match.group(0).replace(
            match.group(1), markers[match.group(1)]), text)
    return text


def _strings(value: Any) -> list[str]:
    """Return every string in a JSON value (keys of :data:`SEALED` aside)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [text for key, inner in value.items() if key != SEALED
                for text in _strings(inner)]
    if isinstance(value, list):
        return [text for inner in value for text in _strings(inner)]
    return []


def _map_strings(value: Any, change: Any) -> Any:
    """Return a copy of a JSON value with ``change`` applied to each string in it."""
    if isinstance(value, str):
        return change(value)
    if isinstance(value, Mapping):
        return {key: inner if key == SEALED else _map_strings(inner, change)
                for key, inner in value.items()}
    if isinstance(value, list):
        return [_map_strings(inner, change) for inner in value]
    return value
