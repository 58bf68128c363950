"""Build the email of an outbox ``email`` job: multipart text + HTML, stable Message-ID.

The payload is what ``service.plumbing.outbox.email_job`` wrote: ``to``, ``subject``, ``text`` and
optionally ``html``, ``reply_to``, ``headers`` (``List-Unsubscribe`` ...) and ``thread``
(the job key of the first email of the thread it belongs to). The Message-ID
comes from the job's dedupe key alone, so every retry of a job carries the same one and a
receiver can drop a copy it already has.

``List-Unsubscribe``, ``In-Reply-To`` and ``References`` hold ``<...>`` items that mail
clients look for as written: they are folded only at their spaces (after a comma, between
two ids) and never turned into RFC 2047 encoded-words, which the email library does to any
word longer than a line. Without that a client shows no unsubscribe button and does not
thread an answer.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from email.headerregistry import Address, BaseHeader, HeaderRegistry, UnstructuredHeader
from email.message import EmailMessage
from email.policy import SMTP, Policy
from email.utils import formatdate, parseaddr
from typing import Any

# Headers a payload may add; the rest (From, To, Message-ID ...) are the worker's to set.
EXTRA_HEADERS = frozenset({"List-Unsubscribe", "List-Unsubscribe-Post", "List-Id",
                           "Auto-Submitted", "In-Reply-To", "References",
                           "X-FF-Game", "X-FF-Seat", "X-FF-Kind"})

MAX_LINE = 998  # octets of a header line without its CRLF (RFC 5322 2.1.1)


class BadMessage(ValueError):
    """The payload cannot become an email (a missing field, a header not allowed, ...)."""


class ItemListHeader(UnstructuredHeader, BaseHeader):
    """A header of ``<...>`` items, folded at its spaces and never encoded.

    A value that cannot be written so (not ASCII, or an item too long for any line) is folded
    by the email library as any other header: the message is still sent.
    """

    def fold(self, *, policy: Policy) -> str:
        """Return ``Name: value`` with a line break before an item that would pass the policy's
        line length."""
        label, words = f"{self.name}:", str(self).split()
        if not str(self).isascii() or len(label) + 1 + max(map(len, words), default=0) > MAX_LINE:
            # BaseHeader's: the header registry makes each header class (this, BaseHeader).
            return super().fold(policy=policy)
        limit = policy.max_line_length or MAX_LINE
        lines = [label]
        for word in words:
            if lines[-1] != label and len(lines[-1]) + 1 + len(word) > limit:
                lines.append("")
            lines[-1] += " " + word
        return policy.linesep.join(lines) + policy.linesep


def _policy() -> Policy:
    """Return the SMTP policy with :class:`ItemListHeader` for the headers of ``<...>`` items."""
    registry = HeaderRegistry()
    for name in ("List-Unsubscribe", "In-Reply-To", "References"):
        registry.map_to_type(name, ItemListHeader)
    return SMTP.clone(header_factory=registry)


POLICY = _policy()


def message_id(dedupe_key: str, domain: str) -> str:
    """Return the Message-ID of the job with ``dedupe_key``: the same for every retry."""
    digest = hashlib.sha256(dedupe_key.encode()).hexdigest()[:40]
    return f"<{digest}@{domain}>"


def sender_domain(sender: str) -> str:
    """Return the domain of the ``From`` address (``localhost`` when it has none)."""
    _, address = parseaddr(sender)
    return address.rpartition("@")[2] or "localhost"


def _thread(message: EmailMessage, thread: str | None, dedupe_key: str, domain: str) -> None:
    """Make the message part of the thread whose first email's job key is ``thread``: its
    Message-ID first in References, and In-Reply-To it unless the message answers another.

    The first email need not have been sent (a seat that joined got no invitation): clients
    thread by References all the same.
    """
    if not thread or thread == dedupe_key:
        return
    root = message_id(thread, domain)
    references = str(message["References"] or "")
    if root not in references.split():
        del message["References"]
        message["References"] = f"{root} {references}".strip()
    if message["In-Reply-To"] is None:
        message["In-Reply-To"] = root


def build_message(payload: Mapping[str, Any], dedupe_key: str, sender: str) -> EmailMessage:
    """Return the message for a job's payload, sent from ``sender``.

    Raises :class:`BadMessage` when the payload lacks a field, names a header it may not
    set, or a value would break the header (a line break in a subject, say).
    """
    try:
        to, subject, text = payload["to"], payload["subject"], payload["text"]
    except KeyError as missing:
        raise BadMessage(f"the email job has no {missing.args[0]!r}") from None
    message = EmailMessage(policy=POLICY)
    try:
        message["From"] = sender
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = formatdate(localtime=False, usegmt=True)
        message["Message-ID"] = message_id(dedupe_key, sender_domain(sender))
        if payload.get("reply_to"):
            message["Reply-To"] = payload["reply_to"]
        for name, value in (payload.get("headers") or {}).items():
            if name not in EXTRA_HEADERS:
                raise BadMessage(f"an email job may not set the header {name!r}")
            message[name] = value
        _thread(message, payload.get("thread"), dedupe_key, sender_domain(sender))
        if "Auto-Submitted" not in message:
            # RFC 3834: no vacation auto-replies to a machine's mail.
            message["Auto-Submitted"] = "auto-generated"
        message.set_content(text)
        if payload.get("html"):
            message.add_alternative(payload["html"], subtype="html")
    except (ValueError, TypeError) as error:
        if isinstance(error, BadMessage):
            raise
        raise BadMessage(f"the email to {to!r} cannot be built: {error}") from error
    return message


def recipients(message: EmailMessage) -> list[str]:
    """Return the bare addresses of the message's ``To`` header."""
    header = message["To"]
    return [address.addr_spec for address in getattr(header, "addresses", ())
            if isinstance(address, Address)]
