"""JSON with orjson: the API's responses and the database's JSON columns.

A submission encodes the game's state for its row, the action and events for theirs and the
player's view for the response, and decodes the state it reads: with the standard library
that was about a tenth of its time; orjson does the same work about ten times faster. What
orjson refuses (an integer beyond 64 bits) falls back to the standard library, so nothing
that encoded before fails now.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

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
        return orjson.loads(s)
