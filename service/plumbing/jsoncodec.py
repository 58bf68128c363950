"""JSON with orjson: the API's responses and the database's JSON columns.

A submission encodes the game's state for its row, the action and events for theirs and the
player's view for the response, and decodes the state it reads: with the standard library
that was about a tenth of its time; orjson does the same work about ten times faster. What
orjson refuses (an integer beyond 64 bits) falls back to the standard library, so nothing
that encoded before fails now.

Request bodies are read by :func:`loads_body` alone (Flask's ``request.get_json`` and the
webargs parser of every route), within limits that no genuine request comes near: a body
nested deeper than :data:`MAX_DEPTH` or with a number beyond 64 bits is refused as
:class:`InvalidJSON` before anything recurses through it or converts it.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

from service.plumbing.i18n import _

# Keys that are not strings become strings, as with the standard library; dates and
# dataclasses go to the ``default`` function, as they did.
_OPTIONS = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
            | orjson.OPT_PASSTHROUGH_DATACLASS)


def dumps(value: Any) -> str:
    """Encode ``value`` for a JSON column (compact, keys in their order)."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, separators=(",", ":"))


def loads(text: str | bytes) -> Any:
    """Decode a JSON column's text."""
    return orjson.loads(text)


MAX_DEPTH = 32
"""How deep a request body may nest arrays and objects (the API's own bodies nest 3 deep)."""
MAX_NUMBER = 2**63
"""Numbers in a request body must lie strictly between -MAX_NUMBER and MAX_NUMBER."""

DEPTH = "depth"
NUMBER = "number"
SYNTAX = "syntax"


class InvalidJSON(ValueError):
    """A request body that is not JSON, or breaks a limit; ``limit`` says which (``depth``,
    ``number`` or ``syntax``) and ``details`` the figures."""

    def __init__(self, message: str, limit: str, **details: Any) -> None:
        super().__init__(message)
        self.limit = limit
        self.details = {"limit": limit, **details}


def loads_body(data: str | bytes) -> Any:
    """Decode a request body, refusing deep nesting and huge numbers.

    orjson parses without recursing in Python and stops at 1,024 levels itself; the value
    is then walked without recursion, so no body can exhaust the stack or make a
    5,000-digit integer (the standard library's ``json`` does both).
    """
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as error:
        text = str(error)
        if text.startswith("depth limit exceeded"):
            raise _too_deep() from None
        if text.startswith("number is"):  # "number is infinity when parsed as double"
            raise _too_large() from None
        # TRANSLATORS: %(reason)s is the JSON parser's own words, in English.
        raise InvalidJSON(_("The body is not valid JSON: %(reason)s.", reason=text),
                          SYNTAX) from None
    _check_limits(value)
    return value


def _check_limits(value: Any) -> None:
    """Raise :class:`InvalidJSON` when ``value`` nests too deep or holds a huge number."""
    level, depth = [value], 0
    while level:
        containers: list[Any] = []
        for item in level:
            if isinstance(item, dict | list):
                containers.append(item)
            elif isinstance(item, int | float) and not isinstance(item, bool) \
                    and not -MAX_NUMBER < item < MAX_NUMBER:
                raise _too_large()
        if containers:
            depth += 1
            if depth > MAX_DEPTH:
                raise _too_deep()
        level = [inner for container in containers
                 for inner in (container.values() if isinstance(container, dict) else container)]


def _too_deep() -> InvalidJSON:
    return InvalidJSON(_("The body nests arrays or objects more than %(depth)s deep.",
                         depth=MAX_DEPTH), DEPTH, max_depth=MAX_DEPTH)


def _too_large() -> InvalidJSON:
    return InvalidJSON(_("The body holds a number beyond 64 bits; numbers must lie between "
                         "-2^63 and 2^63."), NUMBER, max_number="2^63")


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON provider with orjson underneath: same output data (sorted keys, dates as
    HTTP dates); non-ASCII characters are sent as UTF-8 rather than ``\\u`` escapes."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        option = _OPTIONS
        if self.sort_keys:
            option |= orjson.OPT_SORT_KEYS
        if kwargs.get("indent"):
            option |= orjson.OPT_INDENT_2
        try:
            return orjson.dumps(obj, default=self.default, option=option).decode()
        except orjson.JSONEncodeError:
            return super().dumps(obj, **kwargs)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """Decode a request body (``request.get_json``) within :func:`loads_body`'s limits."""
        return loads_body(s)
