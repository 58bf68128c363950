"""Fixtures of the device tests: the API tests' apps (SQLite and PostgreSQL)."""

from __future__ import annotations

from tests.service.conftest import app, backend_app, client, sqlite_url

__all__ = ["app", "backend_app", "client", "sqlite_url"]
