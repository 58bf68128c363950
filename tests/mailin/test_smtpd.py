"""service.features.mailin.smtpd: through the real SMTP path, a reply moves the figure and is
answered; no log line of the receiver holds a reply address that could move a seat.

smtplib sends to our receiver on a loopback port; the answer written to the outbox is sent
by the worker's relay and email handler to the SMTP server fixture.
"""

from __future__ import annotations

import logging
import smtplib
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.exc import OperationalError

import worker.mail.handler  # noqa: F401  (registers the outbox's email handler)
from service import create_app
from service.features.mail.addresses import masked
from service.features.mailin import smtpd
from service.features.mailin.parse import MAX_PARTS
from service.plumbing.logs import JsonFormatter
from tests.mailin.helpers import (
    ANN,
    LEGAL,
    POISONS,
    actions_of,
    address_of,
    inbound_rows,
    new_game,
    poison,
    receiving,
    reply,
    send_answers,
)
from tests.service.conftest import app_config, dispose
from tests.support.ports import HOST, free_port, wait_for_port
from tests.support.processes import ServerProcess
from tests.support.smtp_server import SmtpServer

ROOT = Path(__file__).resolve().parents[2]


def refusal_of(port: int, to: str, raw: bytes) -> smtplib.SMTPDataError:
    """Send ``raw`` to ``to`` through the receiver on ``port``; return how DATA was refused."""
    with smtplib.SMTP(HOST, port, timeout=30) as smtp, \
            pytest.raises(smtplib.SMTPDataError) as refusal:
        smtp.sendmail(ANN, [to], raw)
    return refusal.value


