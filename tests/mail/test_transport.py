"""worker.mail.transport: STARTTLS, implicit TLS and login against a real TLS SMTP server.

The server is aiosmtpd on loopback with a certificate made for the test by ``openssl``;
the client trusts it through ``SMTP_CA_FILE``, as a deployment with a private relay would.
"""

from __future__ import annotations

import ssl
import subprocess
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

from tests.support.ports import HOST, free_port
from worker.mail.message import build_message
from worker.mail.transport import SmtpRefused, SmtpSettings, send_smtp

USER, PASSWORD = "ff", "s3cret"

class Keeper:
    """aiosmtpd handler that keeps what it accepts, with the login that sent it."""

    def __init__(self) -> None:
        self.received: list[tuple[str | None, Envelope]] = []

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        """Keep the message and accept it."""
        login = session.auth_data.login.decode() if session.auth_data else None
        self.received.append((login, envelope))
        return "250 OK"


def check_login(server: SMTP, session: Session, envelope: Envelope, mechanism: str,
                auth_data: LoginPassword) -> AuthResult:
    """Accept exactly USER with PASSWORD."""
    ok = (auth_data.login, auth_data.password) == (USER.encode(), PASSWORD.encode())
    return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Return (certificate, key) files for 127.0.0.1, made by openssl."""
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={HOST}",
                    "-addext", f"subjectAltName=IP:{HOST}"],
                   check=True, capture_output=True)
    return cert, key


def server_context(certificate: tuple[Path, Path]) -> ssl.SSLContext:
    """Return the server's TLS context."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(*map(str, certificate))
    return context


@pytest.fixture
def starttls_server(certificate: tuple[Path, Path]) -> Iterator[tuple[Controller, Keeper]]:
    """Start a server that requires STARTTLS and a login before it takes mail."""
    keeper = Keeper()
    controller = Controller(keeper, hostname=HOST, port=free_port(),
                            tls_context=server_context(certificate), require_starttls=True,
                            authenticator=check_login, auth_required=True)
    controller.start()
    yield controller, keeper
    controller.stop()


@pytest.fixture
def implicit_tls_server(certificate: tuple[Path, Path]) -> Iterator[tuple[Controller, Keeper]]:
    """Start a server that speaks TLS from the first byte and requires a login."""
    keeper = Keeper()
    controller = Controller(keeper, hostname=HOST, port=free_port(),
                            ssl_context=server_context(certificate),
                            auth_require_tls=False,
                            authenticator=check_login, auth_required=True)
    controller.start()
    yield controller, keeper
    controller.stop()


def message() -> EmailMessage:
    """Return a small message to send."""
    return build_message({"to": "ann@example.com", "subject": "Hi", "text": "Hello\n"},
                         "mail:g:0:turn:1", "ff@ff.example")


def settings(port: int, tls: str, certificate: tuple[Path, Path] | None,
             password: str = PASSWORD) -> SmtpSettings:
    """Return settings for the test server (trusting its certificate when given)."""
    return SmtpSettings(host=HOST, port=port, tls=tls, username=USER, password=password,
                        timeout=5, ca_file=str(certificate[0]) if certificate else None)


def test_it_sends_over_starttls_after_logging_in(starttls_server, certificate) -> None:
    controller, keeper = starttls_server
    send_smtp(message(), settings(controller.port, "starttls", certificate))
    [(login, envelope)] = keeper.received
    assert login == USER
    assert envelope.rcpt_tos == ["ann@example.com"]


# aiosmtpd warns about AUTH without STARTTLS: it cannot see that its socket is TLS already.
@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")
def test_it_sends_over_implicit_tls_after_logging_in(implicit_tls_server, certificate) -> None:
    controller, keeper = implicit_tls_server
    send_smtp(message(), settings(controller.port, "ssl", certificate))
    assert [login for login, _ in keeper.received] == [USER]


def test_a_wrong_password_is_refused_and_worth_retrying(starttls_server, certificate) -> None:
    controller, keeper = starttls_server
    with pytest.raises(SmtpRefused, match="login refused: 535") as refusal:
        send_smtp(message(), settings(controller.port, "starttls", certificate, "wrong"))
    assert not refusal.value.permanent
    assert keeper.received == []


def test_an_untrusted_certificate_stops_the_send(starttls_server) -> None:
    controller, keeper = starttls_server
    with pytest.raises(ssl.SSLCertVerificationError):
        send_smtp(message(), settings(controller.port, "starttls", None))
    assert keeper.received == []


def test_settings_come_from_the_config_and_no_host_means_the_folder() -> None:
    assert SmtpSettings.from_config({"SMTP_HOST": None}) is None
    read = SmtpSettings.from_config({"SMTP_HOST": "smtp.example", "SMTP_PORT": 465,
                                     "SMTP_TLS": "SSL", "SMTP_USERNAME": "u",
                                     "SMTP_PASSWORD": "p", "SMTP_TIMEOUT": 7,
                                     "SMTP_CA_FILE": "/ca.pem"})
    assert read == SmtpSettings("smtp.example", 465, "ssl", "u", "p", 7.0, "/ca.pem")
