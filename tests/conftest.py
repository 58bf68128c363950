"""Fixtures for the whole suite: real throwaway servers from ``tests.support``, and soak tests.

Each server starts once per session and is stopped by its own process id at the end, also
when tests fail. The per-test fixtures (``redis_server``, ``smtp_server``, ``imap_server``,
``webhook_receiver``) hand it over running and empty, so a test may stop or restart it.
A test that uses one of these fixtures gets the server's marker at collection, so
``pytest -m "not browser"`` leaves out every test that needs Chromium. Playwright is imported
only when a browser fixture runs: the tests that need no browser run without it installed.

A soak test takes the ``soak`` fixture and so gets the ``soak`` marker: it plays a quick sample
by default and its full size with ``--soak``, as ``make test`` runs it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.support.dovecot_server import DovecotServer, running_dovecot
from tests.support.postgres_server import PostgresServer, running_postgres
from tests.support.redis_server import RedisServer
from tests.support.smtp_server import SmtpServer
from tests.support.webhook_receiver import WebhookReceiver

if TYPE_CHECKING:  # for the annotations only; the browser fixture imports Playwright itself
    from playwright.sync_api import Browser, Page

MARKER_OF_FIXTURE = {
    "redis_server": "redis",
    "postgres_server": "postgres",
    "postgres_url": "postgres",
    "smtp_server": "smtp",
    "imap_server": "imap",
    "imap_server_without_idle": "imap",
    "webhook_receiver": "webhook",
    "browser": "browser",
    "page": "browser",
    "soak": "soak",
    "docker_engine": "compose",
}


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--soak``: play the soak tests at full size."""
    parser.addoption(
        "--soak", action="store_true",
        help="play the soak tests (marker soak) at full size, as make test does; "
             "without it they play a quick sample")


def pytest_report_header(config: pytest.Config) -> str:
    """Say at the top of the run which size the soak tests play."""
    if config.getoption("soak"):
        return "soak tests: full size (--soak)"
    return "soak tests: a quick sample; --soak (make test) plays them at full size"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test with the markers of the server and soak fixtures it uses."""
    for item in items:
        for fixture in getattr(item, "fixturenames", ()):
            marker = MARKER_OF_FIXTURE.get(fixture)
            if marker is not None:
                item.add_marker(marker)


@pytest.fixture(scope="session")
def soak(pytestconfig: pytest.Config) -> bool:
    """Return True when soak tests play at full size (``--soak``), False for a quick sample."""
    return bool(pytestconfig.getoption("soak"))


@pytest.fixture(scope="session")
def artifacts_dir(pytestconfig: pytest.Config) -> Path:
    """Return ``test-artifacts/`` at the top of the repository (git-ignored), made if needed."""
    folder = pytestconfig.rootpath / "test-artifacts"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def redis_server_for_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """Start one redis-server for the session and stop it at the end."""
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def redis_server(redis_server_for_session: RedisServer) -> RedisServer:
    """Return the session's redis-server, running and empty; the test may stop or restart it."""
    if not redis_server_for_session.is_running:
        redis_server_for_session.start()
    redis_server_for_session.flush()
    return redis_server_for_session


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """Start one PostgreSQL cluster for the session; stop it and delete its folder at the end."""
    with running_postgres() as server:
        yield server


@pytest.fixture(scope="session")
def postgres_url(postgres_server: PostgresServer) -> str:
    """Return the SQLAlchemy URL of a database made fresh for this session."""
    return postgres_server.create_database("fearsome_floors_test")


@pytest.fixture(scope="session")
def smtp_server_for_session() -> Iterator[SmtpServer]:
    """Start one SMTP server for the session and stop it at the end."""
    server = SmtpServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def smtp_server(smtp_server_for_session: SmtpServer) -> SmtpServer:
    """Return the session's SMTP server, running and with no messages; the test may stop it."""
    if not smtp_server_for_session.is_running:
        smtp_server_for_session.start()
    smtp_server_for_session.clear()
    return smtp_server_for_session


@pytest.fixture(scope="session")
def imap_server_for_session() -> Iterator[DovecotServer]:
    """Start one Dovecot for the session; stop it and delete its folder at the end."""
    with running_dovecot() as server:
        yield server


@pytest.fixture
def imap_server(imap_server_for_session: DovecotServer) -> DovecotServer:
    """Return the session's Dovecot, running, its account with no mail and only INBOX; the
    test may stop or restart it."""
    if not imap_server_for_session.is_running:
        imap_server_for_session.start()
    imap_server_for_session.clear()
    return imap_server_for_session


@pytest.fixture(scope="session")
def imap_server_without_idle_for_session() -> Iterator[DovecotServer]:
    """Start one Dovecot that announces neither IDLE nor MOVE, for the session."""
    with running_dovecot(idle=False) as server:
        yield server


@pytest.fixture
def imap_server_without_idle(imap_server_without_idle_for_session: DovecotServer
                             ) -> DovecotServer:
    """Return the session's Dovecot without IDLE and MOVE, running and empty."""
    server = imap_server_without_idle_for_session
    if not server.is_running:
        server.start()
    server.clear()
    return server


@pytest.fixture(scope="session")
def webhook_receiver_for_session() -> Iterator[WebhookReceiver]:
    """Start one webhook receiver for the session and stop it at the end."""
    receiver = WebhookReceiver()
    receiver.start()
    try:
        yield receiver
    finally:
        receiver.stop()


@pytest.fixture
def webhook_receiver(webhook_receiver_for_session: WebhookReceiver) -> WebhookReceiver:
    """Return the session's webhook receiver, running, with no requests, answering 200."""
    if not webhook_receiver_for_session.is_running:
        webhook_receiver_for_session.start()
    webhook_receiver_for_session.reset()
    return webhook_receiver_for_session


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Launch headless Chromium once for the session and close it at the end."""
    # Imported here, not at the top: only the tests that use a browser need Playwright.
    from tests.support.browser import running_chromium

    with running_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """Return a page in a fresh browser context (no cookies or storage from other tests)."""
    context = browser.new_context()
    try:
        yield context.new_page()
    finally:
        context.close()
