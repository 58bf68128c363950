"""The submission route: thin, one call to ``service.features.actions.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.actions import service
from service.features.actions.schemas import SubmitSchema, SubmittedSchema
from service.kernel.auth import Bearer
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.schemas import IdempotencyHeaderSchema
from service.plumbing.tokens import bearer_token

blp = Blueprint("actions", __name__, url_prefix="/api/v1/games",
                description="Submit a player's move, flip or tile placement.")

REPLAYED_HEADER = "Idempotent-Replayed"


@blp.route("/<game_id>/actions")
class Actions(MethodView):
    """A game's actions (reading them: the log)."""

    # Schema instances, not classes, here and in every route: given a class, webargs builds an
    # instance (deep-copying its fields) for every request.
    @blp.arguments(IdempotencyHeaderSchema(), location="headers")
    @blp.arguments(SubmitSchema())
    @blp.response(201, SubmittedSchema)
    @errors(blp, 401, 403, 404, 409, 413)
    @blp.doc(security=BEARER)
    def post(self, headers: dict[str, Any], submission: dict[str, Any],
             game_id: str) -> Response:
        """Submit an action for your seat (your seat's token).

        Refusals: 409 game/stale_version (with the current view in details.game) when
        expected_version is not the game's version; 409 move/not_your_turn; 409
        game/wrong_phase while the monster moves; 409 game/over, game/not_started,
        game/cancelled; 422 with the engine's code (move/illegal, move/invalid, ...) for an
        action the rules refuse; 422 idempotency/key_reused for a key sent before with
        another body. When the action ends the figure phase the game enters the monster
        phase, which the worker resolves.
        """
        reply = service.submit_action(game_id, Bearer(bearer_token()), submission,
                                      headers.get("idempotency_key"))
        extra = {REPLAYED_HEADER: "true"} if reply.replayed else {}
        return json_reply(reply.body, reply.status, extra)
