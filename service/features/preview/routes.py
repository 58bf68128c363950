"""Routes of the monster preview: thin, one call to ``service.features.preview.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.preview import service
from service.features.preview.schemas import PreviewRequestSchema, PreviewSchema
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("preview", __name__, url_prefix="/api/v1/games",
                description="The monster preview: where the monster would walk for each card "
                            "still in the pile, when the game's creator chose it.")


@blp.route("/<game_id>/preview")
class Preview(MethodView):
    """The monster preview of a game."""

    @blp.arguments(PreviewRequestSchema())
    @blp.response(200, PreviewSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, body: dict[str, Any], game_id: str) -> Response:
        """Where the monster would walk for each card that may come, from the position after
        the move given for the seat to act (none: as it is), any token of the game. Public
        facts only: the position and the cards the pile still holds, never their order.
        Refusals: 409 preview/off, game/not_started; 422 move/*."""
        return json_reply(service.preview(game_id, bearer_token(), body))
