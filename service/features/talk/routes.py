"""Routes of table talk: thin, each one call to ``service.features.talk.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.talk import service
from service.features.talk.schemas import (
    TalkCursorSchema,
    TalkMessageSchema,
    TalkMuteSchema,
    TalkMuteStateSchema,
    TalkPageSchema,
    TalkPostSchema,
)
from service.plumbing.api import BEARER, SEAT, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("talk", __name__, url_prefix="/api/v1/games",
                description="Table talk: the players' messages to each other, read after a "
                            "cursor; the creator mutes seats.")

@blp.route("/<game_id>/messages")
class Messages(MethodView):
    """The messages of a game's table."""

    @blp.arguments(TalkCursorSchema(), location="query")
    @blp.response(200, TalkPageSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, cursor: dict[str, Any], game_id: str) -> Response:
        """List the messages after ``after``, oldest first (any token of the game)."""
        return json_reply(service.list_messages(game_id, bearer_token(), **cursor))

    @blp.arguments(TalkPostSchema())
    @blp.response(201, TalkMessageSchema)
    @errors(blp, 401, 403, 404, 409, 429)
    @blp.doc(security=BEARER)
    def post(self, body: dict[str, Any], game_id: str) -> Response:
        """Post a message for your seat (your seat's token).

        Refusals: 422 talk/empty, talk/too_long (over 500 characters once stripped),
        talk/invalid_text; 429 talk/too_many (more than 10 in 10 minutes; Retry-After says
        when to try again); 403 talk/muted when the creator muted the seat, auth/forbidden
        for any token but a seat's; 409 game/cancelled.
        """
        return json_reply(service.post_message(game_id, bearer_token(), body["text"]), 201)


@blp.route("/<game_id>/seats/<seat>/mute", parameters=[SEAT])
class Mute(MethodView):
    """Whether a seat may post to the table."""

    @blp.arguments(TalkMuteSchema())
    @blp.response(200, TalkMuteStateSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def put(self, body: dict[str, Any], game_id: str, seat: str) -> Response:
        """Mute or unmute a seat (the creator's token); 422 seat/not_found for no such seat."""
        return json_reply(service.set_mute(game_id, bearer_token(), seat, body["muted"]))
