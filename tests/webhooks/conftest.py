"""Fixtures of the webhook tests: the API tests' apps (both backends), and one that may send
to the loopback receiver."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from tests.service.conftest import app, backend_app, client, make_app, sqlite_url

__all__ = ["app", "backend_app", "client", "make_app", "sqlite_url"]


@pytest.fixture
def sending_app(make_app: Callable[..., Flask]) -> Flask:
    """Return an app on the test database that may send to private addresses (the receiver)."""
    return make_app(WEBHOOK_ALLOW_PRIVATE=True, WEBHOOK_TIMEOUT=2)
