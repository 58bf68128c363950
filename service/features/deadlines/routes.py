"""Routes of pausing and resuming a game, its time per move, its pace (vacation days, the
missed-deadlines limit) and nudges: thin, each one call to the service layer."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.deadlines import nudge, pacing, service
from service.features.deadlines.schemas import MoveTimeLimitSchema, NudgedSchema, PaceSchema
from service.kernel.auth import Bearer
from service.kernel.view_schemas import GameViewSchema
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("deadlines", __name__, url_prefix="/api/v1/games",
                description="Pause and resume a game (its creator), which stops its clock; "
                            "change its time per move and its pace (vacation days, missed "
                            "deadlines); nudge the player the game waits for.")


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


@blp.route("/<game_id>/pace")
class Pace(MethodView):
    """A game's vacation days per seat and its missed-deadlines limit."""

    @blp.arguments(PaceSchema())
    @blp.response(200, GameViewSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def put(self, settings: dict[str, Any], game_id: str) -> Response:
        """Set the vacation days of each seat and the missed-deadlines limit (the creator's
        token only).

        Vacation days are spent one at a time when a seat's deadline passes, each moving it
        a day on, before its time runs out; what a seat spent stays spent. After the limit's
        number of missed deadlines the creator is told they may hand the seat on. Refusals:
        409 game/ended (finished or cancelled).
        """
        return json_reply(pacing.set_pace(game_id, bearer_token(), settings))


@blp.route("/<game_id>/nudge")
class Nudge(MethodView):
    """Nudging the player the game waits for."""

    @blp.response(200, NudgedSchema)
    @errors(blp, 401, 403, 404, 409, 429)
    @blp.doc(security=BEARER)
    def post(self, game_id: str) -> Response:
        """Nudge the seat to act: an email (if it has an address) and the webhook event
        turn.nudged (a seat's token or the creator's).

        One nudge per game a day, whoever sends it. Refusals: 409 nudge/nobody_to_nudge
        (not started, paused, monster phase, over, cancelled; details.reason); 422
        nudge/yourself; 429 nudge/too_soon with details.next_nudge_at and Retry-After;
        409 nudge/moved_on when a move came in meanwhile.
        """
        return json_reply(nudge.nudge(game_id, Bearer(bearer_token())))
