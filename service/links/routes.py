"""The "I lost my link" route: thin, one call to ``service.links.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.api import Blueprint, errors, json_reply
from service.links import service
from service.links.schemas import LostLinkAcceptedSchema, LostLinkSchema

blp = Blueprint("links", __name__, url_prefix="/api/v1/links",
                description="Get your links again by email.")

ACCEPTED = {"message": "If this address belongs to a player, their links are on the way."}


@blp.route("/lost")
class LostLink(MethodView):
    """Asking for one's links again."""

    @blp.arguments(LostLinkSchema())
    @blp.response(202, LostLinkAcceptedSchema)
    @errors(blp, 429)
    def post(self, lost: dict[str, Any]) -> Response:
        """Email new links to the seats of this address; the answer is the same either way.

        Links are only ever sent by email, never in a response, by the worker a moment later:
        the request does the same work for any address. Limited per client address
        (RATELIMIT_LOST_LINK).
        """
        service.ask_for_lost_links(lost["email"])
        return json_reply(ACCEPTED, 202)
