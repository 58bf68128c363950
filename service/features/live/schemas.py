"""Request and response schemas of live pages."""

from __future__ import annotations

from marshmallow import Schema, fields, validate


class TicketSchema(Schema):
    """A ticket that opens the game's stream from a page (``EventSource`` sends no header)."""

    ticket = fields.String(required=True)
    url = fields.String(required=True, metadata={
        "description": "The stream's address with the ticket, relative to the service."})
    expires_at = fields.String(required=True, metadata={"description": "RFC 3339, UTC."})
    changed = fields.Boolean(metadata={
        "description": "Given only when the request named the ETag the page holds: whether "
                       "the game as this token's holder reads it differs from it now (then "
                       "read it again; the stream tells only what changes after the ticket)."})
    messages = fields.Integer(required=True, metadata={
        "description": "The id of the table's last message when the ticket was made (0: "
                       "none yet)."})


class TicketRequestSchema(Schema):
    """What a page tells when it asks for a ticket (all optional)."""

    etag = fields.String(validate=validate.Length(1, 300), metadata={
        "description": "The ETag of the game as the page last read it: the answer says "
                       "whether it changed since (``changed``), and the ticket's stream tells "
                       "only what changes after the ticket was made, so nothing falls between "
                       "the page's read and its stream."})


class StreamQuerySchema(Schema):
    """How a stream is opened: with a ticket when no Authorization header can be sent."""

    ticket = fields.String(validate=validate.Length(1, 80), metadata={
        "description": "From POST /games/{id}/live; instead of the Authorization header."})
    last = fields.String(validate=validate.Length(1, 80), metadata={
        "description": "The last event id seen, as Last-Event-ID (which wins when both "
                       "are sent): an event comes at once only if the game moved since."})
