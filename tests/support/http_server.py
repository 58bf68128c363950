"""An ``http.server`` serving from a background thread on a loopback port."""

from __future__ import annotations

import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from socket import socket
from types import TracebackType
from typing import Any, Self

from tests.support.ports import HOST, free_port

HandlerFactory = Callable[[socket, Any, ThreadingHTTPServer], BaseHTTPRequestHandler]


class QuietHandlerMixin:
    """Keeps request handlers from printing a line per request on stderr."""

    def log_message(self, format: str, *args: Any) -> None:
        """Log nothing: tests read what the server recorded instead."""


class BackgroundHTTPServer:
    """Serves requests with ``handler`` in a thread; can stop and start again on its port."""

    def __init__(self, handler: HandlerFactory, port: int | None = None,
                 host: str = HOST) -> None:
        self.handler = handler
        self.host = host
        self.port = port if port is not None else free_port()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """Return the base URL, ending in ``/``."""
        return f"http://{self.host}:{self.port}/"

    @property
    def is_running(self) -> bool:
        """Return whether the server accepts connections."""
        return self._server is not None

    def start(self) -> None:
        """Bind the port and serve in a daemon thread."""
        if self._server is not None:
            raise RuntimeError(f"the HTTP server on port {self.port} is running already")
        server = ThreadingHTTPServer((self.host, self.port), self.handler)
        server.daemon_threads = True
        self._thread = threading.Thread(
            target=server.serve_forever, name=f"http-{self.port}", daemon=True
        )
        self._thread.start()
        self._server = server

    def __enter__(self) -> Self:
        """Start serving for the ``with`` block."""
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """Stop serving at the end of the ``with`` block."""
        self.stop()

    def stop(self) -> None:
        """Stop serving and close the port."""
        if self._server is None or self._thread is None:
            return
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()
        self._server = None
        self._thread = None
