"""Request and response schemas of private notes."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.features.notes.service import MAX_LENGTH


class NoteInputSchema(Schema):
    """A seat's note, whole (empty: delete it)."""

    text = fields.String(required=True, validate=validate.Length(0, MAX_LENGTH + 1000))


class NoteSchema(Schema):
    """A seat's note, as only that seat reads it."""

    text = fields.String(required=True)
    updated_at = fields.DateTime(required=True, allow_none=True)
