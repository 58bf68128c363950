"""Fixtures of the worker tests: the API tests' apps (SQLite and PostgreSQL, emptied per test),
and real service stacks (gunicorn, Celery workers, beat) on the Redis and PostgreSQL fixtures."""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from deploy.production_shape import Stack
from tests.service.conftest import app, backend_app, client, make_app, sqlite_url
from tests.support.keys import TEST_SECRET_KEY
from tests.support.ports import free_port
from tests.support.postgres_server import PostgresServer
from tests.support.redis_server import RedisServer

__all__ = ["app", "backend_app", "client", "make_app", "sqlite_url"]

_databases = itertools.count(1)


@pytest.fixture
def make_stack(tmp_path: Path, postgres_server: PostgresServer, redis_server: RedisServer,
               artifacts_dir: Path, request: pytest.FixtureRequest
               ) -> Iterator[Callable[..., Stack]]:
    """Return a factory of started stacks, each on a new database and the Redis broker.

    Keyword arguments are ``FF_*`` settings (without the prefix) added to the defaults: rate
    limits off, a sweep every second, no held confirmation; ``env`` adds other environment
    variables, ``celery_app`` names the workers' Celery app (``tests.support.slow_worker`` for the
    fault tests), and ``mailin`` adds the mail receiver (``python -m worker.smtpd``) on a
    free port (``stack.mailin_port``), ``imap`` the IMAP door (``python -m worker.imap``,
    reading the mailbox the ``MAILIN_IMAP_*`` settings name; ``stack.imap``). The stacks
    are stopped at the end of the test and their logs copied to
    ``test-artifacts/worker-logs/<test>/``.
    """
    stacks: list[Stack] = []

    def make(workers: int = 1, celery_app: str = "worker", env: dict[str, str] | None = None,
             mailin: bool = False, imap: bool = False, **settings: object) -> Stack:
        database = postgres_server.create_database(f"ff_worker_{next(_databases)}_{id(stacks)}")
        environment = {"FF_DATABASE_URL": database, "FF_CELERY_BROKER_URL": redis_server.url,
                       "FF_RATELIMIT_STORAGE_URI": redis_server.url,
                       "FF_RATELIMIT_ENABLED": "false", "FF_OUTBOX_SWEEP_SECONDS": "1",
                       "FF_MAIL_DIR": str(tmp_path / "mail"), "FF_SECRET_KEY": TEST_SECRET_KEY,
                       # A move's one-line confirmation is not held back (mailin/test_needed
                       # holds it): a stack's tests wait for every mail written to arrive.
                       "FF_MAIL_CONFIRM_AFTER_SECONDS": "0", **(env or {})}
        environment.update({f"FF_{name}": str(value) for name, value in settings.items()})
        stack = Stack(tmp_path / f"stack{len(stacks)}", environment, workers=workers,
                      web_workers=1, celery_app=celery_app,
                      mailin_port=free_port() if mailin else None, imap=imap)
        stacks.append(stack)
        stack.start()
        return stack

    yield make
    logs = artifacts_dir / "worker-logs" / request.node.name
    for number, stack in enumerate(stacks):
        stack.stop()
        shutil.copytree(stack.folder / "logs", logs / f"stack{number}", dirs_exist_ok=True)
