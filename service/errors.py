"""One JSON shape for every error: ``{"error": {"code", "message", "details"}}``.

``ApiError`` is what the service raises on purpose. Engine errors keep their own code and
message (``move/illegal``, ...) and get a status from :func:`engine_status`. HTTP errors from
Flask, Werkzeug, webargs and Flask-Limiter (404, 405, 413, 422, 429, ...) get a code of ours;
a fault that passes (:func:`is_passing`: the database unreachable, busy, or its connection
lost) is answered 503 with Retry-After and logged in one line; anything else is logged with
its traceback and answered with a 500 that names nothing internal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, current_app, jsonify
from sqlalchemy.exc import DBAPIError, DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from werkzeug.exceptions import HTTPException

from engine import EngineError

HTTP_CODES = {
    400: ("request/malformed", "The request could not be read."),
    401: ("auth/missing_token", "This needs 'Authorization: Bearer <token>' from your link."),
    403: ("auth/forbidden", "This token may not do that."),
    404: ("http/not_found", "There is nothing at this address."),
    405: ("http/method_not_allowed", "This address does not take that method."),
    413: ("request/too_large", "The request body is too large."),
    415: ("request/unsupported_media_type", "Send the body as application/json."),
    422: ("request/invalid", "The request is not valid; see details.fields."),
    429: ("rate/limited", "Too many requests; try again after the Retry-After delay."),
}

INTERNAL_ERROR = ("server/error", "Something went wrong on our side; please try again later.")
DATABASE_UNAVAILABLE = (
    "server/database_unavailable",
    "The database cannot be reached just now; please try again in a moment (with the same "
    "Idempotency-Key, if you sent one).")


class ApiError(Exception):
    """An error the API answers on purpose: a stable code, a message, a status, details."""

    def __init__(
        self,
        code: str,
        message: str,
        status: int = 400,
        details: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.details = dict(details or {})
        self.headers = dict(headers or {})


def engine_status(code: str) -> int:
    """Return the HTTP status of an engine error code.

    A move that breaks the rules is unprocessable (422); acting out of turn, on a stale
    version, on a finished game or in the wrong phase conflicts with the game's state (409).
    """
    if code in ("move/not_your_turn", "game/stale_version", "game/over", "game/wrong_phase"):
        return 409
    return 422


def error_body(code: str, message: str, details: Mapping[str, Any] | None = None) -> dict:
    """Return the JSON body of an error."""
    return {"error": {"code": code, "message": message, "details": dict(details or {})}}


def error_response(
    code: str,
    message: str,
    status: int,
    details: Mapping[str, Any] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """Return the JSON response of an error."""
    response = jsonify(error_body(code, message, details))
    response.status_code = status
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def from_engine(error: EngineError, **details: Any) -> ApiError:
    """Turn an engine error into an ``ApiError`` with the engine's code, message and details."""
    data = error.to_dict()
    return ApiError(data["code"], data["message"], engine_status(data["code"]),
                    {**data["details"], **details})


def handle_api_error(error: ApiError) -> Response:
    """Answer an ``ApiError``."""
    return error_response(error.code, error.message, error.status, error.details, error.headers)


def handle_engine_error(error: EngineError) -> Response:
    """Answer an engine error that a service function let through."""
    return handle_api_error(from_engine(error))


def handle_http_exception(error: HTTPException) -> Response:
    """Answer a Werkzeug HTTP error in our shape, keeping its headers (``Allow``, ...)."""
    if error.response is not None:  # already built in our shape (rate limits)
        return error.response
    status = error.code or 500
    code, message = HTTP_CODES.get(status, (f"http/{status}", error.description or ""))
    details: dict[str, Any] = {}
    data = getattr(error, "data", None)
    if isinstance(data, Mapping) and "messages" in data:  # webargs validation errors
        details["fields"] = data["messages"]
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    if status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    if status >= 500:
        code, message = INTERNAL_ERROR
    return error_response(code, message, status, details, headers)


def is_passing(error: BaseException) -> bool:
    """True for a fault that passes: the database unreachable or busy (an OperationalError:
    refused, locked, a deadlock), the connection to it lost, the pool exhausted."""
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    return isinstance(error, (OperationalError, InterfaceError, DisconnectionError,
                              PoolTimeoutError, ConnectionError))


def first_line(error: BaseException) -> str:
    """Return the first line of what went wrong (the driver's own words, no SQL)."""
    cause = getattr(error, "orig", None) or error
    return next(iter(str(cause).splitlines()), type(cause).__name__)


def handle_unexpected(error: Exception) -> Response:
    """Answer 503 for a fault that passes; log anything else and answer 500 without a word
    about what it was."""
    if isinstance(error, HTTPException):
        return handle_http_exception(error)
    if is_passing(error):
        # The database restarted, refuses connections or the network dropped: when a
        # connection in use was lost, SQLAlchemy has discarded the pool's connections, so a
        # retry gets a new one. One line: an outage must not flood the log with tracebacks.
        current_app.logger.warning("database unavailable: %s", first_line(error))
        code, message = DATABASE_UNAVAILABLE
        return error_response(code, message, 503, headers={"Retry-After": "1"})
    current_app.logger.exception("unhandled exception", exc_info=error)
    code, message = INTERNAL_ERROR
    return error_response(code, message, 500)


def init_app(app: Flask) -> None:
    """Register the handlers (after flask-smorest's, which they replace)."""
    app.register_error_handler(ApiError, handle_api_error)
    app.register_error_handler(EngineError, handle_engine_error)
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(Exception, handle_unexpected)
