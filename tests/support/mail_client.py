"""What a player's mail program does with the service's mails: shows their plain text, and
writes a reply to one (to its Reply-To, threaded, the old mail quoted below the answer)."""

from __future__ import annotations

from email.message import EmailMessage, Message
from email.utils import make_msgid


def body_of(message: Message) -> str:
    """Return the plain-text part of a mail."""
    part = message.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
    return str(part.get_content())


def reply_to(message: Message, sender: str, text: str) -> EmailMessage:
    """Return the reply a mail client makes to ``message``: from ``sender`` to its Reply-To,
    ``text`` above the quoted mail, threaded by In-Reply-To and References."""
    reply = EmailMessage()
    reply["From"] = sender
    reply["To"] = message["Reply-To"]
    reply["Subject"] = "Re: " + str(message["Subject"])
    reply["In-Reply-To"] = message["Message-ID"]
    reply["References"] = f"{message['References'] or ''} {message['Message-ID']}".strip()
    reply["Message-ID"] = make_msgid(domain="example.com")
    quoted = "\n".join(f"> {line}" for line in body_of(message).splitlines())
    reply.set_content(f"{text}\n\nOn Tuesday, Fearsome Floors wrote:\n{quoted}\n")
    return reply
