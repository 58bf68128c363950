"""Schemas of "I lost my link" and of a seat's email address."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.plumbing.schemas import EmailAddress
from service.plumbing.tokens import TOKEN_PATTERN


class LostLinkSchema(Schema):
    """The email address a player gave when they were invited or joined."""

    email = EmailAddress(required=True)


class LostLinkAcceptedSchema(Schema):
    """The same answer whether or not the address belongs to a player."""

    message = fields.String(required=True)


class NewEmailSchema(Schema):
    """The address the seat's emails should go to, once it is confirmed."""

    email = EmailAddress(required=True)


class EmailChangeSchema(Schema):
    """A change of address waiting for the new address to confirm it."""

    email = fields.String(required=True, allow_none=True,
                          metadata={"description": "The seat's address until then."})
    pending_email = fields.String(required=True)
    expires_at = fields.String(required=True, metadata={"format": "date-time"})


class ConfirmEmailSchema(Schema):
    """The code of the confirmation link (``/home#c=<code>``)."""

    code = fields.String(required=True, validate=validate.Regexp(TOKEN_PATTERN))


class EmailConfirmedSchema(Schema):
    """The seat whose address it now is."""

    game_id = fields.String(required=True)
    name = fields.String(required=True, metadata={"description": "The game's name."})
    seat = fields.Integer(required=True)
    colour = fields.String(required=True)
    email = fields.String(required=True)


class LinkSentSchema(Schema):
    """The address the seat's link was mailed to."""

    email = fields.String(required=True)
