"""The route of "your games on this device": thin, one call to
``service.features.device.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.device import service
from service.features.device.schemas import MyGamesAskSchema, MyGamesSchema
from service.plumbing.api import Blueprint, json_reply

blp = Blueprint("device", __name__, url_prefix="/api/v1/my-games",
                description="The games a browser keeps tokens for, read in one request.")


@blp.route("")
class MyGames(MethodView):
    """What each game a device keeps is now."""

    @blp.arguments(MyGamesAskSchema())
    @blp.response(200, MyGamesSchema)
    def post(self, ask: dict[str, Any]) -> Response:
        """Read every game the device keeps a token for, each authorized by its own token.

        POST, so that the tokens travel in the body and never in an address or a log. One
        answer per game asked, in the order asked: the game's name, status, version, whether
        it waits for the token's seat and since when, its deadline; or ``gone: true`` when
        the token no longer opens that game (the device then forgets it). At most
        ``MAX_GAMES`` (100) games; the answer carries no secret.
        """
        return json_reply({"games": service.read_my_games(ask["games"])})
