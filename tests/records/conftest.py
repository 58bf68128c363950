"""Fixtures of the takeback tests: the API tests' apps (both backends)."""

from __future__ import annotations

from tests.service.conftest import app, backend_app, client, make_app, sqlite_url

__all__ = ["app", "backend_app", "client", "make_app", "sqlite_url"]
