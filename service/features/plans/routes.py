"""Routes of turn plans: thin, each one call to ``service.features.plans.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.plans import service
from service.features.plans.matching import PlanInput
from service.features.plans.schemas import PlanInputSchema, PlanSchema
from service.kernel.auth import Bearer
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("plans", __name__, url_prefix="/api/v1/games",
                description="Turn plans: a seat queues its coming moves of this game turn; "
                            "each is played when the seat's sub-turn comes, if it still does "
                            "what was planned (docs/rules.md).")


@blp.route("/<game_id>/plan")
class Plan(MethodView):
    """The plan of the token's seat, seen by that seat only."""

    @blp.response(200, PlanSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """Read your seat's plan (your seat's token)."""
        return json_reply(service.read_plan(game_id, Bearer(bearer_token())))

    @blp.arguments(PlanInputSchema())
    @blp.response(200, PlanSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def put(self, body: dict[str, Any], game_id: str) -> Response:
        """Replace your seat's plan (your seat's token); if it is your turn, it starts now.

        Refusals: 422 plan/invalid_line (details.line, from 0, and details.reason: the
        engine's code), plan/empty; 409 game/wrong_phase (not the figure phase),
        game/stale_version (expected_version given and old), game/paused, game/cancelled,
        game/over, game/not_started; 403 auth/forbidden for any token but a seat's.
        """
        inputs = [PlanInput(line.get("notation"), line.get("action"), line["or_flip"])
                  for line in body["lines"]]
        return json_reply(service.put_plan(game_id, bearer_token(), inputs, body["flip_rest"],
                                           body.get("expected_version")))

    @blp.response(204)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def delete(self, game_id: str) -> Response:
        """Cancel your seat's plan (your seat's token)."""
        service.cancel_plan(game_id, Bearer(bearer_token()))
        return json_reply(None, 204)
