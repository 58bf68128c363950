"""Schemas of "I lost my link"."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.schemas import EmailAddress


class LostLinkSchema(Schema):
    """The email address a player gave when they were invited or joined."""

    email = EmailAddress(required=True)


class LostLinkAcceptedSchema(Schema):
    """The same answer whether or not the address belongs to a player."""

    message = fields.String(required=True)
