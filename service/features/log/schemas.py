"""Schemas of the log: the cursor query and the pages."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.kernel.view_schemas import ActionRecordSchema, EventRecordSchema, PositionSchema
from service.plumbing.schemas import MAX_PAGE, bounded_int


class CursorSchema(Schema):
    """Which entries to return: those after a sequence number, at most ``limit``."""

    after = bounded_int(strict=False, load_default=0, metadata={
        "description": "Return entries with seq greater than this (the last one you have)."})
    limit = bounded_int(1, MAX_PAGE, strict=False, load_default=100)


class PageSchema(Schema):
    """A page of the log; ask again with ``after=next_after`` while ``has_more``."""

    next_after = fields.Integer(required=True)
    has_more = fields.Boolean(required=True)
    version = fields.Integer(required=True, metadata={"description": "The game's version now."})


class ActionPageSchema(PageSchema):
    """A page of accepted actions."""

    items = fields.List(fields.Nested(ActionRecordSchema), required=True)


class EventPageSchema(PageSchema):
    """A page of events."""

    items = fields.List(fields.Nested(EventRecordSchema), required=True)


class FirstPositionSchema(Schema):
    """The game's first position, as the caller sees it: where a whole-game replay begins."""

    version = fields.Integer(required=True, metadata={
        "description": "The position's version; the log's events after it follow it."})
    position = fields.Nested(PositionSchema, required=True)
