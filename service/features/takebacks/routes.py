"""Routes of takebacks: thin, each one call to ``service.features.takebacks.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.takebacks import service
from service.features.takebacks.schemas import (
    TakebackAnswerSchema,
    TakebackAskSchema,
    TakebackResultSchema,
    TakebackStateSchema,
)
from service.kernel.auth import Bearer
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("takebacks", __name__, url_prefix="/api/v1/games",
                description="Takebacks: a seat takes back its last action before the "
                            "monster's next card, when those it concerns agree "
                            "(docs/table.md).")


@blp.route("/<game_id>/takeback")
class Takeback(MethodView):
    """The game's takeback: its rule, its request, asking and withdrawing."""

    @blp.response(200, TakebackStateSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """Read the game's takeback rule and latest request, and whether your seat may ask
        now and what it would take back (any token of the game)."""
        return json_reply(service.read_takeback(game_id, Bearer(bearer_token())))

    @blp.arguments(TakebackAskSchema())
    @blp.response(201, TakebackResultSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, body: dict[str, Any], game_id: str) -> Response:
        """Ask to take back your seat's last action (your seat's token).

        Done at once (status done) when nobody must agree; else the seats it concerns are
        asked by mail, push and on their page (status asked). Refusals: 409 takeback/off,
        takeback/nothing (no action of this game turn), takeback/card_drawn (the monster
        turned up a card since), game/paused, game/over, game/cancelled.
        """
        return json_reply(service.ask_takeback(game_id, Bearer(bearer_token()),
                                               body.get("expected_version")), 201)

    @blp.response(200, TakebackResultSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def delete(self, game_id: str) -> Response:
        """Withdraw the request your seat made (409 takeback/none when none holds)."""
        return json_reply(service.withdraw_takeback(game_id, Bearer(bearer_token())))


@blp.route("/<game_id>/takeback/answer")
class TakebackAnswer(MethodView):
    """An answer to the game's request."""

    @blp.arguments(TakebackAnswerSchema())
    @blp.response(200, TakebackResultSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, body: dict[str, Any], game_id: str) -> Response:
        """Agree to the request that asks your seat, or say no (your seat's token); the last
        yes takes the actions back. Refusals: 409 takeback/none, takeback/lapsed (the game
        moved on since), takeback/card_drawn; 403 takeback/not_asked."""
        return json_reply(service.answer_takeback(game_id, Bearer(bearer_token()),
                                                  bool(body["agree"]),
                                                  body.get("expected_version")))