def service_log(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """Return what the service logged (aiosmtpd's own lines left out)."""
    return [record for record in caplog.records if record.name.startswith("service")]


def test_a_reply_sent_by_smtp_moves_the_figure_and_the_confirmation_arrives(
        mail_app: Flask, client: FlaskClient, receiver: Controller,
        smtp_server: SmtpServer) -> None:
    game = new_game(client)
    to = address_of(mail_app, game)
    raw = reply(to, LEGAL, message_id="<smtp-path@example.com>")
    with smtplib.SMTP(HOST, receiver.port, timeout=10) as smtp:
        refused = smtp.sendmail(ANN, [to], raw)
    assert refused == {}
    assert actions_of(mail_app, game) == ["green 5 +"]
    assert list(send_answers(mail_app).values()) == ["sent"]
    [received] = smtp_server.wait_for(1)
    message = received.message
    assert received.rcpt_tos == (ANN,)
    assert message["Subject"] == "Re: Your move in Fearsome Floors"
    assert message["In-Reply-To"] == "<smtp-path@example.com>"
    assert message["Auto-Submitted"] == "auto-replied"
    assert message["Reply-To"] == to  # the answer can itself be answered with a move
    text = message.get_body(preferencelist=("plain",)).get_content()
    assert "Your move green 5 + was made; Bob is next." in text  # Bob moves next: one line


def test_the_same_message_sent_twice_by_smtp_is_applied_and_answered_once(
        mail_app: Flask, client: FlaskClient, receiver: Controller,
        smtp_server: SmtpServer) -> None:
    game = new_game(client)
    to = address_of(mail_app, game)
    raw = reply(to, LEGAL)
    for _ in range(2):
        with smtplib.SMTP(HOST, receiver.port, timeout=10) as smtp:
            smtp.sendmail(ANN, [to], raw)
    assert actions_of(mail_app, game) == ["green 5 +"]
    send_answers(mail_app)
    assert len(smtp_server.wait_for(1)) == 1
    assert send_answers(mail_app) == {}


def test_it_refuses_recipients_that_are_not_reply_addresses(receiver: Controller) -> None:
    with smtplib.SMTP(HOST, receiver.port, timeout=10) as smtp, \
            pytest.raises(smtplib.SMTPRecipientsRefused) as refusal:
        smtp.sendmail(ANN, ["someone@example.org"], b"Subject: hi\n\nboard\n")
    [(code, _)] = refusal.value.recipients.values()
    assert code == 550


def test_it_refuses_a_message_over_the_size_limit(mail_app: Flask, client: FlaskClient,
                                                  receiver: Controller) -> None:
    game = new_game(client)
    to = address_of(mail_app, game)
    raw = reply(to, LEGAL + "\n" + "x" * 30_000)
    with smtplib.SMTP(HOST, receiver.port, timeout=10) as smtp, \
            pytest.raises(smtplib.SMTPSenderRefused) as refusal:
        smtp.sendmail(ANN, [to], raw)  # smtplib declares the SIZE: refused at MAIL FROM
    assert refusal.value.smtp_code == 552
    assert actions_of(mail_app, game) == []


@pytest.mark.parametrize("kind", POISONS)
def test_a_message_that_can_never_be_read_is_refused_for_good_in_one_log_line(
        make_app: Callable[..., Flask], client: FlaskClient, caplog: pytest.LogCaptureFixture,
        kind: str) -> None:
    roomy = make_app()  # the default size limit lets it in
    game = new_game(client)
    to = address_of(roomy, game)
    caplog.set_level(logging.INFO)
    with receiving(roomy) as receiver:
        refusal = refusal_of(receiver.port, to, poison(kind, to))
    assert (refusal.smtp_code, refusal.smtp_error[:6]) == (554, b"5.6.0 ")
    assert f"more than {MAX_PARTS} parts".encode() in refusal.smtp_error
    assert inbound_rows(roomy) == [] and actions_of(roomy, game) == []
    [line] = service_log(caplog)
    assert line.levelno == logging.WARNING and line.exc_info is None
    assert "cannot be read" in line.getMessage() and "\n" not in line.getMessage()


def test_with_the_database_down_a_message_is_deferred_to_a_later_delivery(
        mail_app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    game = new_game(client)
    to = address_of(mail_app, game)
    down = create_app(app_config(f"postgresql+psycopg://ff@{HOST}:{free_port()}/ff"))
    caplog.set_level(logging.INFO)
    try:
        with receiving(down) as receiver:
            refusal = refusal_of(receiver.port, to, reply(to, LEGAL))
    finally:
        dispose(down)
    assert (refusal.smtp_code, refusal.smtp_error[:6]) == (451, b"4.3.0 ")
    [line] = service_log(caplog)
    assert line.levelno == logging.WARNING and line.exc_info is None
    assert "database" in line.getMessage()
    with receiving(mail_app) as receiver, smtplib.SMTP(HOST, receiver.port, timeout=10) as smtp:
        assert smtp.sendmail(ANN, [to], reply(to, LEGAL)) == {}  # the retry, database back
    assert actions_of(mail_app, game) == ["green 5 +"]


@pytest.mark.parametrize(("failure", "reply_code"), [
    (OperationalError("INSERT", {}, Exception("server closed the connection"),
                      connection_invalidated=True), 451),
    (OperationalError("SELECT", {}, Exception("database is locked")), 451),
    (ConnectionResetError("connection reset by peer"), 451),
    (RuntimeError("a bug"), 554),
], ids=["connection-lost", "locked", "reset", "bug"])
def test_only_a_passing_fault_asks_the_sender_to_try_again(
        mail_app: Flask, client: FlaskClient, receiver: Controller,
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        failure: Exception, reply_code: int) -> None:
    def fail(*_: object) -> None:
        raise failure

    monkeypatch.setattr(smtpd, "receive", fail)
    to = address_of(mail_app, new_game(client))
    caplog.set_level(logging.INFO)
    refusal = refusal_of(receiver.port, to, reply(to, LEGAL))
    assert refusal.smtp_code == reply_code
    [line] = service_log(caplog)
    # A bug is logged with its traceback, once: the sender does not send the message again.
    assert (line.exc_info is not None) == (reply_code == 554)


def test_a_null_sender_bounce_gets_no_answer(mail_app: Flask, client: FlaskClient,
                                             receiver: Controller) -> None:
    game = new_game(client)
    to = address_of(mail_app, game)
    with smtplib.SMTP(HOST, receiver.port, timeout=10) as smtp:
        smtp.sendmail("<>", [to], reply(to, "board"))
    assert send_answers(mail_app) == {}


def test_the_command_runs_a_receiver_that_handles_mail(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    game = new_game(client)
    to = address_of(app, game)
    port = free_port()
    monkeypatch.setenv("FF_DATABASE_URL", app.config["DATABASE_URL"])
    monkeypatch.setenv("FF_SECRET_KEY", app.config["SECRET_KEY"])
    monkeypatch.setenv("FF_MAILIN_SMTP_PORT", str(port))
    # Its answers are published to a broker of its own (no worker here), not to make run's.
    monkeypatch.setenv("FF_CELERY_BROKER_URL", f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}")
    process = ServerProcess("mailin smtpd", tmp_path / "smtpd.log")
    process.start([sys.executable, "-m", "worker.smtpd"], cwd=ROOT)
    try:
        wait_for_port(port, gave_up=process.exit_message)
        with smtplib.SMTP(HOST, port, timeout=10) as smtp:
            smtp.sendmail(ANN, [to], reply(to, LEGAL))
    finally:
        process.stop()
    assert actions_of(app, game) == ["green 5 +"]
    assert "applied" in process.log_tail()


def signature_of(address: str) -> str:
    """Return the secret part of a reply address: its token's signature."""
    return address.partition("@")[0].rsplit(".", 1)[1]


def secrets_in(text: str, addresses: list[str], tokens: list[str]) -> list[str]:
    """Return which reply addresses, signatures and tokens ``text`` holds (in any case)."""
    text = text.lower()
    return [secret for secret in [*addresses, *map(signature_of, addresses), *tokens]
            if secret.lower() in text]


def test_every_line_aiosmtpd_logs_has_the_reply_addresses_masked(
        mail_app: Flask, client: FlaskClient, receiver: Controller,
        caplog: pytest.LogCaptureFixture) -> None:
    game = new_game(client)
    to = address_of(mail_app, game)
    caplog.set_level(logging.DEBUG)  # aiosmtpd's DEBUG lines quote the message's headers too
    with smtplib.SMTP(HOST, receiver.port, timeout=10) as smtp:
        smtp.sendmail(ANN, [to], reply(to, "board"))
        smtp.sendmail(ANN, [to.upper()], reply(to.upper(), "help"))
    lines = [caplog.handler.format(record) for record in caplog.records
             if record.name in smtpd.AIOSMTPD_LOGGERS]
    assert any("recip" in line and masked(to) in line for line in lines)  # still logged
    assert any("DATA readline" in line and "To: " in line for line in lines)
    assert [line for line in lines if secrets_in(line, [to], [])] == []


def test_the_mask_hides_reply_addresses_in_tracebacks_too(app: Flask,
                                                          client: FlaskClient) -> None:
    to = address_of(app, new_game(client))
    try:
        raise ValueError(f"cannot deliver to {to}")
    except ValueError:
        record = logging.LogRecord("mail.log", logging.ERROR, __file__, 1, "%r said %s", (
            ("127.0.0.1", 25), to.upper()), sys.exc_info())
    assert smtpd.MaskReplyAddresses().filter(record)
    for formatter in (logging.Formatter(), JsonFormatter()):
        text = formatter.format(record)
        assert masked(to) in text and masked(to.upper()) in text
        assert secrets_in(text, [to], []) == []


def test_the_receiver_s_whole_log_holds_no_reply_address_or_token(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    game = new_game(client)
    addresses = [address_of(app, game, seat) for seat in (0, 1)]
    tokens = [game.creator_token, game.spectator_token, *game.seat_tokens.values()]
    port = free_port()
    monkeypatch.setenv("FF_DATABASE_URL", app.config["DATABASE_URL"])
    monkeypatch.setenv("FF_SECRET_KEY", app.config["SECRET_KEY"])
    monkeypatch.setenv("FF_MAILIN_SMTP_PORT", str(port))
    monkeypatch.setenv("FF_CELERY_BROKER_URL", f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}")
    process = ServerProcess("mailin smtpd", tmp_path / "smtpd.log")
    process.start([sys.executable, "-m", "worker.smtpd"], cwd=ROOT)
    try:
        wait_for_port(port, gave_up=process.exit_message)
        with smtplib.SMTP(HOST, port, timeout=10) as smtp:
            smtp.sendmail(ANN, [addresses[0]], reply(addresses[0], LEGAL))
            smtp.sendmail(ANN, [addresses[0].upper()], reply(addresses[0], "board"))
            smtp.sendmail("bob@example.com", [addresses[1]],
                          reply(addresses[1], "help", sender="bob@example.com"))
            with pytest.raises(smtplib.SMTPRecipientsRefused):
                smtp.sendmail(ANN, ["someone@example.org"], reply(addresses[0], "board"))
    finally:
        process.stop()
    log = process.log_path.read_text()
    assert actions_of(app, game) == ["green 5 +"]
    assert masked(addresses[0]) in log and "recip:" in log  # aiosmtpd's lines are there
    assert secrets_in(log, addresses, tokens) == []
