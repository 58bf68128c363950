"""A real SMTP server (aiosmtpd) on a loopback port that keeps every message it accepts."""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass
from email.message import Message

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from tests.support.inbox import Inbox
from tests.support.ports import HOST, free_port


@dataclass(frozen=True)
class ReceivedMail:
    """One accepted message: the envelope's sender and recipients, and the parsed message."""

    mail_from: str
    rcpt_tos: tuple[str, ...]
    message: Message
    raw: bytes  # as it came over the wire


class _KeepingHandler:
    """aiosmtpd handler that puts each message into an inbox and accepts it."""

    def __init__(self, inbox: Inbox[ReceivedMail]) -> None:
        self.inbox = inbox

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        """Parse and keep the message, then answer 250."""
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        self.inbox.put(ReceivedMail(envelope.mail_from, tuple(envelope.rcpt_tos), message,
                                    envelope.original_content))
        return "250 Message accepted for delivery"


class SmtpServer:
    """An SMTP server that can be stopped and started again on the same port.

    aiosmtpd's ``Controller`` refuses port 0, so the port is chosen before the first start.
    Messages survive a stop and start; ``clear`` forgets them.
    """

    def __init__(self, port: int | None = None, host: str = HOST) -> None:
        self.host = host
        self.port = port if port is not None else free_port()
        self.inbox: Inbox[ReceivedMail] = Inbox()
        self._controller: Controller | None = None

    @property
    def is_running(self) -> bool:
        """Return whether the server accepts connections."""
        return self._controller is not None

    def start(self) -> None:
        """Start serving on the port (in a thread with its own event loop)."""
        if self._controller is not None:
            raise RuntimeError(f"the SMTP server on port {self.port} is running already")
        controller = Controller(_KeepingHandler(self.inbox), hostname=self.host, port=self.port)
        controller.start()
        self._controller = controller

    def stop(self) -> None:
        """Stop serving: connections to the port are refused until ``start``."""
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def messages(self) -> list[ReceivedMail]:
        """Return every message accepted so far, oldest first."""
        return self.inbox.items()

    def wait_for(self, count: int = 1, timeout: float = 10.0) -> list[ReceivedMail]:
        """Wait until ``count`` messages arrived and return all messages."""
        return self.inbox.wait_for(count, timeout)

    def clear(self) -> None:
        """Forget the messages received so far."""
        self.inbox.clear()
