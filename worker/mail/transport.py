"""Carry a built email: to an SMTP server (TLS and login as configured) or into a folder.

``SMTP_TLS`` is ``none`` (plain, port 25 or a local relay), ``starttls`` (submission, port
587) or ``ssl`` (implicit TLS, port 465). With no ``SMTP_HOST`` the embedded default writes
each message as ``<Message-ID hash>.eml`` into ``MAIL_DIR`` and logs one line: writing a
retried job again replaces the same file, so a folder never holds a message twice.
"""

from __future__ import annotations

import functools
import logging
import os
import smtplib
import ssl
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from worker.mail.message import recipients

log = logging.getLogger(__name__)

TLS_MODES = ("none", "starttls", "ssl")


class SmtpRefused(Exception):
    """The SMTP server answered with an error; ``permanent`` for a 5xx answer."""

    def __init__(self, message: str, *, permanent: bool) -> None:
        super().__init__(message)
        self.permanent = permanent


@dataclass(frozen=True, slots=True)
class SmtpSettings:
    """Where and how to hand mail over: host, port, TLS mode, optional login, timeout."""

    host: str
    port: int
    tls: str = "starttls"
    username: str | None = None
    password: str | None = None
    timeout: float = 30.0
    ca_file: str | None = None  # None: the system's certificate authorities

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> SmtpSettings | None:
        """Return the settings in an app's config, or None when no ``SMTP_HOST`` is set."""
        host = config.get("SMTP_HOST")
        if not host:
            return None
        tls = str(config.get("SMTP_TLS", "starttls")).lower()
        if tls not in TLS_MODES:
            raise ValueError(f"FF_SMTP_TLS is {tls!r}; it must be one of {', '.join(TLS_MODES)}")
        return cls(host=str(host), port=int(config.get("SMTP_PORT", 587)), tls=tls,
                   username=config.get("SMTP_USERNAME") or None,
                   password=config.get("SMTP_PASSWORD") or None,
                   timeout=float(config.get("SMTP_TIMEOUT", 30)),
                   ca_file=config.get("SMTP_CA_FILE") or None)


@functools.cache
def tls_context(ca_file: str | None) -> ssl.SSLContext:
    """Return the client TLS context trusting ``ca_file`` (None: the system's authorities).

    Made once per process: loading the system's authorities takes tens of milliseconds.
    """
    return ssl.create_default_context(cafile=ca_file)


def send_smtp(message: EmailMessage, settings: SmtpSettings) -> None:
    """Hand ``message`` to the SMTP server; raise :class:`SmtpRefused` on an SMTP answer.

    Connection failures (refused, timed out, dropped) propagate as ``OSError``.
    """
    client: smtplib.SMTP
    if settings.tls == "ssl":
        client = smtplib.SMTP_SSL(settings.host, settings.port, timeout=settings.timeout,
                                  context=tls_context(settings.ca_file))
    else:
        client = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
    try:
        with client:
            if settings.tls == "starttls":
                client.starttls(context=tls_context(settings.ca_file))
            if settings.username:
                client.login(settings.username, settings.password or "")
            client.send_message(message, to_addrs=recipients(message))
    except smtplib.SMTPRecipientsRefused as error:
        codes = [code for code, _ in error.recipients.values()]
        raise SmtpRefused(f"recipients refused: {error.recipients}",
                          permanent=all(code >= 500 for code in codes)) from error
    except smtplib.SMTPAuthenticationError as error:
        # A wrong password is fixed in the configuration, then the job can go: not permanent.
        raise SmtpRefused(f"login refused: {error.smtp_code} {error.smtp_error!r}",
                          permanent=False) from error
    except smtplib.SMTPResponseException as error:
        raise SmtpRefused(f"server answered {error.smtp_code} {error.smtp_error!r}",
                          permanent=error.smtp_code >= 500) from error
    except smtplib.SMTPNotSupportedError as error:
        raise SmtpRefused(f"the server does not support it: {error}", permanent=False) from error


def eml_name(message: EmailMessage) -> str:
    """Return the file name of a message in the mail folder: its Message-ID's local part."""
    return str(message["Message-ID"]).strip("<>").partition("@")[0] + ".eml"


def write_eml(message: EmailMessage, folder: Path) -> Path:
    """Write ``message`` to ``folder`` as an ``.eml`` file (atomically); return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / eml_name(message)
    handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(message.as_bytes())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    log.info("mail to %s: %s (%s)", message["To"], message["Subject"], path)
    return path
