"""Routes of computer players: thin, each one call to ``service.features.computer.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from service.features.computer import service
from service.kernel.auth import Bearer
from service.kernel.view_schemas import GameViewSchema
from service.kernel.vocabulary import COMPUTER_LEVELS
from service.plumbing.api import BEARER, SEAT, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("computer", __name__, url_prefix="/api/v1/games",
                description="Computer players: the creator hands a seat to the computer, at a "
                            "level, or gives it back to its player (docs/bots.md).")


class ComputerLevelSchema(Schema):
    """The level at which the computer plays the seat."""

    level = fields.String(required=True, validate=validate.OneOf(COMPUTER_LEVELS), metadata={
        "description": "easy, normal or hard (docs/bots.md)."})


@blp.route("/<game_id>/seats/<seat>/computer", parameters=[SEAT])
class ComputerSeat(MethodView):
    """Whether the computer plays a seat (the creator's token)."""

    @blp.arguments(ComputerLevelSchema())
    @blp.response(200, GameViewSchema)
    @errors(blp, 401, 403, 404, 409, 422)
    @blp.doc(security=BEARER)
    def put(self, body: dict[str, Any], game_id: str, seat: str) -> Response:
        """Let the computer play the seat (seats counted from 0) from now on, at ``level``;
        if it is the seat's turn, the computer moves at once (the creator's token).

        Refusals: 422 seat/not_found; 409 seat/open (no one has taken the seat),
        game/cancelled, game/over, game/not_started; 403 auth/forbidden for any token but
        the creator's.
        """
        return json_reply(service.hand_to_computer(game_id, Bearer(bearer_token()), seat,
                                                   body["level"]))

    @blp.response(200, GameViewSchema)
    @errors(blp, 401, 403, 404, 409, 422)
    @blp.doc(security=BEARER)
    def delete(self, game_id: str, seat: str) -> Response:
        """Give the seat back to its player, whose link works as before (the creator's
        token)."""
        return json_reply(service.hand_to_computer(game_id, Bearer(bearer_token()), seat,
                                                   None))
