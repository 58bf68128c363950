"""One log format for every process: JSON lines, each with the request id it belongs to.

``FF_LOG_FORMAT=json`` makes the root logger of a web, worker, beat or mail-in process write
one JSON object per line to stderr: ``time`` (UTC), ``level``, ``logger``, ``message``,
``request_id`` (the HTTP request being answered, or the one whose outbox job is running:
``service.plumbing.request_ids``; null otherwise) and ``error`` (a traceback, when there is one).
The default, ``text``, leaves logging as Python, Flask and Celery set it up.

The processes' own lines are JSON too: gunicorn's master and workers (``deploy/gunicorn.conf.py``
sets its loggers up with the same fields, importing nothing of the service into the master),
Celery's (``worker.celery_app`` answers Celery's ``setup_logging`` signal, so Celery adds no
handler of its own: its task logger and its pool's errors, "Worker exited prematurely" above
all, reach the root logger's JSON handler), and Python's warnings (``logging.captureWarnings``).
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

from flask import Flask

from service.plumbing.request_ids import current_request_id

FORMATS = ("text", "json")


class JsonFormatter(logging.Formatter):
    """Writes a record as one JSON object."""

    def format(self, record: logging.LogRecord) -> str:
        data = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": current_request_id(),
        }
        if record.exc_info:
            # A filter may have written the traceback already, edited (secrets hidden).
            data["error"] = record.exc_text or self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


def init_app(app: Flask) -> None:
    """Set the process's logging up as ``LOG_FORMAT`` says (``text``: leave it alone)."""
    if app.config["LOG_FORMAT"] not in FORMATS:
        raise ValueError(f"FF_LOG_FORMAT={app.config['LOG_FORMAT']!r}: choose text or json")
    if app.config["LOG_FORMAT"] != "json":
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(logging.INFO)
    logging.captureWarnings(True)
