"""Helpers of the play-by-email tests: games with a reply address, replies, what was sent."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.features.mail.addresses import reply_address
from service.features.mailin.models import InboundMail
from service.features.mailin.smtpd import make_controller
from service.kernel.models import Action, Game
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from service.plumbing.sealing import unseal
from tests.service.helpers import NewGame, create_game
from tests.support.ports import HOST, free_port
from worker.relay import relay

FIXTURES = Path(__file__).parent / "fixtures"
ANN = "ann@example.com"
LEGAL = "green 5 +"  # seat 0 (green) enters with figure 5 at p11
ILLEGAL = "green 5 NNNN"  # a figure outside must enter first


def new_game(client: FlaskClient) -> NewGame:
    """Create a two-seat game: Ann (seat 0, green, with an address) to move, Bob."""
    return create_game(client)


def address_of(app: Flask, game: NewGame, seat: int = 0) -> str:
    """Return the seat's reply address."""
    with app.app_context():
        return reply_address(game.id, seat)


def reply(to: str, text: str, *, sender: str = ANN, message_id: str | None = None,
          headers: dict[str, str] | None = None, html: str | None = None) -> bytes:
    """Return a raw reply to a "your move" email: ``text`` above a quoted history."""
    message = EmailMessage()
    message["From"] = f"Ann <{sender}>"
    message["To"] = to
    message["Subject"] = "Re: Your move in Fearsome Floors"
    message["Date"] = "Mon, 23 Nov 2026 12:05:00 +0000"
    message["Message-ID"] = message_id or make_msgid(domain="example.com")
    for name, value in (headers or {}).items():
        message[name] = value
    body = f"{text}\n\nOn Mon, 23 Nov 2026 at 12:01, Fearsome Floors wrote:\n> It is your turn.\n"
    if html is None:
        message.set_content(body)
    else:
        message.set_content(html, subtype="html")
    return message.as_bytes()


def nested_reply(to: str, depth: int, container: str = "message/rfc822") -> bytes:
    """Return a reply to ``to`` whose line ``board`` lies ``depth`` levels deep, each level a
    ``message/rfc822`` or a ``multipart/mixed`` part."""
    body = b"Content-Type: text/plain\r\n\r\nboard\r\n"
    for level in range(depth):
        if container == "message/rfc822":
            body = b"Content-Type: message/rfc822\r\n\r\n" + body
        else:
            boundary = f"b{level}".encode()
            body = (b"Content-Type: multipart/mixed; boundary=" + boundary + b"\r\n\r\n--"
                    + boundary + b"\r\n" + body + b"\r\n--" + boundary + b"--\r\n")
    return _headers(to, f"nested {depth} deep") + body


def many_parts_reply(to: str, parts: int) -> bytes:
    """Return a reply to ``to`` of one ``multipart/mixed`` holding ``parts`` text parts (16
    bytes each: 10,000 stay under the default ``MAIL_INBOUND_MAX_BYTES``)."""
    return (_headers(to, f"{parts} parts")
            + b"Content-Type: multipart/mixed; boundary=b\r\n\r\n"
            + b"--b\r\n\r\nboard\r\n" * parts + b"--b--\r\n")


POISONS = ("message-1000-deep", "10000-parts")


def poison(kind: str, to: str) -> bytes:
    """Return a message to ``to`` that can never be read (one of ``POISONS``): its text 1,000
    ``message/rfc822`` parts deep, or split into 10,000 parts."""
    return nested_reply(to, 1000) if kind == "message-1000-deep" else many_parts_reply(to, 10_000)


def _headers(to: str, subject: str) -> bytes:
    return (f"From: Ann <{ANN}>\r\nTo: {to}\r\nSubject: {subject}\r\n"
            f"Message-ID: <{subject.replace(' ', '-')}@example.com>\r\n"
            "MIME-Version: 1.0\r\n").encode()


def version_of(app: Flask, game: NewGame) -> int:
    """Return the game's version."""
    with app.app_context():
        found = db.session.get(Game, game.id)
        assert found is not None
        version = found.version
        db.session.rollback()
        return version


def actions_of(app: Flask, game: NewGame) -> list[str]:
    """Return the notation of every action the game took."""
    with app.app_context():
        notations = list(db.session.scalars(
            select(Action.notation).where(Action.game_id == game.id).order_by(Action.seq)))
        db.session.rollback()
        return notations


def inbound_rows(app: Flask) -> list[InboundMail]:
    """Return every inbound log row, oldest first (detached)."""
    with app.app_context():
        rows = list(db.session.scalars(select(InboundMail).order_by(InboundMail.id)))
        db.session.expunge_all()
        db.session.rollback()
        return rows


def answers(app: Flask) -> list[dict[str, Any]]:
    """Return the payloads of the answers written to the outbox, oldest first."""
    with app.app_context():
        rows = db.session.scalars(select(Outbox).where(Outbox.dedupe_key.like("mailin:%"))
                                  .order_by(Outbox.id))
        payloads = [unseal(row.payload) for row in rows]  # as the worker builds the mail
        db.session.rollback()
        return payloads


@contextmanager
def receiving(app: Flask) -> Iterator[Controller]:
    """Run our SMTP receiver for ``app`` on a free loopback port."""
    controller = make_controller(app, HOST, free_port())
    controller.start()
    try:
        yield controller
    finally:
        controller.stop()


def send_answers(app: Flask) -> dict[int, str]:
    """Run the outbox relay on the answers to inbound mail; return each row's new status."""
    with app.app_context():
        ids = list(db.session.scalars(select(Outbox.id).where(
            Outbox.dedupe_key.like("mailin:%"), Outbox.status == "pending")))
        db.session.rollback()
        return relay(ids)
