"""worker.mail.handler: an email job goes to the real SMTP server, or to an .eml file by default.

The SMTP server is the aiosmtpd fixture on loopback; the handler is called as the relay calls
it, in an app context, with a ``Job``.
"""

from __future__ import annotations

import email
import email.policy
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import select

from service import create_app
from service.features.mail.models import EmailDelivery
from service.migrate import upgrade
from service.plumbing.extensions import db
from tests.support.smtp_server import SmtpServer
from worker.jobs import Job, TransportError, handler_for
from worker.mail.handler import EMAIL_RETRY, deliver_email, mail_dir

PAYLOAD = {
    "to": "ann@example.com", "subject": "Your move in Fearsome Floors",
    "text": "Hello Ann,\n", "html": "<p>Hello Ann,</p>", "reply_to": "play+g0@ff.example",
    "headers": {"List-Unsubscribe": "<https://ff.example/api/v1/unsubscribe/t>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
}


def job(attempt: int = 1, payload: dict | None = None, key: str = "mail:g:0:turn:3") -> Job:
    """Return an email job as the relay hands it over."""
    return Job(id=7, kind="email", payload=payload or PAYLOAD, dedupe_key=key, attempt=attempt)


def mail_app(tmp_path: Path, **config: object) -> Flask:
    """Return an app with the given mail settings, on a database of its own (the handler
    writes each attempt to the mail log)."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}",
                      "MAIL_FROM": "Fearsome Floors <ff@ff.example>", **config})
    upgrade(app)
    return app


def mail_log() -> list[tuple[int, int, bool, str | None]]:
    """Return (outbox id, attempt, ok, error) of each attempt in the mail log, oldest first."""
    rows = db.session.scalars(select(EmailDelivery).order_by(EmailDelivery.id)).all()
    db.session.rollback()
    return [(r.outbox_id, r.attempt, r.ok, r.error) for r in rows]


@pytest.fixture
def smtp_app(tmp_path: Path, smtp_server: SmtpServer) -> Iterator[Flask]:
    """Return an app that sends to the test SMTP server in clear (it has no TLS)."""
    app = mail_app(tmp_path, SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                   SMTP_TIMEOUT=5)
    with app.app_context():
        yield app


def test_it_is_the_registered_handler_of_email_jobs() -> None:
    assert handler_for("email") == (deliver_email, EMAIL_RETRY)


def test_a_message_sent_arrives_with_its_headers(smtp_app: Flask,
                                                 smtp_server: SmtpServer) -> None:
    deliver_email(job())
    [received] = smtp_server.wait_for(1)
    message = received.message
    assert received.mail_from == "ff@ff.example"
    assert received.rcpt_tos == ("ann@example.com",)
    assert message["Subject"] == "Your move in Fearsome Floors"
    assert message["Reply-To"] == "play+g0@ff.example"
    assert message["List-Unsubscribe"] == "<https://ff.example/api/v1/unsubscribe/t>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message.get_content_type() == "multipart/alternative"
    assert message["Message-ID"].endswith("@ff.example>")


def test_the_server_down_then_up_delivers_the_message_exactly_once(
    smtp_app: Flask, smtp_server: SmtpServer
) -> None:
    smtp_server.stop()
    with pytest.raises(TransportError) as failure:
        deliver_email(job(attempt=1))
    assert not failure.value.permanent
    assert "cannot reach 127.0.0.1" in str(failure.value)
    smtp_server.start()
    deliver_email(job(attempt=2))
    [received] = smtp_server.wait_for(1)
    assert smtp_server.messages() == [received]
    assert received.message["Subject"] == "Your move in Fearsome Floors"


def test_a_retry_carries_the_same_message_id(smtp_app: Flask, smtp_server: SmtpServer) -> None:
    deliver_email(job(attempt=1))
    deliver_email(job(attempt=2))  # as if the first answer was lost on the way back
    first, second = smtp_server.wait_for(2)
    assert first.message["Message-ID"] == second.message["Message-ID"]


def test_starttls_is_required_when_configured_and_missing_means_no_send(
    tmp_path: Path, smtp_server: SmtpServer
) -> None:
    app = mail_app(tmp_path, SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port,
                   SMTP_TLS="starttls", SMTP_TIMEOUT=5)
    with app.app_context(), pytest.raises(TransportError, match="STARTTLS") as failure:
        deliver_email(job())
    assert not failure.value.permanent
    assert smtp_server.messages() == []


def test_a_login_the_server_does_not_offer_is_not_skipped(
    tmp_path: Path, smtp_server: SmtpServer
) -> None:
    app = mail_app(tmp_path, SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port,
                   SMTP_TLS="none", SMTP_USERNAME="ff", SMTP_PASSWORD="secret", SMTP_TIMEOUT=5)
    with app.app_context(), pytest.raises(TransportError, match="AUTH") as failure:
        deliver_email(job())
    assert not failure.value.permanent
    assert smtp_server.messages() == []


def test_an_unknown_tls_mode_is_a_temporary_error_naming_the_setting(tmp_path: Path) -> None:
    app = mail_app(tmp_path, SMTP_HOST="127.0.0.1", SMTP_TLS="maybe")
    with app.app_context(), pytest.raises(TransportError, match="FF_SMTP_TLS") as failure:
        deliver_email(job())
    assert not failure.value.permanent


def test_a_payload_that_cannot_be_an_email_is_given_up_at_once(smtp_app: Flask) -> None:
    with pytest.raises(TransportError) as failure:
        deliver_email(job(payload={**PAYLOAD, "headers": {"Bcc": "x@example.com"}}))
    assert failure.value.permanent


def test_without_an_smtp_host_it_writes_one_eml_file_and_logs_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "mail"
    app = mail_app(tmp_path, MAIL_DIR=str(folder))
    with app.app_context(), caplog.at_level(logging.INFO, logger="worker.mail.transport"):
        deliver_email(job(attempt=1))
        deliver_email(job(attempt=2))  # a retry replaces the same file
    [path] = list(folder.iterdir())
    assert path.suffix == ".eml"
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    assert message["To"] == "ann@example.com"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    lines = [r.getMessage() for r in caplog.records if r.name == "worker.mail.transport"]
    assert lines[0] == f"mail to ann@example.com: Your move in Fearsome Floors ({path})"
    assert len(lines) == 2  # one line per send


def test_the_default_folder_is_mail_in_the_instance_folder(tmp_path: Path) -> None:
    app = mail_app(tmp_path)
    with app.app_context():
        assert mail_dir() == Path(app.instance_path) / "mail"


def test_each_attempt_is_written_to_the_mail_log(smtp_app: Flask,
                                                smtp_server: SmtpServer) -> None:
    deliver_email(job(attempt=1))
    smtp_server.stop()
    with pytest.raises(TransportError):
        deliver_email(job(attempt=2))
    [sent, failed] = mail_log()
    assert sent == (7, 1, True, None)
    assert failed[:3] == (7, 2, False) and "cannot reach 127.0.0.1" in failed[3]
