"""One JSON shape for every error: ``{"error": {"code", "message", "details"}}``.

:class:`ServiceError` is the one family of errors the service gives on purpose (an API
refusal, a reply address that does not verify, a webhook target refused): a stable code,
words for people and details. Engine errors keep their own code and message
(``move/illegal``, ...) with the same shape. The message is written in the reader's language
(the request's, or a mail's): the service's own messages where they are made, the engine's
and marshmallow's field messages here (:func:`engine_message`, :func:`field_messages`); the
code never changes. The HTTP status of every code, the service's
and the engine's, is declared once, in :data:`STATUS_OF`. HTTP errors from
Flask, Werkzeug, webargs and Flask-Limiter (404, 405, 413, 422, 429, ...) get a code of ours;
a fault that passes (:func:`is_passing`: the database unreachable, busy, or its connection
lost) is answered 503 with Retry-After and logged in one line; anything else is logged with
its traceback and answered with a 500 that names nothing internal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, current_app, jsonify
from sqlalchemy.exc import DBAPIError, DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from werkzeug.exceptions import HTTPException

from engine import EngineError
from engine.texts import N_, Plural
from service.plumbing.i18n import _ as translate
from service.plumbing.i18n import colour_name, lazy_gettext, plural_form

HTTP_CODES = {
    400: ("request/malformed", lazy_gettext("The request could not be read.")),
    401: ("auth/missing_token",
          lazy_gettext("This needs 'Authorization: Bearer <token>' from your link.")),
    403: ("auth/forbidden", lazy_gettext("This token may not do that.")),
    404: ("http/not_found", lazy_gettext("There is nothing at this address.")),
    405: ("http/method_not_allowed", lazy_gettext("This address does not take that method.")),
    413: ("request/too_large", lazy_gettext("The request body is too large.")),
    415: ("request/unsupported_media_type", lazy_gettext("Send the body as application/json.")),
    422: ("request/invalid", lazy_gettext("The request is not valid; see details.fields.")),
    429: ("rate/limited",
          lazy_gettext("Too many requests; try again after the Retry-After delay.")),
}
"""The code and message of each HTTP error (the message translated when it is read:
``str(message)``)."""

INTERNAL_ERROR = ("server/error",
                  lazy_gettext("Something went wrong on our side; please try again later."))
DATABASE_UNAVAILABLE = (
    "server/database_unavailable",
    lazy_gettext("The database cannot be reached just now; please try again in a moment (with "
                 "the same Idempotency-Key, if you sent one)."))


STATUS_OF: dict[str, int] = {
    # The request itself.
    "request/invalid_json": 400,
    "request/too_large": 413,
    # Who is asking.
    "auth/missing_token": 401,
    "mail/bad_secret": 401,
    "live/invalid_ticket": 401,
    "home/invalid_link": 401,
    "home/expired_link": 401,
    "home/revoked_link": 401,
    "auth/forbidden": 403,
    "invite/invalid": 403,
    "talk/muted": 403,
    "takeback/not_asked": 403,
    "takeback/not_yours": 403,
    # What it names does not exist (for this caller).
    "game/not_found": 404,
    "i18n/unknown_language": 404,
    "webhook/not_found": 404,
    "sandbox/not_found": 404,
    "table/not_found": 404,
    "webhook/delivery_not_found": 404,
    "unsubscribe/invalid_token": 404,
    "mail/inbound_closed": 404,
    "email/unknown_code": 404,
    "email/expired_code": 404,
    # The game's state conflicts with the request.
    "game/stale_version": 409,
    "game/over": 409,
    "game/wrong_phase": 409,
    "move/not_your_turn": 409,
    "game/not_started": 409,
    "game/cancelled": 409,
    "game/paused": 409,
    "game/already_paused": 409,
    "game/not_paused": 409,
    "game/not_open": 409,
    "game/ended": 409,
    "seat/taken": 409,
    "seat/open": 409,
    "seat/no_email": 409,
    "webhook/too_many": 409,
    "webhook/disabled": 409,
    "push/too_many": 409,
    "push/unavailable": 409,
    "nudge/nobody_to_nudge": 409,
    "nudge/moved_on": 409,
    "record/unavailable": 409,
    "sandbox/stale_version": 409,
    "preview/off": 409,
    "rematch/not_over": 409,
    "rematch/none": 409,
    "rematch/started": 409,
    "rematch/not_started": 409,
    "sandbox/monster_due": 409,
    "takeback/off": 409,
    "takeback/nothing": 409,
    "takeback/card_drawn": 409,
    "takeback/none": 409,
    "takeback/lapsed": 409,
    # Too many, too soon (the answer says when to try again: Retry-After).
    "talk/too_many": 429,
    "nudge/too_soon": 429,
    "live/too_many_streams": 429,
}
"""The HTTP status of each error code, the service's and the engine's. Any other code is a
request that breaks a rule (422: ``move/illegal``, ``setup/invalid``, ``seat/not_found``,
``webhook/private_address``, ``idempotency/key_reused``, ``mail/not_for_us``,
``talk/empty``, ``talk/too_long``, ``plan/invalid_line``, ``plan/empty`` ...)."""
BREAKS_A_RULE = 422


def status_of(code: str) -> int:
    """Return the HTTP status of an error code (:data:`STATUS_OF`)."""
    return STATUS_OF.get(code, BREAKS_A_RULE)


class ServiceError(Exception):
    """An error the service gives on purpose: a stable code, a message, details, and for an
    HTTP answer the headers it needs (its status is the code's, :func:`status_of`)."""

    def __init__(
        self,
        code: str,
        message: str,
        details: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = dict(details or {})
        self.headers = dict(headers or {})

    @property
    def status(self) -> int:
        """Return the HTTP status of this error's code."""
        return status_of(self.code)


def error_body(code: str, message: str,
               details: Mapping[str, Any] | None = None) -> dict[str, Any]:
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


def engine_message(error: EngineError) -> str:
    """Return the message of an engine error in the current language: its template (marked
    for the catalogs where the engine writes it, ``engine.texts.N_``) translated and filled
    from its words (a word that is an engine error written the same way). A template with
    plural forms (``engine.texts.Nn_``) is translated as ``ngettext`` does, its form chosen
    by the word it names. The English message when the error has no template or the
    translation does not fit the words."""
    template = error.template
    if template is None:
        return error.message
    words = {name: _engine_word(name, word) for name, word in error.words.items()}
    try:  # filled here: a word may be named as translate()'s own argument ("text")
        if isinstance(template, Plural):
            return plural_form(template.singular, template.plural,
                               int(words[template.by])) % words
        return translate(template) % words
    except (KeyError, ValueError, TypeError):  # a translation naming a word that is not there
        return error.message


_SEAT_WORDS = frozenset({"colour", "actor"})
"""The words of the engine's errors that name a seat by its colour (``red``)."""


def _engine_word(name: str, word: Any) -> Any:
    """A word of an engine error in the current language: an error within it, or a seat's
    colour; the others (squares, figures, notation) are written as the player writes them."""
    if isinstance(word, EngineError):
        return engine_message(word)
    if name in _SEAT_WORDS and isinstance(word, str):
        return colour_name(word)
    return word


def from_engine(error: EngineError, **details: Any) -> ServiceError:
    """Turn an engine error into a :class:`ServiceError` with the engine's code and details,
    and its message in the current language."""
    data = error.to_dict()
    return ServiceError(data["code"], engine_message(error), {**data["details"], **details})


def _field_pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"%\((\w+)\)s", template)  # text, name, text, name, ..., text
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+)"
                              for i, part in enumerate(parts)))


