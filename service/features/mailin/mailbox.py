"""A mailbox read over IMAP (RFC 3501) for the IMAP door: its settings, TLS, login, the
folder's messages read without marking them, a message moved, and IDLE (RFC 2177, in
:mod:`~service.features.mailin.imap_connection`).

Nothing here marks a message: headers and bodies are fetched with ``BODY.PEEK``, so the
``\\Seen`` flag of mail that is not ours stays as it was. A message is moved with MOVE
(RFC 6851); without it, copied, flagged ``\\Deleted`` and removed with UID EXPUNGE (RFC 4315),
which removes that message only. A server with neither keeps the copy and leaves the
original flagged ``\\Deleted`` (a plain EXPUNGE would also remove what a person flagged), and
:meth:`Mailbox.uids` passes over deleted messages.
"""

from __future__ import annotations

import imaplib
import re
import ssl
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from email.message import Message
from email.parser import BytesHeaderParser
from email.policy import compat32
from types import TracebackType
from typing import Any

from service.features.mailin.imap_connection import (
    Connection,
    MailboxError,
    SslConnection,
    drop,
    mailbox_name,
    quoted,
)

TLS_MODES = ("ssl", "starttls", "none")
DEFAULT_PORTS = {"ssl": 993, "starttls": 143, "none": 143}
TIMEOUT_SECONDS = 30.0  # connecting, and each answer the server owes us
LONGEST_IDLE_SECONDS = 29 * 60  # RFC 2177: servers may log a client out after 30 minutes
# Whom a message was for and whom from: what the door decides and logs by.
HEADER_FIELDS = ("DELIVERED-TO", "X-ORIGINAL-TO", "ENVELOPE-TO", "X-ENVELOPE-TO", "TO", "CC",
                 "RETURN-PATH", "FROM", "MESSAGE-ID")
_UID = re.compile(rb"\bUID (\d+)")
_SIZE = re.compile(rb"\bRFC822\.SIZE (\d+)")


class SettingsError(ValueError):
    """An ``FF_MAILIN_IMAP_*`` setting is missing or wrong; the message names it."""


@dataclass(frozen=True)
class ImapSettings:
    """Where the mailbox is and how to read it (``FF_MAILIN_IMAP_*``)."""

    host: str
    port: int
    tls: str
    username: str
    password: str = field(repr=False)
    folder: str
    done_folder: str
    failed_folder: str
    poll_seconds: float
    idle_seconds: float  # 0: never IDLE, poll
    ca_file: str | None = None

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> ImapSettings:
        """Read the settings from an app's config; raise :class:`SettingsError` naming the
        first one that is missing or wrong."""
        def text(key: str) -> str:
            value = config.get(f"MAILIN_IMAP_{key}")
            if value is None or not str(value).strip():
                raise SettingsError(f"FF_MAILIN_IMAP_{key} is not set")
            return str(value).strip()

        host, username = text("HOST"), text("USERNAME")
        password = str(config.get("MAILIN_IMAP_PASSWORD") or "")  # spaces may be part of it
        if not password:
            raise SettingsError("FF_MAILIN_IMAP_PASSWORD is not set")
        if not (username.isascii() and password.isascii()):  # imaplib's LOGIN sends ASCII
            raise SettingsError("FF_MAILIN_IMAP_USERNAME and _PASSWORD must be ASCII (app "
                                "passwords are)")
        tls = text("TLS").lower()
        if tls not in TLS_MODES:
            raise SettingsError(f"FF_MAILIN_IMAP_TLS={tls!r}: choose ssl, starttls or none")
        idle = float(config["MAILIN_IMAP_IDLE_SECONDS"])
        if not 0 <= idle <= LONGEST_IDLE_SECONDS:
            raise SettingsError(f"FF_MAILIN_IMAP_IDLE_SECONDS={idle:g}: from 0 (never IDLE) "
                                f"to {LONGEST_IDLE_SECONDS} (29 minutes)")
        poll = float(config["MAILIN_IMAP_POLL_SECONDS"])
        if poll <= 0:
            raise SettingsError(f"FF_MAILIN_IMAP_POLL_SECONDS={poll:g}: more than 0")
        folder, done, failed = text("FOLDER"), text("DONE_FOLDER"), text("FAILED_FOLDER")
        if len({folder, done, failed}) < 3:
            raise SettingsError("FF_MAILIN_IMAP_FOLDER, _DONE_FOLDER and _FAILED_FOLDER must "
                                "be three different folders")
        port = config.get("MAILIN_IMAP_PORT")
        return cls(host=host, port=int(port) if port else DEFAULT_PORTS[tls], tls=tls,
                   username=username, password=password, folder=folder,
                   done_folder=done, failed_folder=failed, poll_seconds=poll,
                   idle_seconds=idle, ca_file=config.get("MAILIN_IMAP_CA_FILE") or None)

    def describe(self) -> str:
        """Say which mailbox, for the logs (never the password)."""
        return f"{self.username} on {self.host}:{self.port} ({self.tls}), folder {self.folder!r}"


