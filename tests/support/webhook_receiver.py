"""An HTTP server that records every request and answers with the statuses a test sets."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from email.message import Message
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.support.http_server import BackgroundHTTPServer, QuietHandlerMixin
from tests.support.inbox import Inbox
from tests.support.ports import HOST


@dataclass(frozen=True)
class ReceivedRequest:
    """One request as it arrived: method, path (with query), headers and raw body."""

    method: str
    path: str
    headers: Message
    body: bytes

    def json(self) -> Any:
        """Return the body parsed as JSON."""
        return json.loads(self.body)


class WebhookReceiver:
    """Records requests to any path; answers 200 unless told otherwise by ``respond_with``."""

    def __init__(self, port: int | None = None, host: str = HOST) -> None:
        self.inbox: Inbox[ReceivedRequest] = Inbox()
        self._statuses = [200]
        self._lock = threading.Lock()
        self._server = BackgroundHTTPServer(self._handler_class(), port, host)

    @property
    def port(self) -> int:
        """Return the port the receiver listens on."""
        return self._server.port

    @property
    def url(self) -> str:
        """Return the base URL, ending in ``/``."""
        return self._server.url

    @property
    def is_running(self) -> bool:
        """Return whether the receiver accepts connections."""
        return self._server.is_running

    def start(self) -> None:
        """Start listening on the port."""
        self._server.start()

    def stop(self) -> None:
        """Stop listening: connections are refused until ``start``."""
        self._server.stop()

    def respond_with(self, *statuses: int) -> None:
        """Answer the next requests with ``statuses`` in turn; the last one then repeats."""
        if not statuses:
            raise ValueError("respond_with needs at least one status")
        with self._lock:
            self._statuses = list(statuses)

    def requests(self) -> list[ReceivedRequest]:
        """Return every request received so far, oldest first."""
        return self.inbox.items()

    def wait_for(self, count: int = 1, timeout: float = 10.0) -> list[ReceivedRequest]:
        """Wait until ``count`` requests arrived and return all requests."""
        return self.inbox.wait_for(count, timeout)

    def reset(self) -> None:
        """Forget the requests received so far and answer 200 again."""
        self.inbox.clear()
        self.respond_with(200)

    def _next_status(self) -> int:
        """Return the status for the request being answered, moving along the sequence."""
        with self._lock:
            return self._statuses.pop(0) if len(self._statuses) > 1 else self._statuses[0]

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        """Return a request handler class bound to this receiver."""
        receiver = self

        class Handler(QuietHandlerMixin, BaseHTTPRequestHandler):
            def _record_and_answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                receiver.inbox.put(ReceivedRequest(self.command, self.path, self.headers, body))
                self.send_response(receiver._next_status())
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _record_and_answer

        return Handler
