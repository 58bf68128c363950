"""The app's secret keys: the current one, which signs and seals, and earlier ones, which
still verify and unseal what was made with them.

``SECRET_KEY`` signs the reply addresses, mail links and unsubscribe links of emails and
seals the secrets an outbox row holds until it is sent (``service.plumbing.sealing``): whoever knows
it and a game id could forge a seat's reply address and move for it by mail. So the app
refuses to start (:func:`check`) with a key a guesser could find (a placeholder, short,
periodic, runs of consecutive characters, under about 128 bits:
``service.plumbing.key_strength``), and without a key outside the embedded default (a
SQLite database on this machine, where a random key is made once and kept in the instance
folder, ``instance/secret_key``).

Rotation: set the new key as ``SECRET_KEY`` and the old one in ``SECRET_KEY_OLD`` (a list,
``FF_SECRET_KEY_OLD='["old key"]'``, or one key as plain text). New emails use the new key;
addresses and links in emails already sent, and rows sealed before, still verify and unseal
with the old one. Drop it once those emails are old enough not to matter (and the outbox
holds no row sealed with it: rows are sent within hours or given up).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from flask import current_app

from service.plumbing.key_strength import MAKE_ONE, weakness

KEY_FILE = "secret_key"
_CACHE = "ff_secret_keys"


class WeakSecretKey(RuntimeError):
    """The configured secret key is missing or weak (:func:`.key_strength.weakness`): the app
    does not start."""


def is_embedded(config: Mapping[str, Any]) -> bool:
    """True for the embedded default: the database is a SQLite file on this machine."""
    return str(config["DATABASE_URL"]).startswith("sqlite")


def old_keys(config: Mapping[str, Any]) -> list[str]:
    """Return ``SECRET_KEY_OLD`` as a list (it may be one key, a list, or unset)."""
    old = config.get("SECRET_KEY_OLD")
    if not old:
        return []
    return [str(old)] if isinstance(old, str) else [str(key) for key in old]


def check(config: Mapping[str, Any]) -> None:
    """Refuse a configuration whose keys would let anyone forge emails' addresses and links.

    Raises :class:`WeakSecretKey` naming the setting and how to make a good key.
    """
    key = config.get("SECRET_KEY")
    if not key:
        if not is_embedded(config):
            raise WeakSecretKey(
                "FF_SECRET_KEY is not set. It signs the links and reply addresses in emails "
                f"and must be the same in every process; {MAKE_ONE}")
        return
    problem = weakness(str(key))
    if problem is not None:
        raise WeakSecretKey(f"FF_SECRET_KEY {problem}; {MAKE_ONE}")
    for number, old in enumerate(old_keys(config), start=1):
        problem = weakness(old)
        if problem is not None:
            raise WeakSecretKey(f"key {number} of FF_SECRET_KEY_OLD {problem}")


def secret_keys() -> list[bytes]:
    """Return the app's keys: the current one first (it signs and seals), then the old ones
    (they only verify and unseal)."""
    app = current_app
    if _CACHE not in app.extensions:
        configured = app.config.get("SECRET_KEY")
        current = str(configured).encode() if configured else _instance_key(
            Path(app.instance_path))
        app.extensions[_CACHE] = [current, *(key.encode() for key in old_keys(app.config))]
    keys: list[bytes] = app.extensions[_CACHE]
    return keys


def secret_key() -> bytes:
    """Return the current key: ``SECRET_KEY``, else the instance folder's key file."""
    return secret_keys()[0]


def keyed_hash(purpose: str, value: str, key: bytes | None = None) -> str:
    """Return the HMAC-SHA256 of ``value`` for ``purpose`` under ``key`` (by default the
    current one), in hex: what stands for a value the service must recognise again but not
    keep, such as an email address it counts mails to. Without the key, no list of guessed
    values can be hashed to find which one a row stands for."""
    message = f"{purpose}:{value}".encode()
    return hmac.new(key or secret_key(), message, hashlib.sha256).hexdigest()


def _instance_key(folder: Path) -> bytes:
    """Read the instance's secret key file, or make it."""
    return kept_in_file(folder / KEY_FILE, lambda: secrets.token_urlsafe(32)).encode()


def kept_in_file(path: Path, make: Callable[[], str]) -> str:
    """Read the key kept in ``path``, or make it with ``make`` and keep it there (readable
    by its owner only). The file is made exclusively, so processes starting at once agree
    on one key: the one that lost the race reads the winner's."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    key = make()
    with os.fdopen(handle, "w") as file:
        file.write(key)
    return key
