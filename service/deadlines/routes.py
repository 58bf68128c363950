"""Routes of pausing and resuming a game and of its time per move: thin, each one call to
``service.deadlines.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.api import BEARER, Blueprint, errors, json_reply
from service.auth import bearer_token
from service.deadlines import service
from service.deadlines.schemas import MoveTimeLimitSchema
from service.view_schemas import GameViewSchema

blp = Blueprint("deadlines", __name__, url_prefix="/api/v1/games",
                description="Pause and resume a game (its creator), which stops its clock; "
                            "change its time per move.")


@blp.route("/<game_id>/pause")
class Pause(MethodView):
    """Pausing a game."""

    @blp.response(200, GameViewSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, game_id: str) -> Response:
        """Pause a game under way (the creator's token only).

        While it is paused, actions are refused with 409 game/paused and no deadline runs
        out; a monster phase under way is still resolved. Refusals: 409
        game/already_paused; 409 game/not_started, game/cancelled, game/over.
        """
        return json_reply(service.pause_game(game_id, bearer_token()))


@blp.route("/<game_id>/resume")
class Resume(MethodView):
    """Resuming a paused game."""

    @blp.response(200, GameViewSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, game_id: str) -> Response:
        """Resume a paused game (the creator's token only).

        The move deadline (and the reminder) move later by exactly the time the game was
        paused. Refusals: 409 game/not_paused; 409 game/not_started, game/cancelled,
        game/over.
        """
        return json_reply(service.resume_game(game_id, bearer_token()))


@blp.route("/<game_id>/move-time-limit")
class MoveTimeLimit(MethodView):
    """A game's time per move."""

    @blp.arguments(MoveTimeLimitSchema())
    @blp.response(200, GameViewSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def put(self, limit: dict[str, Any], game_id: str) -> Response:
        """Set the time each player has for a move, or null for none (the creator's token only).

        It counts from the next sub-turn: the one under way keeps its deadline. A game that
        has not started takes it too. Refusals: 409 game/ended (finished or cancelled).
        """
        return json_reply(service.set_move_time_limit(game_id, bearer_token(),
                                                      limit["move_time_limit"]))
