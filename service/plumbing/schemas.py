"""Schemas and fields shared by the blueprints: safe strings, bounded ids, the error shape.

Request schemas validate everything before the service layer sees it: strings never carry
control characters (NUL included) or lone surrogates, which PostgreSQL refuses, nor the
bidirectional controls that would reorder the text around them in a log line, a mail or a
chat message (a name with U+202E shows "Ann moved" as "devom nnA"); every number that
becomes a database value is within an INTEGER column's range.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from service.plumbing.i18n import _
from service.plumbing.text import has_bidi_control

MAX_INT = 2**31 - 1  # the largest value of an SQL INTEGER
MAX_PAGE = 500  # the most entries a page of a log (actions, events, deliveries) holds
IDEMPOTENCY_KEY_PATTERN = r"^[\x21-\x7e]{1,255}$"


# What Text refuses, as the OpenAPI document's pattern (ECMA and Python regex alike): control
# characters (Unicode category Cc) and the bidirectional controls. Lone surrogates cannot
# come in JSON (the body's reader refuses them).
TEXT_PATTERN = r"^[^\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]*$"


class Text(fields.String):
    """A string with no control characters, bidirectional controls or lone surrogates
    (documented as :data:`TEXT_PATTERN`)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["metadata"] = {"pattern": TEXT_PATTERN, **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        if any(unicodedata.category(char) in ("Cc", "Cs") for char in text):
            raise ValidationError(_("Must not contain control characters."))
        if has_bidi_control(text):
            raise ValidationError(_("Must not contain bidirectional control characters "
                                    "(U+200E, U+200F, U+061C, U+202A to U+202E, U+2066 to "
                                    "U+2069)."))
        return text


# An email address as the service takes it, and as the OpenAPI document states it (ECMA
# and Python regex alike, matched whole): a dot-atom local part of RFC 5322's ASCII
# characters, at most 64 of them; "@"; a host name of labels (letters, digits, inner
# hyphens, at most 63 each) whose last is a real top-level domain's form: two letters or
# more, or an internationalised one's "xn--" form. Every match is also an address by
# JSON Schema's "format": "email", so the two say the same. Left out, as no player's
# address is one: a one-letter or numeric top-level domain (0@0.a), a bare host
# (ann@localhost), an address literal (ann@[192.0.2.1]), a quoted local part, and
# characters beyond ASCII, which "format": "email" refuses too and only mail servers with
# SMTPUTF8 carry (an internationalised domain is taken in its xn-- form).
_ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
EMAIL_PATTERN = (rf"^(?=[^@]{{1,64}}@){_ATEXT}+(?:\.{_ATEXT}+)*"
                 rf"@(?:{_LABEL}\.)+(?:[A-Za-z]{{2,63}}|[Xx][Nn]--[A-Za-z0-9-]{{1,59}})$")
_EMAIL = re.compile(EMAIL_PATTERN)


def _is_email(value: str) -> None:
    """Refuse a string that is not an address by :data:`EMAIL_PATTERN`."""
    if _EMAIL.fullmatch(value) is None:
        raise ValidationError(_("Not a valid email address."))


class EmailAddress(Text):
    """An email address (at most 254 characters) matching :data:`EMAIL_PATTERN`, which the
    document states."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["metadata"] = {"format": "email", "pattern": EMAIL_PATTERN,
                              **kwargs.get("metadata", {})}
        super().__init__(validate=[validate.Length(1, 254), _is_email], **kwargs)


class Boolean(fields.Boolean):
    """JSON ``true`` or ``false`` and nothing else (marshmallow's takes 0, 1, "yes" ...)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(_("Must be true or false."))
        return value


def bounded_int(low: int = 0, high: int = MAX_INT, *, strict: bool = True,
                **kwargs: Any) -> fields.Integer:
    """Return an integer field limited to ``low..high`` (by default, any row id or version).

    ``strict``: JSON numbers only (query strings, all text, need ``strict=False``).
    """
    return fields.Integer(validate=validate.Range(low, high), strict=strict, **kwargs)


class ErrorDetailSchema(Schema):
    """The body of an error."""

    code = fields.String(required=True, metadata={
        "description": "Stable machine code, e.g. move/illegal, game/stale_version."})
    message = fields.String(required=True, metadata={"description": "What went wrong, for people."})
    details = fields.Dict(required=True, metadata={
        "description": "Context: the engine's details for rule errors, the invalid fields for "
                       "request/invalid, the current game view for game/stale_version."})


class ErrorSchema(Schema):
    """Every error answer, whatever its status: ``{"error": {code, message, details}}``."""

    error = fields.Nested(ErrorDetailSchema, required=True)


class IdempotencyHeaderSchema(Schema):
    """The optional ``Idempotency-Key`` header of a submission."""

    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        validate=validate.Regexp(IDEMPOTENCY_KEY_PATTERN),
        metadata={"description": "Any 1-255 visible ASCII characters, new for each new "
                                 "submission: a retry with the same key and body returns the "
                                 "first response, and is applied once."},
    )


class ConditionalHeaderSchema(Schema):
    """The optional ``If-None-Match`` header of a read."""

    if_none_match = fields.String(
        data_key="If-None-Match",
        metadata={"description": "The ETag of the view you have; 304 if it is still current."},
    )
