"""Fixtures of the push tests: the push service on loopback, and an app that may push to it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.plumbing.vapid import new_private_key
from tests.service.conftest import app, backend_app, make_app, sqlite_url
from tests.support.push_service import PushService

__all__ = ["app", "backend_app", "make_app", "sqlite_url"]

VAPID_KEY = new_private_key()  # one application server key for the session


@pytest.fixture(scope="session")
def push_service_for_session() -> Iterator[PushService]:
    """Start the loopback push service once for the session."""
    service = PushService()
    service.start()
    yield service
    service.stop()


@pytest.fixture
def push_service(push_service_for_session: PushService) -> PushService:
    """Return the push service, running and empty."""
    if not push_service_for_session.is_running:
        push_service_for_session.start()
    push_service_for_session.reset()
    return push_service_for_session


@pytest.fixture
def push_app(make_app: Callable[..., Flask], push_service: PushService) -> Flask:
    """Return an app on the test database whose endpoints may be on the push service."""
    return make_app(VAPID_PRIVATE_KEY=VAPID_KEY, VAPID_SUBJECT="mailto:ops@ff.example",
                    PUSH_ALLOWED_ORIGINS=[push_service.origin], PUSH_TIMEOUT=3)


@pytest.fixture
def client(push_app: Flask) -> FlaskClient:
    """Return a client of the app that may push to the loopback push service."""
    return push_app.test_client()
