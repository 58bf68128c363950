"""The real Flask app served on a loopback port from a thread, for browser tests.

It runs ``service.create_app`` on a fresh SQLite file built by the migrations, with the
service's public address set to its own, so the links it hands out open on it. Werkzeug's
threaded server serves it, as ``make run``'s gunicorn would, API and page alike.
"""

from __future__ import annotations

import threading
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from flask import Flask
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from service import create_app
from service.migrate import upgrade
from service.plumbing.extensions import db
from tests.support.keys import TEST_SECRET_KEY
from tests.support.ports import HOST, free_port


class _QuietHandler(WSGIRequestHandler):
    """Logs no line per request (errors still are)."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Log nothing: the tests look at the pages and the API instead."""


class LiveService:
    """The service at ``url`` (ending in ``/``), its database in ``folder``."""

    def __init__(self, folder: Path, **config: Any) -> None:
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}/"
        self.app: Flask = create_app({
            "DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}",
            "PUBLIC_URL": self.url.rstrip("/"),
            "MAIL_DIR": str(folder / "mail"),
            "SECRET_KEY": TEST_SECRET_KEY,
            "RATELIMIT_ENABLED": False,
            **config,
        })
        self._server: BaseWSGIServer | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Build the schema and serve in a daemon thread."""
        upgrade(self.app)
        self._server = make_server(HOST, self.port, self.app, threaded=True,
                                   request_handler=_QuietHandler)
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        name=f"live-service-{self.port}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop serving and close the database's connections."""
        if self._server is not None and self._thread is not None:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join()
        self._server = None
        self._thread = None
        with self.app.app_context():
            db.engine.dispose()

    def __enter__(self) -> Self:
        """Serve for the ``with`` block."""
        self.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 traceback: TracebackType | None) -> None:
        """Stop at the end of the ``with`` block."""
        self.stop()
