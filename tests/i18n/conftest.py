"""Fixtures of the language tests: the API tests' apps (both backends) and a settable clock,
as the deadline tests have it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from tests.deadlines.conftest import START, SettableClock
from tests.service.conftest import app, backend_app, client, make_app, sqlite_url

__all__ = ["app", "backend_app", "client", "make_app", "sqlite_url"]


@pytest.fixture
def clock(app: Flask) -> Iterator[SettableClock]:
    """Return the app's clock, standing at ``START`` until the test moves it."""
    settable = SettableClock(START)
    app.config["CLOCK"] = settable
    yield settable
    app.config["CLOCK"] = None
