"""Routes of pausing and resuming a game: thin, each one call to ``service.deadlines.service``."""

from __future__ import annotations

from flask import Response
from flask.views import MethodView

from service.api import BEARER, Blueprint, errors, json_reply
from service.auth import bearer_token
from service.deadlines import service
from service.view_schemas import GameViewSchema

blp = Blueprint("deadlines", __name__, url_prefix="/api/v1/games",
                description="Pause and resume a game (its creator), which stops its clock.")


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
