"""Tests of tests/support/smtp_server.py: a real SMTP server receives what smtplib sends."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage

import pytest

from tests.support.ports import HOST
from tests.support.smtp_server import SmtpServer


def _send(port: int, subject: str) -> None:
    """Send a small email to ``port`` with smtplib."""
    message = EmailMessage()
    message["From"] = "floors@example.org"
    message["To"] = "player@example.org"
    message["Subject"] = subject
    message.set_content("Your turn: the monster moved 7 squares.")
    with smtplib.SMTP(HOST, port, timeout=10) as client:
        client.send_message(message)


def test_it_receives_an_email_sent_with_smtplib(smtp_server: SmtpServer) -> None:
    _send(smtp_server.port, "Your turn in game 1")
    [mail] = smtp_server.wait_for(1)
    assert mail.mail_from == "floors@example.org"
    assert mail.rcpt_tos == ("player@example.org",)
    assert mail.message["Subject"] == "Your turn in game 1"
    assert "monster moved 7 squares" in mail.message.get_payload(decode=True).decode()


def test_it_refuses_mail_while_stopped_and_takes_it_again_after_start(
    smtp_server: SmtpServer,
) -> None:
    smtp_server.stop()
    with pytest.raises(ConnectionRefusedError):
        _send(smtp_server.port, "lost")
    smtp_server.start()
    _send(smtp_server.port, "delivered")
    assert [mail.message["Subject"] for mail in smtp_server.wait_for(1)] == ["delivered"]
