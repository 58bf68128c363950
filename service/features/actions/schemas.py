"""Request and response schemas of submissions."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.kernel.fields import NotationOrAction
from service.kernel.view_schemas import ActionRecordSchema, EventRecordSchema, GameViewSchema
from service.plumbing.schemas import Text, bounded_int

ACTION_TYPES = ("move", "flip", "place")


class StructuredActionSchema(Schema):
    """An action as JSON: a move (figure, path), a flip (figure) or a placement (tile, square,
    orientation for the long pool, arrow for a teleporter)."""

    type = fields.String(required=True, validate=validate.OneOf(ACTION_TYPES))
    figure = Text(validate=validate.Length(1, 20), metadata={"example": "red5"})
    path = Text(validate=validate.Length(1, 60), metadata={"example": "+WWNN"})
    tile = Text(validate=validate.Length(1, 30), metadata={"example": "teleporter_A"})
    square = Text(validate=validate.Length(1, 4), metadata={"example": "c5"})
    orientation = fields.String(validate=validate.OneOf(("h", "v")))
    arrow = fields.String(validate=validate.OneOf(("N", "E", "S", "W")))


class SubmitSchema(NotationOrAction):
    """A player's action against the version of the game they saw: in the engine's notation
    (``red 5 +WWNN``, ``5 to h7``, ``flip 4``, ``place stone c3``) or as structured JSON."""

    expected_version = bounded_int(required=True, metadata={
        "description": "The version of the view the action was chosen on."})
    notation = Text(validate=validate.Length(1, 200))
    action = fields.Nested(StructuredActionSchema)


class SubmittedSchema(Schema):
    """The accepted action, the events it caused and the game as the seat now sees it."""

    action = fields.Nested(ActionRecordSchema, required=True)
    events = fields.List(fields.Nested(EventRecordSchema), required=True)
    game = fields.Nested(GameViewSchema, required=True)
