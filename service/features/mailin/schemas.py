"""Schemas of the mail-in API: the inbound door's answer, a seat's log, a game's settings."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.plumbing.schemas import Boolean

STATUS_DESCRIPTION = ("received (being handled), applied (a move was made), answered (board, "
                      "help), refused (an error reply was sent) or ignored (an auto-reply or "
                      "bounce: no reply).")


class InboundQuerySchema(Schema):
    """The envelope of a message given to the HTTP door, when the mail server knows it."""

    to = fields.List(fields.String(), metadata={
        "description": "The envelope recipients (RCPT TO); default: the To and Cc addresses."})
    sender = fields.String(data_key="from", metadata={
        "description": "The envelope sender (MAIL FROM); empty for the null sender <>."})


class InboundResultSchema(Schema):
    """What became of the message to one reply address."""

    id = fields.Integer(required=True)
    recipient = fields.String(required=True)
    status = fields.String(required=True, metadata={"description": STATUS_DESCRIPTION})
    code = fields.String(required=True, allow_none=True)
    duplicate = fields.Boolean(required=True, metadata={
        "description": "True: this message was delivered before; nothing was done again."})


class InboundResultsSchema(Schema):
    """The outcome per reply address among the message's recipients."""

    results = fields.List(fields.Nested(InboundResultSchema), required=True)


class InboundMessageSchema(Schema):
    """One message that reached the seat's reply address, and what became of it."""

    id = fields.Integer(required=True)
    received_at = fields.String(required=True)
    sender = fields.String(required=True)
    subject = fields.String(required=True)
    command = fields.String(required=True, allow_none=True)
    status = fields.String(required=True, metadata={"description": STATUS_DESCRIPTION})
    code = fields.String(required=True, allow_none=True)
    detail = fields.String(required=True, allow_none=True)
    duplicates = fields.Integer(required=True)


class InboundLogSchema(Schema):
    """The seat's reply address and its latest inbound messages, newest first."""

    reply_address = fields.String(required=True)
    messages = fields.List(fields.Nested(InboundMessageSchema), required=True)


class MailSettingsSchema(Schema):
    """A game's play-by-email settings."""

    sender_must_match = Boolean(required=True, metadata={
        "description": "True (default): a reply moves a seat only when sent from the seat's "
                       "own address; false: the reply address's token alone decides."})
