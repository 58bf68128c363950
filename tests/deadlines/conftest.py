"""Fixtures of the deadline tests: the API tests' apps (both backends), a settable clock, and
the worker tests' real service stacks."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask

from tests.service.conftest import app, backend_app, client, sqlite_url  # noqa: F401
from tests.worker.conftest import make_stack  # noqa: F401

START = datetime(2030, 1, 7, 9, 0, tzinfo=UTC)


class SettableClock:
    """A clock that stands still until a test moves it (the app's ``CLOCK``)."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        """Move the clock on by ``timedelta(**delta)``; return the new time."""
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture
def clock(app: Flask) -> Iterator[SettableClock]:  # noqa: F811 - the imported fixture
    """Return the app's clock, standing at ``START`` until the test moves it."""
    settable = SettableClock(START)
    app.config["CLOCK"] = settable
    yield settable
    app.config["CLOCK"] = None
