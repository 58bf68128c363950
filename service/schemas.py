"""Schemas and fields shared by the blueprints: safe strings, bounded ids, the error shape.

Request schemas validate everything before the service layer sees it: strings never carry
control characters (NUL included) or lone surrogates, which PostgreSQL refuses, nor the
bidirectional controls that would reorder the text around them in a log line, a mail or a
chat message (a name with U+202E shows "Ann moved" as "devom nnA"); every number that
becomes a database value is within an INTEGER column's range.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.i18n import _
from service.pace import MAX_MISSED_DEADLINES_LIMIT, MAX_VACATION_DAYS
from service.text import has_bidi_control
from service.vocabulary import COMPUTER_LEVELS

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


class EmailAddress(Text):
    """An email address (at most 254 characters)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["metadata"] = {"format": "email", **kwargs.get("metadata", {})}
        super().__init__(validate=[validate.Email(), validate.Length(1, 254)], **kwargs)


class Boolean(fields.Boolean):
    """JSON ``true`` or ``false`` and nothing else (marshmallow's takes 0, 1, "yes" ...)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(_("Must be true or false."))
        return value


MIN_MOVE_TIME = 60
MAX_MOVE_TIME = 30 * 24 * 60 * 60


def move_time_limit_field(**kwargs: Any) -> fields.Integer:
    """Return the field of a game's time per move: seconds, a minute to 30 days, or null."""
    return bounded_int(MIN_MOVE_TIME, MAX_MOVE_TIME, allow_none=True, metadata={
        "description": "Seconds each player has for a move; null: no limit."}, **kwargs)


def vacation_days_field(**kwargs: Any) -> fields.Integer:
    """Return the field of the vacation days each seat of a game has (0: none)."""
    return bounded_int(0, MAX_VACATION_DAYS, metadata={"description": (
        "Days of vacation each seat has in this game (0: none). When a seat's deadline "
        "passes, its days are spent one at a time, each moving the deadline a day on, "
        "before its time runs out (docs/deadlines.md).")}, **kwargs)


def missed_deadlines_limit_field(**kwargs: Any) -> fields.Integer:
    """Return the field of the missed deadlines after which the creator is told that a seat
    may be handed to a new player (null: never)."""
    return bounded_int(1, MAX_MISSED_DEADLINES_LIMIT, allow_none=True, metadata={
        "description": "After this many missed deadlines of a seat, the creator's page and "
                       "webhooks say they may hand the seat to someone else; null: never."},
        **kwargs)


def absent_computer_field(**kwargs: Any) -> fields.String:
    """Return the field of the level at which the computer takes a seat once it is absent
    (null: the creator is only told)."""
    return fields.String(validate=validate.OneOf(COMPUTER_LEVELS), allow_none=True, metadata={
        "description": "When a seat has missed missed_deadlines_limit deadlines, the computer "
                       "plays it from then on at this level (easy, normal or hard; "
                       "docs/bots.md) until its player or the creator takes it back; null: "
                       "the creator is only told."}, **kwargs)


def bounded_int(low: int = 0, high: int = MAX_INT, *, strict: bool = True,
                **kwargs: Any) -> fields.Integer:
    """Return an integer field limited to ``low..high`` (by default, any row id or version).

    ``strict``: JSON numbers only (query strings, all text, need ``strict=False``).
    """
    return fields.Integer(validate=validate.Range(low, high), strict=strict, **kwargs)


class NotationOrAction(Schema):
    """A schema that takes an action in exactly one of two forms, ``notation`` or ``action``
    (a submission, a line of a plan): the subclass declares both fields."""

    class Meta:
        """Exactly one of the two forms."""

        openapi = {"oneOf": [{"required": ["notation"]}, {"required": ["action"]}]}

    @validates_schema
    def _one_form(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("notation" in data) == ("action" in data):
            raise ValidationError(_("Give exactly one of 'notation' and 'action'."), "notation")


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
