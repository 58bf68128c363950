"""The IMAP door: play by mail through an ordinary mailbox, for groups that cannot point a
domain's MX at a server. Run by ``python -m worker.imap``.

The mailbox is one account with plus addressing (``play+<token>@`` reaches the account
``play@``), read over IMAP with the ``FF_MAILIN_IMAP_*`` settings
(:class:`~service.features.mailin.mailbox.ImapSettings`). A message is *ours* when one of its
Delivered-To, X-Original-To, Envelope-To, X-Envelope-To, To or Cc addresses is a reply
address of this service (:func:`~service.features.mail.addresses.is_reply_address`);
everything else in the folder is left as it is: not moved, not flagged, not marked seen
(headers and bodies are read with ``BODY.PEEK``).

Each message of ours goes through :func:`~service.features.mailin.service.receive`, as the
SMTP and HTTP doors hand theirs, and only once that has committed is it moved to
``FF_MAILIN_IMAP_DONE_FOLDER``. So a crash or a dropped connection between the two leaves
the message in the folder, it is read again at the next pass, and ``receive`` finds it
logged (by Message-ID, or by content) and does nothing again: nothing is lost and nothing is
applied twice. A message that can never be handled (unreadable, too large, or failing on a
bug: the SMTP door refuses these for good) goes to ``FF_MAILIN_IMAP_FAILED_FOLDER`` for
the operator, with a line in the log; one met while the database is unavailable stays and is
tried again after ``FF_MAILIN_IMAP_POLL_SECONDS``.

Between passes the door waits in IDLE (RFC 2177), left and entered again at least every
``FF_MAILIN_IMAP_IDLE_SECONDS``, and passes again as soon as the server tells of new mail;
on a server without IDLE (or with ``FF_MAILIN_IMAP_IDLE_SECONDS=0``) it polls every
``FF_MAILIN_IMAP_POLL_SECONDS``. A connection that fails is made again, waiting 1 s, then
twice as long each time up to a minute.
"""

from __future__ import annotations

import imaplib
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from email.message import Message
from email.utils import getaddresses, parseaddr

from flask import Flask

from service.features.mail.addresses import is_reply_address
from service.features.mailin.imap_connection import MailboxError
from service.features.mailin.mailbox import Headers, ImapSettings, Mailbox
from service.features.mailin.parse import Unreadable, one_line
from service.features.mailin.service import MessageTooLarge, Result, receive
from service.plumbing.errors import first_line, is_passing

logger = logging.getLogger(__name__)

RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "Envelope-To", "X-Envelope-To", "To",
                     "Cc")
BATCH = 50  # messages whose headers one FETCH asks for
FIRST_RETRY_SECONDS = 1.0
LAST_RETRY_SECONDS = 60.0
CONNECTION_FAULTS = (imaplib.IMAP4.error, OSError, MailboxError)
"""What ends a connection: the server's refusals and aborts, the network's and TLS's
faults (``ssl.SSLError`` is an OSError). The door connects again after each."""


class Deferred(Exception):
    """A message of ours met a passing fault (the database unavailable): it stays in the
    folder and is tried again at the next pass."""


def recipients_of(headers: Message) -> list[str]:
    """Return the reply addresses of ours among the message's recipient headers, each once."""
    values = [str(value) for name in RECIPIENT_HEADERS for value in headers.get_all(name, [])]
    found = (address.strip().lower() for _name, address in getaddresses(values))
    return [address for address in dict.fromkeys(found) if address and is_reply_address(address)]


def envelope_sender_of(headers: Message) -> str | None:
    """Return the envelope sender the delivering server wrote in Return-Path ("" for the null
    sender of a bounce), None when there is none."""
    value = headers.get("Return-Path")
    if value is None:
        return None
    return "" if str(value).strip() == "<>" else parseaddr(str(value))[1] or None


