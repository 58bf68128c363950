"""Routes of live pages: thin, each one call to ``service.features.live.service``."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask.views import MethodView

from service.features.live import service
from service.features.live.schemas import StreamQuerySchema, TicketRequestSchema, TicketSchema
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.headers import carries_secret
from service.plumbing.limits import client_address
from service.plumbing.schemas import ErrorSchema
from service.plumbing.tokens import bearer_token

blp = Blueprint("live", __name__, url_prefix="/api/v1/games",
                description="Live updates: a game's changes as server-sent events.")

# One server-sent event, field by field (OpenAPI 3.0 has no way to say more of a stream).
EVENT = {"type": "object", "properties": {
    "event": {"type": "string", "enum": ["game"]},
    "id": {"type": "string", "description": "The game's stamp: Last-Event-ID resumes."},
    "data": {"type": "string", "description": "JSON: `{\"version\": <the game's version>, "
                                              "\"messages\": <the table's last message id, "
                                              "0: none>}`."},
    "retry": {"type": "integer", "description": "Milliseconds to wait before reconnecting."},
}}
STREAM_DOC = {"responses": {"200": {
    "description": "Server-sent events: `event: game`, `id` the game's stamp, `data` "
                   "`{version, messages}`, sent whenever what a viewer sees changed; a "
                   "comment line every 20 seconds.",
    "content": {"text/event-stream": {"schema": EVENT}}}}}
TOO_MANY = ("live/too_many_streams: this token, or this client address, has as many streams "
            "open as it may (details: scope token or address, most); one frees its place "
            "when it ends. Or rate/limited. Retry-After says when to try again.")


@blp.route("/<game_id>/live")
class Live(MethodView):
    """A game's live updates."""

    @blp.arguments(TicketRequestSchema(), required=False)
    @blp.response(201, TicketSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    @carries_secret
    def post(self, asked: dict[str, Any] | None, game_id: str) -> Response:
        """Get a ticket that opens the stream from a page (any token of the game)."""
        return json_reply(service.ticket_for(game_id, bearer_token(),
                                             (asked or {}).get("etag")), 201)

    @blp.arguments(StreamQuerySchema(), location="query")
    @errors(blp, 401, 403, 404)
    @blp.alt_response(429, schema=ErrorSchema, description=TOO_MANY)
    @blp.doc(security=BEARER, **STREAM_DOC)
    def get(self, query: dict[str, Any], game_id: str) -> Response:
        """Stream the game's changes (any token of the game, or a ticket)."""
        stream = service.open_stream(game_id, bearer_token(), query.get("ticket"),
                                     request.headers.get("Last-Event-ID") or query.get("last"),
                                     client_address())
        return Response(stream, mimetype="text/event-stream",
                        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