def tls_context(settings: ImapSettings) -> ssl.SSLContext:
    """Return a context that checks the server's certificate and name (``ca_file``: the
    authorities to trust; else the system's)."""
    return ssl.create_default_context(cafile=settings.ca_file)


@dataclass(frozen=True, slots=True)
class Headers:
    """A message's UID, size and the headers that say whom it was for."""

    uid: int
    size: int
    message: Message


class Mailbox:
    """One logged-in connection with the settings' folder selected; use it as a context
    manager (logs out at the end, or drops the connection after a fault)."""

    def __init__(self, connection: Connection, settings: ImapSettings) -> None:
        self.connection = connection
        self.settings = settings
        self.capabilities = frozenset(_capabilities(connection))
        self.validity = 0

    @classmethod
    def connect(cls, settings: ImapSettings) -> Mailbox:
        """Connect, secure, log in, make the done and failed folders if missing, and select
        the folder; raise ``imaplib.IMAP4.error``, ``OSError`` or :class:`MailboxError`."""
        if settings.tls == "ssl":
            connection: Connection = SslConnection(settings.host, settings.port,
                                                 ssl_context=tls_context(settings),
                                                 timeout=TIMEOUT_SECONDS)
        else:
            connection = Connection(settings.host, settings.port, timeout=TIMEOUT_SECONDS)
        try:
            if settings.tls == "starttls":
                connection.starttls(tls_context(settings))
            connection.login(quoted(settings.username), settings.password)
            mailbox = cls(connection, settings)
            for folder in (settings.done_folder, settings.failed_folder):
                mailbox.make_folder(folder)
            mailbox.select()
        except BaseException:
            drop(connection)
            raise
        return mailbox

    def __enter__(self) -> Mailbox:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is None:
            try:
                self.connection.logout()
            except (imaplib.IMAP4.error, OSError):
                drop(self.connection)
        else:  # the connection may be in any state: drop it, say nothing more
            drop(self.connection)

    @property
    def has_idle(self) -> bool:
        """Whether the server announced IDLE (RFC 2177) once logged in."""
        return "IDLE" in self.capabilities

    def make_folder(self, name: str) -> None:
        """Create and subscribe folder ``name`` unless it exists."""
        if self._exists(name):
            return
        typ, data = self.connection.create(mailbox_name(name))
        if typ != "OK" and not self._exists(name):  # made meanwhile by another client: fine
            raise MailboxError(f"CREATE {name!r}: {_words(data)}")
        self.connection.subscribe(mailbox_name(name))

    def select(self) -> None:
        """Select the folder and note its UIDVALIDITY."""
        _check(self.connection.select(mailbox_name(self.settings.folder)),
               f"SELECT {self.settings.folder!r}")
        _typ, data = self.connection.response("UIDVALIDITY")
        self.validity = int(data[0]) if data and data[0] else 0

    def uids(self) -> list[int]:
        """Return the UIDs of the folder's messages not flagged deleted, as they are now."""
        # What the server said before (EXPUNGE, COPYUID of our moves ...) is known or stale:
        # imaplib would keep it for ever on a connection that lives for weeks.
        self.connection.untagged_responses.clear()
        _check(self.connection.noop(), "NOOP")
        data = _check(self.connection.uid("SEARCH", "UNDELETED"), "UID SEARCH")
        self.has_news()  # what the search found is known: only later news counts
        return [int(uid) for uid in (data[0] or b"").split()]

    def has_news(self) -> bool:
        """Return whether the server told of new mail since this was last asked."""
        return any(self.connection.response(name)[1] != [None] for name in ("EXISTS", "RECENT"))

    def headers(self, uids: Iterable[int]) -> list[Headers]:
        """Return the recipient headers and size of each message of ``uids`` still there."""
        wanted = " ".join(HEADER_FIELDS)
        data = _check(self.connection.uid(
            "FETCH", ",".join(map(str, uids)),
            f"(UID RFC822.SIZE BODY.PEEK[HEADER.FIELDS ({wanted})])"), "UID FETCH headers")
        parser = BytesHeaderParser(policy=compat32)
        return [Headers(uid, size, parser.parsebytes(literal))
                for uid, size, literal in _fetched(data)]

    def body(self, uid: int) -> bytes | None:
        """Return the whole message ``uid`` (not marked seen), None when it is gone."""
        data = _check(self.connection.uid("FETCH", str(uid), "(UID BODY.PEEK[])"),
                      "UID FETCH body")
        return next((literal for found, _size, literal in _fetched(data) if found == uid), None)

    def move(self, uid: int, folder: str) -> None:
        """Move message ``uid`` to ``folder``."""
        target, number = mailbox_name(folder), str(uid)
        if "MOVE" in self.capabilities:
            _check(self.connection.uid("MOVE", number, target), f"UID MOVE to {folder!r}")
            return
        _check(self.connection.uid("COPY", number, target), f"UID COPY to {folder!r}")
        _check(self.connection.uid("STORE", number, "+FLAGS.SILENT", r"(\Deleted)"),
               "UID STORE \\Deleted")
        if "UIDPLUS" in self.capabilities:
            _check(self.connection.uid("EXPUNGE", number), "UID EXPUNGE")

    def idle(self, seconds: float, stopping: Callable[[], bool],
             alive: Callable[[], None]) -> bool:
        """IDLE for at most ``seconds`` or until ``stopping()``; return True on news of mail."""
        return self.connection.idle(seconds, stopping, alive)

    def _exists(self, name: str) -> bool:
        data = _check(self.connection.list('""', mailbox_name(name)), f"LIST {name!r}")
        return any(item is not None for item in data)


