"""Helpers of the home and email tests: the worker's part, the mails that reach the SMTP
server, the links in them."""

from __future__ import annotations

import re
from datetime import datetime
from email.message import EmailMessage, Message
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.features.home.service import HOME_LINK
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.mail.helpers import email_rows
from tests.service.helpers import API, auth
from tests.support.smtp_server import SmtpServer
from worker import relay

HOME = f"{API}/home"
ASK = f"{API}/home/link"
ANN = "ann@example.com"


def ask_for_home(client: FlaskClient, email: str) -> None:
    """Ask for a link to one's games; check the answer that every address gets."""
    response = client.post(ASK, json={"email": email})
    assert response.status_code == 202, response.get_data(as_text=True)
    assert response.get_json() == {
        "message": "If this address belongs to a player, a link to their games is on the way."}


def run_worker(app: Flask, now: datetime | None = None) -> dict[int, str]:
    """Do what the worker does with every due outbox row, until none is left: a home link
    job writes an email row, which the next round sends. Return each row's outcome."""
    outcome: dict[int, str] = {}
    with app.app_context():
        while done := relay.sweep(now or utcnow()):
            outcome.update(done)
    return outcome


def outbox_kinds(app: Flask) -> list[str]:
    """Return the kind of every outbox row, oldest first."""
    with app.app_context():
        return list(db.session.scalars(select(Outbox.kind).order_by(Outbox.id)))


def text_of(message: Message) -> str:
    """Return a received mail's plain text part."""
    assert isinstance(message, EmailMessage)
    part = message.get_body(("plain",))
    assert isinstance(part, EmailMessage)
    return str(part.get_content())


def mails_to(smtp: SmtpServer, address: str, subject: str) -> list[Message]:
    """Return the received mails to ``address`` (in any case) whose subject contains
    ``subject``."""
    return [m.message for m in smtp.messages()
            if address.lower() in (to.lower() for to in m.rcpt_tos)
            and subject in str(m.message["Subject"])]


def home_token_in(message: Message) -> str:
    """Return the home token of a home link mail (``.../home#h=<token>``)."""
    [token] = set(re.findall(r"/home#h=([A-Za-z0-9_-]+)", text_of(message)))
    return token


def read_home(client: FlaskClient, token: str) -> dict[str, Any]:
    """Return the list of games a home token opens."""
    response = client.get(HOME, headers=auth(token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def home_token(app: Flask, client: FlaskClient, email: str = ANN) -> str:
    """Ask for a link to ``email``'s games, do the worker's part of the request (the email
    stays in the outbox) and return the token of the link it carries."""
    ask_for_home(client, email)
    with app.app_context():
        ids = list(db.session.scalars(select(Outbox.id).where(Outbox.kind == HOME_LINK,
                                                              Outbox.status == "pending")))
        db.session.rollback()
        relay.relay(ids)
    [row] = [row for row in email_rows(app, topic="home") if row.payload["to"].lower()
             == email.lower()][-1:]
    [token] = set(re.findall(r"/home#h=([A-Za-z0-9_-]+)", row.payload["text"]))
    return token
