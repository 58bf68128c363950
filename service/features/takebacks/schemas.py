"""Request and response schemas of takebacks."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.features.takebacks.models import ASKED, DECLINED, DONE, LAPSED, WITHDRAWN
from service.kernel.view_schemas import GameViewSchema
from service.kernel.vocabulary import TAKEBACK_MODES
from service.plumbing.schemas import Boolean, bounded_int

STATUSES = (ASKED, DONE, DECLINED, LAPSED, WITHDRAWN)


class TakebackUndoneSchema(Schema):
    """An action a takeback takes back: its seat, the version it led to, its notation."""

    seat = fields.Integer(required=True)
    version = fields.Integer(required=True)
    notation = fields.String(required=True)
    words = fields.String(required=True, metadata={
        "description": "The action told in words, in the reader's language, as the log tells "
                       "it: 'Ann (green) brought green 5 in at p11 and moved it to p9.'"})


class TakebackRequestSchema(Schema):
    """A request to take back a seat's last action, and what became of it."""

    id = fields.Integer(required=True)
    seat = fields.Integer(required=True, metadata={"description": "The seat that asked."})
    status = fields.String(required=True, validate=validate.OneOf(STATUSES), metadata={
        "description": "asked (waiting for answers), done, declined (a seat said no), lapsed "
                       "(the game moved on first) or withdrawn."})
    asked_version = fields.Integer(required=True)
    to_version = fields.Integer(required=True, metadata={
        "description": "The version whose position the game returns to."})
    undoes = fields.List(fields.Nested(TakebackUndoneSchema), required=True)
    approvers = fields.List(fields.Integer(), required=True, metadata={
        "description": "The seats whose yes it needs (none: it was done at once)."})
    answers = fields.Dict(keys=fields.String(), values=fields.Boolean(), required=True)
    created_at = fields.DateTime(required=True)
    decided_at = fields.DateTime(required=True, allow_none=True)


class TakebackRefusalSchema(Schema):
    """Why the caller's seat may not ask now: an error's code and words."""

    code = fields.String(required=True)
    message = fields.String(required=True)


class TakebackStateSchema(Schema):
    """The game's takeback rule, its latest request, and what the caller's seat may do."""

    mode = fields.String(required=True, validate=validate.OneOf(TAKEBACK_MODES))
    request = fields.Nested(TakebackRequestSchema, required=True, allow_none=True)
    may_ask = fields.Boolean(required=True)
    why_not = fields.Nested(TakebackRefusalSchema, required=True, allow_none=True)
    would_undo = fields.List(fields.Nested(TakebackUndoneSchema), required=True)
    needs = fields.List(fields.Integer(), metadata={
        "description": "The seats whose yes a request asked now would need."})


class TakebackResultSchema(Schema):
    """What an ask, an answer or a withdrawal did: the request and the game as it is now."""

    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    request = fields.Nested(TakebackRequestSchema, required=True)
    game = fields.Nested(GameViewSchema, required=True)


class TakebackAskSchema(Schema):
    """A request to take back the caller's seat's last action."""

    expected_version = bounded_int(metadata={
        "description": "The game's version as you saw it: refused (game/stale_version) if "
                       "the game moved on since, so nothing else is taken back."})


class TakebackAnswerSchema(TakebackAskSchema):
    """An answer to the request that asks the caller's seat."""

    agree = Boolean(required=True, metadata={"description": "true: yes; false: no."})