def _capabilities(connection: imaplib.IMAP4) -> list[str]:
    """Return what the server can do once logged in (it may say more than before login)."""
    data = _check(connection.capability(), "CAPABILITY")
    return bytes(data[-1] or b"").decode("ascii", "replace").upper().split()


def _check(answer: tuple[str, list[Any]], command: str) -> list[Any]:
    """Return an answer's data; raise :class:`MailboxError` unless the server said OK."""
    typ, data = answer
    if typ != "OK":
        raise MailboxError(f"{command}: {typ} {_words(data)}")
    return data


def _words(data: list[Any]) -> str:
    last = data[-1] if data else b""
    return last.decode(errors="replace") if isinstance(last, bytes) else str(last)


def _fetched(data: list[Any]) -> list[tuple[int, int, bytes]]:
    """Return (UID, size or 0, literal) of each message in a FETCH answer: imaplib gives
    each as a tuple (the line up to the literal, the literal) and the rest of its line."""
    found: list[tuple[bytes, bytes]] = []
    for item in data:
        if isinstance(item, tuple):
            found.append((item[0], item[1]))
        elif isinstance(item, bytes) and found:
            found[-1] = (found[-1][0] + b" " + item, found[-1][1])
    result = []
    for line, literal in found:
        uid, size = _UID.search(line), _SIZE.search(line)
        if uid is not None:
            result.append((int(uid[1]), int(size[1]) if size else 0, literal))
    return result