FIELD_MESSAGES = (
    # marshmallow's fields
    N_("Missing data for required field."),
    N_("Field may not be null."),
    N_("Unknown field."),
    N_("Invalid input type."),
    N_("Invalid type."),
    N_("Invalid value."),
    N_("Not a valid string."),
    N_("Not a valid utf-8 string."),
    N_("Not a valid integer."),
    N_("Not a valid number."),
    N_("Number too large."),
    N_("Not a valid boolean."),
    N_("Not a valid list."),
    N_("Not a valid mapping type."),
    N_("Not a valid datetime."),
    N_("Not a valid email address."),
    N_("Not a valid URL."),
    # marshmallow's validators
    # TRANSLATORS: %(choices)s lists the values the field takes, as the API spells them.
    N_("Must be one of: %(choices)s."),
    N_("Length must be between %(min)s and %(max)s."),
    N_("Length must be %(equal)s."),
    N_("Longer than maximum length %(max)s."),
    N_("Shorter than minimum length %(min)s."),
    N_("Must be greater than or equal to %(min)s and less than or equal to %(max)s."),
    N_("Must be greater than or equal to %(min)s."),
    N_("Must be less than or equal to %(max)s."),
    N_("String does not match expected pattern."),
)
"""The field messages of marshmallow that the service's schemas can give, as templates:
``%(name)s`` stands for a value marshmallow wrote in (``Must be one of: h, v.``). They are
marshmallow's texts, so they are marked here for the catalogs rather than where written."""


_FIELD_PATTERNS = [(_field_pattern(template), template) for template in FIELD_MESSAGES]


def field_message(message: str) -> str:
    """Return a field message of marshmallow in the current language, when it is one of
    :data:`FIELD_MESSAGES` (the values in it kept as written); any other message as it
    is (the service's own are translated where they are raised)."""
    for pattern, template in _FIELD_PATTERNS:
        match = pattern.fullmatch(message)
        if match:
            return translate(template, **match.groupdict())
    return message


def field_messages(messages: Any) -> Any:
    """Return webargs' messages (by location, field, list index...) with each message in
    the current language (:func:`field_message`)."""
    if isinstance(messages, str):
        return field_message(messages)
    if isinstance(messages, Mapping):
        return {key: field_messages(value) for key, value in messages.items()}
    if isinstance(messages, (list, tuple)):
        return [field_messages(value) for value in messages]
    return messages


def handle_service_error(error: ServiceError) -> Response:
    """Answer a :class:`ServiceError`."""
    return error_response(error.code, error.message, error.status, error.details, error.headers)


def handle_engine_error(error: EngineError) -> Response:
    """Answer an engine error that a service function let through."""
    return handle_service_error(from_engine(error))


def handle_http_exception(error: HTTPException) -> Response:
    """Answer a Werkzeug HTTP error in our shape, keeping its headers (``Allow``, ...)."""
    if isinstance(error.response, Response):  # already built in our shape (rate limits)
        return error.response
    status = error.code or 500
    code, message = HTTP_CODES.get(status, (f"http/{status}", error.description or ""))
    details: dict[str, Any] = {}
    data = getattr(error, "data", None)
    if isinstance(data, Mapping) and "messages" in data:  # webargs validation errors
        details["fields"] = field_messages(data["messages"])
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    if status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    if status >= 500:
        code, message = INTERNAL_ERROR
    return error_response(code, str(message), status, details, headers)


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
        return error_response(code, str(message), 503, headers={"Retry-After": "1"})
    current_app.logger.exception("unhandled exception", exc_info=error)
    code, message = INTERNAL_ERROR
    return error_response(code, str(message), 500)


def init_app(app: Flask) -> None:
    """Register the handlers (after flask-smorest's, which they replace)."""
    app.register_error_handler(ServiceError, handle_service_error)
    app.register_error_handler(EngineError, handle_engine_error)
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(Exception, handle_unexpected)
