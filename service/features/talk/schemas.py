"""Schemas of table talk: the cursor query, a message, a page of them, posting and muting."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.plumbing.schemas import MAX_PAGE, Boolean, bounded_int

TEXT_DESCRIPTION = (
    "The message: stripped of spaces at both ends, it must hold 1 to 500 characters "
    "(talk/empty, talk/too_long). Line breaks are kept; other control characters and "
    "bidirectional controls are refused (talk/invalid_text). It is stored and sent as "
    "written, never read as markup.")


class TalkCursorSchema(Schema):
    """Which messages to return: those after a sequence number, at most ``limit``."""

    after = bounded_int(strict=False, load_default=0, metadata={
        "description": "Return messages with seq greater than this (the last one you have)."})
    limit = bounded_int(1, MAX_PAGE, strict=False, load_default=100)


class TalkMessageSchema(Schema):
    """A message at the table: who wrote it (seat, name, colour), what and when."""

    seq = fields.Integer(required=True, metadata={
        "description": "Orders the game's messages; the cursor of the list."})
    seat = fields.Integer(required=True)
    name = fields.String(required=True, allow_none=True, metadata={
        "description": "The seat's player's name now."})
    colour = fields.String(required=True)
    text = fields.String(required=True, metadata={
        "description": "As written: escape it wherever it is shown."})
    created_at = fields.String(required=True)


class TalkPageSchema(Schema):
    """A page of messages, oldest first; ask again with ``after=next_after`` while
    ``has_more``."""

    items = fields.List(fields.Nested(TalkMessageSchema), required=True)
    next_after = fields.Integer(required=True)
    has_more = fields.Boolean(required=True)
    version = fields.Integer(required=True, metadata={"description": "The game's version now."})
    muted = fields.List(fields.Integer(), required=True, metadata={
        "description": "The seats the creator has muted: they read, but may not post."})


class TalkPostSchema(Schema):
    """A message to post for the token's seat."""

    text = fields.String(required=True, metadata={"description": TEXT_DESCRIPTION})


class TalkMuteSchema(Schema):
    """Whether a seat may post."""

    muted = Boolean(required=True, metadata={
        "description": "true: the seat may no longer post (talk/muted); false: it may again."})


class TalkMuteStateSchema(Schema):
    """A seat and whether it is muted now."""

    seat = fields.Integer(required=True)
    muted = fields.Boolean(required=True)
