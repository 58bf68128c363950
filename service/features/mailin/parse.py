"""Read an inbound message: who sent it, whether a machine did, and the lines the player wrote.

The player's own text is the first part of the body that is not quoted: ``mail-parser-reply``
(maintained, MIT, no dependencies) cuts the body at the header a client puts above the
quoted history ("On … wrote:" of Gmail, Apple Mail and Thunderbird, Outlook's "From: … Sent:"
block and "-----Original Message-----", in several languages) and separates signatures;
lines still starting with ``>`` (a reply written below the quote) are dropped. HTML-only
mail is turned into text first by :class:`_TextOfHtml`, which leaves out the quote and
signature containers that the common clients mark (``blockquote``, ``gmail_quote``,
``moz-cite-prefix``, Outlook's ``divRplyFwdMsg`` ...). Attachments are never read.

A message is read only within bounds that no reply comes near: at most ``MAX_PARTS`` MIME
parts (counted while the email package parses, which stops at the first one too many) and
``MAX_DEPTH`` levels of nesting. The email package recurses once per level of nesting, of
parts and of comments in a header, so a message built a thousand levels deep would otherwise
end in a RecursionError, the same at every delivery: such a message is :class:`Unreadable`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesFeedParser
from email.policy import Policy
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

from mailparser_reply import EmailReplyParser

from service.features.mailin.words import NOTE_WORDS, SAY_WORDS
from service.plumbing.text import BIDI_CONTROLS

MAX_LINES = 5  # the command is looked for in the first lines the player wrote
MAX_LINE = 200
LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "sv", "da", "pl", "cs"]
BOUNCE_SENDERS = ("mailer-daemon", "postmaster")
BULK_PRECEDENCE = ("bulk", "junk", "list")
MAX_PARTS = 100  # MIME parts, the message itself included; a reply has a handful
MAX_DEPTH = 10  # levels of nesting below the message; a reply has two or three
MAX_SUBJECT = 200
MAX_MESSAGE_ID = 250
# A msg-id (RFC 5322 3.6.4) as we copy it into In-Reply-To: printable ASCII, no white space,
# no angle brackets inside, one "@".
_MESSAGE_ID = re.compile(r"<[!-;=?A-~]+@[!-;=?A-~]+>")

_QUOTE_CLASSES = {"gmail_quote", "gmail_signature", "moz-cite-prefix", "moz-signature",
                  "yahoo_quoted", "protonmail_quote", "signature"}
_SIGNATURE_IDS = {"signature", "signature-x"}
# Outlook puts the quoted history after these, not inside them: nothing after them counts.
_HISTORY_IDS = {"divrplyfwdmsg", "x_divrplyfwdmsg", "appendonsend"}
_BLOCKS = {"p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table",
           "blockquote", "hr"}
_VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source"}
_SKIPPED = {"script", "style", "head", "title"}


class Unreadable(ValueError):
    """The message can never be read: nested or split beyond any reply, or too deeply for the
    email package. Delivering it again changes nothing."""


@dataclass(frozen=True, slots=True)
class Inbound:
    """What the service needs of an inbound message."""

    sender: str  # the From address, lower case ("" when there is none)
    message_id: str | None
    subject: str
    date: str
    body: str  # the whole text body (HTML converted), used for the content dedupe
    lines: list[str]  # the first lines the player wrote, not quoted
    said: str | None  # what a "say" line asks to post to the table (None: no such line)
    noted: str | None  # what a "note" line adds to the seat's note (None: no such line)
    automatic: str | None  # why the message is from a machine (None: from a person)
    recipients: list[str]  # the To and Cc addresses, lower case


def read(raw: bytes, envelope_sender: str | None = None) -> Inbound:
    """Read a raw RFC 5322 message; ``envelope_sender`` is SMTP's MAIL FROM ("" for <>).

    Raises :class:`Unreadable` for a message beyond ``MAX_PARTS`` or ``MAX_DEPTH``, or nested
    too deeply anywhere for the email package.
    """
    try:
        return _read(raw, envelope_sender)
    except RecursionError:
        # Only nesting makes the email package recurse this deep (comments in a header):
        # the same bytes would fail the same way at every delivery.
        raise Unreadable("it is nested too deep for the email parser") from None


def _read(raw: bytes, envelope_sender: str | None) -> Inbound:
    message = parse_bounded(raw)
    sender = parseaddr(_header(message, "From"))[1].lower() or (envelope_sender or "").lower()
    body = body_text(message)
    written = reply_text(body)
    recipients = [address.lower() for _, address in
                  getaddresses([_header(message, "To"), _header(message, "Cc")]) if address]
    return Inbound(sender=sender, message_id=message_id_of(_header(message, "Message-ID")),
                   subject=one_line(_header(message, "Subject"))[:MAX_SUBJECT],
                   date=_header(message, "Date").strip(), body=body,
                   lines=command_lines(written), said=said_text(written),
                   noted=noted_text(written),
                   automatic=automatic_reason(message, envelope_sender, sender),
                   recipients=recipients)


def parse_bounded(raw: bytes) -> EmailMessage:
    """Parse ``raw``; raise :class:`Unreadable` past ``MAX_PARTS`` parts (as soon as the parser
    makes one too many) or ``MAX_DEPTH`` levels."""
    parts = _PartCounter()
    parser = BytesFeedParser(parts, policy=policy.default)
    parts.count = 0  # the parser made one part to try the factory
    parser.feed(raw)
    message = parser.close()
    assert isinstance(message, EmailMessage)
    levels = [(message, 0)]  # depth first, without recursion
    while levels:
        part, depth = levels.pop()
        if depth > MAX_DEPTH:
            raise Unreadable(f"its MIME parts are nested more than {MAX_DEPTH} deep")
        if part.is_multipart():  # multipart/* and message/*: a list of parts
            levels.extend((child, depth + 1) for child in part.get_payload()
                          if isinstance(child, EmailMessage))
    return message


class _PartCounter:
    """The parser's message factory: an :class:`EmailMessage` per part, up to ``MAX_PARTS``."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, policy: Policy | None = None) -> EmailMessage:
        """Return a new part, or raise :class:`Unreadable` for one part too many."""
        self.count += 1
        if self.count > MAX_PARTS:
            raise Unreadable(f"it has more than {MAX_PARTS} parts")
        return EmailMessage(policy)


