"""A request id for every HTTP request, carried into the outbox jobs it writes and into the
mails and webhooks those jobs send, and written on every log line of both.

An incoming ``X-Request-Id`` (nginx's ``$request_id``, a client's) is kept when it is a
plain token of at most 64 characters; otherwise one is made. The answer carries it back in
``X-Request-Id``. An outbox row remembers the id of the request that wrote it; the worker
runs the job under that id (:func:`carrying`), so its log lines, the mail's ``X-Request-Id``
header and the webhook's say which request they come from.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from flask import Flask, Response, g, has_request_context, request

HEADER = "X-Request-Id"
_PLAIN = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
_CARRIED: ContextVar[str | None] = ContextVar("ff_request_id", default=None)


def current_request_id() -> str | None:
    """The id of the request being answered, or of the job being run for one; else None."""
    if has_request_context():
        request_id: str | None = g.get("request_id")
        return request_id
    return _CARRIED.get()


@contextmanager
def carrying(request_id: str | None) -> Iterator[None]:
    """Run the block (an outbox job) under the id of the request that asked for it."""
    token = _CARRIED.set(request_id)
    try:
        yield
    finally:
        _CARRIED.reset(token)


def _take() -> None:
    given = request.headers.get(HEADER, "")
    g.request_id = given if _PLAIN.match(given) else uuid.uuid4().hex


def _answer(response: Response) -> Response:
    request_id = g.get("request_id")
    if request_id:
        response.headers[HEADER] = request_id
    return response


def init_app(app: Flask) -> None:
    """Give every request of ``app`` its id, and every answer the ``X-Request-Id`` header."""
    app.before_request(_take)
    app.after_request(_answer)
