"""Fixtures of the language tests: the API tests' apps (both backends) and the table talk
tests' settable clock."""

from __future__ import annotations

from tests.service.conftest import app, backend_app, client, make_app, sqlite_url
from tests.talk.conftest import clock

__all__ = ["app", "backend_app", "client", "clock", "make_app", "sqlite_url"]