def message_id_of(value: str) -> str | None:
    """Return ``value`` as a msg-id to thread an answer with, None when it is not a
    well-formed one (it is copied into headers, where a line break would break the answer)."""
    value = value.strip()
    return value if len(value) <= MAX_MESSAGE_ID and _MESSAGE_ID.fullmatch(value) else None


def one_line(text: str) -> str:
    """Return ``text`` as one line of plain text: bidirectional controls and other control
    characters left out, each run of white space made one space."""
    kept = "".join(char for char in text if char not in BIDI_CONTROLS
                   and (char.isspace() or unicodedata.category(char) != "Cc"))
    return " ".join(kept.split())


def _header(message: EmailMessage, name: str) -> str:
    try:
        value = message.get(name)
    except (ValueError, IndexError):  # a header too broken for the policy to parse: none
        return ""
    return str(value) if value is not None else ""


def automatic_reason(message: EmailMessage, envelope_sender: str | None,
                     sender: str) -> str | None:
    """Return why the message was sent by a machine (no reply then), or None.

    Bounces (a null sender, MAILER-DAEMON, a delivery report) and auto-replies
    (``Auto-Submitted`` other than ``no``, RFC 3834; ``Precedence`` bulk, junk or list;
    ``X-Autoreply``) are never answered, so that no mail loop can start.
    """
    if envelope_sender == "" or _header(message, "Return-Path").strip() == "<>":
        return "null sender (a bounce)"
    if sender.partition("@")[0] in BOUNCE_SENDERS:
        return f"sent by {sender} (a bounce)"
    if message.get_content_type() == "multipart/report":
        return "a delivery report"
    auto = _header(message, "Auto-Submitted").split(";")[0].strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = _header(message, "Precedence").strip().lower()
    if precedence in BULK_PRECEDENCE:
        return f"Precedence: {precedence}"
    if _header(message, "X-Autoreply").strip() or _header(message, "X-Autorespond").strip():
        return "an auto-reply (X-Autoreply)"
    return None


