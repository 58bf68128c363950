"""Fixtures of the home and email tests: the API tests' apps (SQLite and PostgreSQL), an app
on the same database that mails through the real SMTP test server, and the worker tests'
stacks (gunicorn, a Celery worker, beat) for the end-to-end test."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from tests.service.conftest import app, backend_app, client, make_app, sqlite_url
from tests.support.smtp_server import SmtpServer
from tests.worker.conftest import make_stack

__all__ = ["app", "backend_app", "client", "make_app", "make_stack", "sqlite_url"]


@pytest.fixture
def smtp_app(make_app: Callable[..., Flask], smtp_server: SmtpServer) -> Flask:
    """Return an app on the test database that mails to the test SMTP server."""
    return make_app(SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                    SMTP_TIMEOUT=5, MAIL_FROM="Fearsome Floors <ff@ff.example>")
