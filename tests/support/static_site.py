"""An HTTP server that serves the files of one folder, as a browser test's web page."""

from __future__ import annotations

from functools import partial
from http.server import SimpleHTTPRequestHandler
from pathlib import Path

from tests.support.http_server import BackgroundHTTPServer, QuietHandlerMixin


class _QuietFileHandler(QuietHandlerMixin, SimpleHTTPRequestHandler):
    """Serves files without printing a line per request."""


class StaticSite(BackgroundHTTPServer):
    """Serves ``folder`` at ``url`` (``folder/index.html`` at ``/``)."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        super().__init__(partial(_QuietFileHandler, directory=str(folder)), port)
        self.folder = folder
