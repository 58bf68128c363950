"""Request and response schemas of submissions."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.kernel.fields import NotationOrAction, StructuredActionSchema
from service.kernel.view_schemas import ActionRecordSchema, EventRecordSchema, GameViewSchema
from service.plumbing.schemas import Text, bounded_int

__all__ = ["StructuredActionSchema", "SubmitSchema", "SubmittedSchema"]

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
