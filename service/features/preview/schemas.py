"""Request and response schemas of the monster preview."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.kernel.fields import StructuredActionSchema
from service.plumbing.i18n import _


class PreviewRequestSchema(Schema):
    """The move being chosen for the seat to act, in notation or structured (neither: the
    position as it is)."""

    class Meta:
        """Either form, or none; never both."""

        openapi = {"not": {"required": ["notation", "action"]}}

    notation = fields.String(validate=validate.Length(1, 200))
    action = fields.Nested(StructuredActionSchema)

    @validates_schema
    def _not_both(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "notation" in data and "action" in data:
            raise ValidationError(_("Give 'notation' or 'action', not both."), "notation")


class WalkSchema(Schema):
    """The monster's walk for one card."""

    card = fields.String(required=True)
    label = fields.String(required=True)
    chance = fields.Float(required=True, metadata={"description": "Its chance to come next."})
    path = fields.List(fields.String(), required=True, metadata={
        "description": "The squares it stands on in turn, from where it stands now."})
    eaten = fields.List(fields.String(), required=True)
    square = fields.String(required=True)
    facing = fields.String(required=True)


class PreviewSchema(Schema):
    """Where the monster would walk for each card that may come."""

    version = fields.Integer(required=True)
    after = fields.String(required=True, allow_none=True, metadata={
        "description": "The move the preview is after, in notation (null: none)."})
    walks = fields.List(fields.Nested(WalkSchema), required=True)