def body_text(message: EmailMessage) -> str:
    """Return the message's text: its plain part, else its HTML part as text; never an
    attachment."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        content = part.get_content()
    except (LookupError, ValueError):  # an unknown charset or a broken transfer encoding
        payload = part.get_payload(decode=True)
        content = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""
    if not isinstance(content, str):
        return ""
    return html_to_text(content) if part.get_content_type() == "text/html" else content


def html_to_text(html: str) -> str:
    """Return the text of an HTML body without the quoted history and signatures."""
    reader = _TextOfHtml()
    reader.feed(html)
    reader.close()
    return reader.text()


def reply_text(body: str) -> str:
    """Return what the player wrote: the body without the quoted history and signature."""
    replies = EmailReplyParser(languages=LANGUAGES).read(body.replace("\r\n", "\n")).replies
    text = replies[0].body if replies else ""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))


# "say" and "note", or another language's word for them (service.features.mailin.words): whole
# words from anyone.
SAY = re.compile("(?:" + "|".join(SAY_WORDS) + r")(?::|\s|$)\s*", re.IGNORECASE)
NOTE = re.compile("(?:" + "|".join(NOTE_WORDS) + r")(?::|\s|$)\s*", re.IGNORECASE)
MAX_SAID = 2000  # read at most; the table takes 500 characters (service.features.talk)


def said_line(line: str) -> bool:
    """True when ``line`` asks to post a message to the table: it is ``say`` (or a
    language's word for it: ``sag``, ``di``, ``powiedz``), or starts with it and a colon or a
    space."""
    return SAY.match(line.strip()) is not None


def noted_line(line: str) -> bool:
    """True when ``line`` adds to the seat's private note: it is ``note`` (or a language's
    word for it: ``notiz``, ``nota``, ``notatka``), or starts with it and a colon or a
    space."""
    return NOTE.match(line.strip()) is not None


def said_text(text: str) -> str | None:
    """Return what the player asks to post to the table: after the first ``say`` line
    (:func:`said_line`), the rest of that line and the lines after it up
    to a blank line. None without such a line."""
    return _text_after(text, SAY)


def noted_text(text: str) -> str | None:
    """Return what the player adds to their note, read as :func:`said_text` reads a message
    (after the first ``note`` line); "" for ``note`` alone; None without such a line."""
    return _text_after(text, NOTE)


def _text_after(text: str, start: re.Pattern[str]) -> str | None:
    """Return the rest of the first line ``start`` begins, and the lines after it up to a
    blank line (None without such a line)."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        found = start.match(line.strip())
        if found is None:
            continue
        said = [line.strip()[found.end():]]
        for following in lines[index + 1:]:
            if not following.strip():
                break
            said.append(following.strip())
        return "\n".join(said).strip()[:MAX_SAID]
    return None


def command_lines(text: str) -> list[str]:
    """Return the first non-empty lines of ``text``, spaces collapsed, each cut to a length."""
    lines = (" ".join(line.split()) for line in text.splitlines())
    return [line[:MAX_LINE] for line in lines if line][:MAX_LINES]


class _TextOfHtml(HTMLParser):
    """Collect an HTML body's text, one line per block, leaving out quotes and signatures."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._parts: list[str] = []
        self._stack: list[tuple[str, bool]] = []  # open elements: tag, whether it hides text
        self._history = False  # past the start of Outlook's quoted history

    def _hidden(self) -> bool:
        return self._history or any(hides for _, hides in self._stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Open an element; a quote or signature container hides everything inside it."""
        values = dict(attrs)
        classes = set((values.get("class") or "").lower().split())
        element_id = (values.get("id") or "").lower()
        self._history = self._history or element_id in _HISTORY_IDS
        hides = (tag in _SKIPPED or tag == "blockquote" or bool(classes & _QUOTE_CLASSES)
                 or element_id in _SIGNATURE_IDS)
        if tag in _BLOCKS:
            self._parts.append("\n")
        if tag not in _VOID:
            self._stack.append((tag, hides))

    def handle_endtag(self, tag: str) -> None:
        """Close the element (and any left open inside it)."""
        for index in range(len(self._stack) - 1, -1, -1):
            if self._stack[index][0] == tag:
                del self._stack[index:]
                break
        if tag in _BLOCKS:
            self._parts.append("\n")

    def handle_data(self, data: str) -> None:
        """Keep text outside hidden elements."""
        if not self._hidden():
            self._parts.append(data.replace("\xa0", " "))

    def text(self) -> str:
        """Return the text, one line per block, runs of blank lines made one."""
        lines = [" ".join(line.split()) for line in "".join(self._parts).splitlines()]
        return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
