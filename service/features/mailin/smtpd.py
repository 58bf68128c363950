"""The SMTP door: a small receiver (aiosmtpd) for self-hosters, run by ``python -m worker.smtpd``.

It listens on ``MAILIN_SMTP_HOST:MAILIN_SMTP_PORT``, accepts only recipients that are reply
addresses of this service (it relays nothing), refuses messages over
``MAIL_INBOUND_MAX_BYTES`` (552), and answers 250 only once the message is handled and
committed. Only a fault that passes (the database unreachable, busy or its connection lost)
is answered 451, so that the sending server tries again later (the handling is idempotent:
``service.features.mailin.service``). A message that can never be read is refused for good (554
5.6.0), and so is one whose handling failed on a bug: the same bytes would fail the same way
at every retry, for days, each time with a traceback in the log, while a refusal bounces at
once and tells the player that the move was not taken. The database work runs in a thread,
off the event loop.

aiosmtpd logs every command it receives at INFO (``RCPT TO:<play+...>``), and whoever holds a
reply address can play its seat: a receiver made here hides the signature of every reply
address in every line aiosmtpd logs (:class:`MaskReplyAddresses`), as the service's own lines
and tables do (``service.features.mail.addresses.masked``), and keeps the rest of the line.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from flask import Flask

from service.features.mail.addresses import is_reply_address, masked
from service.features.mailin.parse import Unreadable
from service.features.mailin.service import receive
from service.plumbing.errors import first_line, is_passing

logger = logging.getLogger(__name__)

# aiosmtpd's loggers: its sessions' ("mail.log": each command line, each recipient) and its
# bundled handlers' and PROXY protocol's ("mail.debug").
AIOSMTPD_LOGGERS = ("mail.log", "mail.debug")


class MaskReplyAddresses(logging.Filter):
    """Hides the signatures of reply addresses in a log record, its traceback included."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's text with every signature hidden; let it through."""
        message = record.getMessage()
        hidden = masked(message)
        if hidden != message:
            record.msg, record.args = hidden, ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = masked(record.exc_text)
        return True


def mask_reply_addresses_in_aiosmtpd_log() -> None:
    """Put :class:`MaskReplyAddresses` on aiosmtpd's loggers (once per process)."""
    for name in AIOSMTPD_LOGGERS:
        log = logging.getLogger(name)
        if not any(isinstance(existing, MaskReplyAddresses) for existing in log.filters):
            log.addFilter(MaskReplyAddresses())


class InboundHandler:
    """aiosmtpd handler: take RCPT only for reply addresses, hand DATA to the service."""

    def __init__(self, app: Flask) -> None:
        self.app = app

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        """Accept a reply address of ours; refuse any other (no relaying)."""
        with self.app.app_context():
            ours = is_reply_address(address)
        if not ours:
            return "550 5.1.1 not a reply address of this service"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        """Handle the message; 250 once done, 451 (try later) if a passing fault stopped it,
        554 if it can never be handled."""
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        try:
            results = await asyncio.to_thread(self._receive, raw, list(envelope.rcpt_tos),
                                              envelope.mail_from)
        except Unreadable as error:  # logged by the service
            return f"554 5.6.0 the message cannot be read: {error}"
        except Exception as error:
            if not is_passing(error):
                logger.exception("inbound message from %s could not be handled",
                                 envelope.mail_from)
                return "554 5.3.0 the message could not be handled"
            # The sending server keeps the message and delivers it again; one line each time.
            logger.warning("inbound message from %s deferred, the database is unavailable: %s",
                           envelope.mail_from, first_line(error))
            return "451 4.3.0 cannot take the message now, try again later"
        logger.info("inbound message from %s: %s", envelope.mail_from,
                    ", ".join(f"{r.recipient} {r.status} {r.code or ''}".strip()
                              for r in results))
        return "250 OK"

    def _receive(self, raw: bytes, recipients: list[str], mail_from: str | None) -> list[Any]:
        with self.app.app_context():
            return receive(raw, recipients, "" if mail_from in ("", "<>") else mail_from)


def make_controller(app: Flask, host: str | None = None, port: int | None = None) -> Controller:
    """Return a (not yet started) receiver for ``app`` on ``host:port`` (default: config),
    aiosmtpd's log lines masked (:func:`mask_reply_addresses_in_aiosmtpd_log`)."""
    mask_reply_addresses_in_aiosmtpd_log()
    config = app.config
    limit = int(config["MAIL_INBOUND_MAX_BYTES"])
    return Controller(InboundHandler(app), hostname=host or config["MAILIN_SMTP_HOST"],
                      port=port or int(config["MAILIN_SMTP_PORT"]), data_size_limit=limit)