class Door:
    """Reads the folder and hands each message of ours to the service; remembers, per
    UIDVALIDITY, which messages are not ours, so that they are looked at once."""

    def __init__(self, app: Flask, settings: ImapSettings) -> None:
        self.app = app
        self.settings = settings
        self.limit = int(app.config["MAIL_INBOUND_MAX_BYTES"])
        self.not_ours: set[tuple[int, int]] = set()

    def serve(self, mailbox: Mailbox, stop: threading.Event, alive: Callable[[], None]) -> None:
        """Pass over the folder, then wait (IDLE or poll), until ``stop`` is set; a fault of
        the connection ends it (raised). ``alive`` is called at each step."""
        idle = mailbox.has_idle and self.settings.idle_seconds > 0
        while not stop.is_set():
            try:
                self.sweep(mailbox, stop)
                deferred = False
            except Deferred:
                deferred = True
            alive()
            if stop.is_set() or (not deferred and mailbox.has_news()):
                continue
            if idle and not deferred:
                mailbox.idle(self.settings.idle_seconds, stop.is_set, alive)
            else:
                _wait(self.settings.poll_seconds, stop, alive)

    def sweep(self, mailbox: Mailbox, stop: threading.Event) -> None:
        """Handle every message of ours now in the folder, oldest first."""
        uids = mailbox.uids()
        known = {(mailbox.validity, uid) for uid in uids}
        self.not_ours &= known  # forget what has left the folder
        unseen = [uid for uid in uids if (mailbox.validity, uid) not in self.not_ours]
        for batch in _batches(unseen, BATCH):
            for found in mailbox.headers(batch):
                if stop.is_set():
                    return
                with self.app.app_context():  # the reply addresses' form is the app's
                    recipients = recipients_of(found.message)
                if recipients:
                    self.handle(mailbox, found, recipients)
                else:
                    self.not_ours.add((mailbox.validity, found.uid))

    def handle(self, mailbox: Mailbox, found: Headers, recipients: list[str]) -> None:
        """Hand the message to the service; once that has committed, move it to the done
        folder (a message that can never be handled: to the failed folder)."""
        sender = envelope_sender_of(found.message)
        name = _name(found)
        if found.size > self.limit:
            self._fail(mailbox, found.uid, name, f"it has {found.size} bytes; at most "
                       f"{self.limit} are read (FF_MAIL_INBOUND_MAX_BYTES)")
            return
        raw = mailbox.body(found.uid)
        if raw is None:  # moved or deleted meanwhile by another client
            return
        try:
            with self.app.app_context():
                results = receive(raw, recipients, sender)
        except (Unreadable, MessageTooLarge) as error:  # Unreadable is logged by the service
            self._fail(mailbox, found.uid, name, str(error))
            return
        except Exception as error:
            if is_passing(error):
                logger.warning("IMAP message %s deferred, the database is unavailable: %s",
                               name, first_line(error))
                raise Deferred from error
            # A bug: the same bytes would fail the same way at every pass.
            logger.exception("IMAP message %s could not be handled; moving it to %r", name,
                             self.settings.failed_folder)
            mailbox.move(found.uid, self.settings.failed_folder)
            return
        # Committed. A crash from here on leaves the message in the folder, and the next
        # pass finds it logged: receive() counts it as a duplicate and does nothing again.
        mailbox.move(found.uid, self.settings.done_folder)
        logger.info("IMAP message %s: %s", name, _outcomes(results))

    def _fail(self, mailbox: Mailbox, uid: int, name: str, reason: str) -> None:
        logger.warning("IMAP message %s can never be handled (%s); moving it to %r",
                       name, reason, self.settings.failed_folder)
        mailbox.move(uid, self.settings.failed_folder)


def run(app: Flask, settings: ImapSettings, stop: threading.Event,
        alive: Callable[[], None] = lambda: None) -> None:
    """Serve the mailbox until ``stop`` is set, connecting again after every fault.

    ``alive`` is called whenever the door has just done a step with a working connection
    (about every second while it waits), never while it cannot reach the mailbox: the IMAP
    door's heartbeat.
    """
    door = Door(app, settings)
    delay = FIRST_RETRY_SECONDS

    def step() -> None:
        nonlocal delay
        delay = FIRST_RETRY_SECONDS  # the connection works: a later fault waits 1 s again
        alive()

    while not stop.is_set():
        try:
            with Mailbox.connect(settings) as mailbox:
                logger.info("reading %s: %s", settings.describe(),
                            "IDLE" if mailbox.has_idle and settings.idle_seconds > 0 else
                            f"polling every {settings.poll_seconds:g} s")
                door.serve(mailbox, stop, step)
        except CONNECTION_FAULTS as error:
            logger.warning("IMAP mailbox %s: %s: %s; connecting again in %g s",
                           settings.describe(), type(error).__name__, error, delay)
            stop.wait(delay)
            delay = min(2 * delay, LAST_RETRY_SECONDS)


def _wait(seconds: float, stop: threading.Event, alive: Callable[[], None]) -> None:
    """Wait ``seconds`` or until ``stop``, calling ``alive`` every second."""
    for _second in range(max(1, round(seconds))):
        if stop.wait(min(1.0, seconds)):
            return
        alive()


def _name(found: Headers) -> str:
    """Name a message for the log: its UID, Message-ID and sender."""
    sender = parseaddr(str(found.message.get("From", "")))[1] or "no sender"
    message_id = one_line(str(found.message.get("Message-ID", "(no Message-ID)")))[:250]
    return one_line(f"{found.uid} {message_id} from {sender}")


def _batches(items: Sequence[int], size: int) -> Iterator[Sequence[int]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _outcomes(results: list[Result]) -> str:
    return ", ".join(f"{r.recipient} {r.status} {r.code or ''}".strip()
                     + (" (a duplicate)" if r.duplicate else "") for r in results) or "nothing"
