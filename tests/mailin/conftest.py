"""Fixtures of the play-by-email tests: the API tests' apps (SQLite and PostgreSQL), client,
and our SMTP receiver in front of an app that sends its answers to the SMTP server fixture."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from aiosmtpd.controller import Controller
from flask import Flask

import worker.mail.handler  # noqa: F401  (registers the outbox's email handler)
from tests.mailin.helpers import receiving
from tests.service.conftest import app, backend_app, client, make_app, sqlite_url
from tests.support.ports import HOST
from tests.support.smtp_server import SmtpServer

__all__ = ["app", "backend_app", "client", "make_app", "sqlite_url"]


@pytest.fixture
def mail_app(make_app: Callable[..., Flask], smtp_server: SmtpServer) -> Flask:
    """Return an app that sends email to the SMTP server fixture and takes small messages; a
    move's one-line confirmation is not held back (``tests/mailin/test_needed.py`` holds it)."""
    return make_app(SMTP_HOST=HOST, SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                    SMTP_TIMEOUT=5, MAIL_INBOUND_MAX_BYTES=20_000, MAIL_CONFIRM_AFTER_SECONDS=0)


@pytest.fixture
def receiver(mail_app: Flask) -> Iterator[Controller]:
    """Start our SMTP receiver on a free loopback port."""
    with receiving(mail_app) as controller:
        yield controller
