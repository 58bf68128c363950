"""Request and response schemas of live pages."""

from __future__ import annotations

from marshmallow import Schema, fields, validate


class TicketSchema(Schema):
    """A ticket that opens the game's stream from a page (``EventSource`` sends no header)."""

    ticket = fields.String(required=True)
    url = fields.String(required=True, metadata={
        "description": "The stream's address with the ticket, relative to the service."})
    expires_at = fields.String(required=True, metadata={"description": "RFC 3339, UTC."})


class StreamQuerySchema(Schema):
    """How a stream is opened: with a ticket when no Authorization header can be sent."""

    ticket = fields.String(validate=validate.Length(1, 80), metadata={
        "description": "From POST /games/{id}/live; instead of the Authorization header."})
    last = fields.String(validate=validate.Length(1, 80), metadata={
        "description": "The last event id seen, as Last-Event-ID (which wins when both "
                       "are sent): an event comes at once only if the game moved since."})
