"""Routes of the log: thin, each one call to ``service.features.log.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.log import service
from service.features.log.schemas import (
    ActionPageSchema,
    CursorSchema,
    EventPageSchema,
    FirstPositionSchema,
)
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("log", __name__, url_prefix="/api/v1/games",
                description="A game's accepted actions and events, fetched after a cursor.")


@blp.route("/<game_id>/actions")
class ActionLog(MethodView):
    """The accepted actions of a game."""

    @blp.arguments(CursorSchema(), location="query")
    @blp.response(200, ActionPageSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, cursor: dict[str, Any], game_id: str) -> Response:
        """List the accepted actions after ``after`` (any token of the game)."""
        return json_reply(service.list_actions(game_id, bearer_token(), **cursor))


@blp.route("/<game_id>/events")
class EventLog(MethodView):
    """The events of a game."""

    @blp.arguments(CursorSchema(), location="query")
    @blp.response(200, EventPageSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, cursor: dict[str, Any], game_id: str) -> Response:
        """List the events after ``after`` (any token of the game)."""
        return json_reply(service.list_events(game_id, bearer_token(), **cursor))


@blp.route("/<game_id>/start")
class FirstPosition(MethodView):
    """The game's first position."""

    @blp.response(200, FirstPositionSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """The first position as the token's holder sees it: with the events after it, the
        whole game replays (any token of the game)."""
        return json_reply(service.first_position(game_id, bearer_token()))
