"""The routes of links: "I lost my link", a seat's email address and "email me my link".

Thin, one call each to ``service.features.links.service`` or ``service.features.links.email``. Every
route here may send an email, so both blueprints are limited per client address as strictly as
"I lost my link" (``service.plumbing.limits``).
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.links import email, service
from service.features.links.schemas import (
    ConfirmEmailSchema,
    EmailChangeSchema,
    EmailConfirmedSchema,
    LinkSentSchema,
    LostLinkAcceptedSchema,
    LostLinkSchema,
    NewEmailSchema,
)
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.i18n import _
from service.plumbing.tokens import bearer_token

blp = Blueprint("links", __name__, url_prefix="/api/v1/links",
                description="Get your links again by email.")
seat_email = Blueprint("seat_email", __name__, url_prefix="/api/v1",
                       description="A seat's email address, confirmed by its owner; a seat's "
                                   "link sent to it by email.")

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
        return json_reply({"message": _("If this address belongs to a player, their links are "
                                        "on the way.")}, 202)


@seat_email.route("/games/<game_id>/email")
class SeatEmail(MethodView):
    """The token's seat's email address."""

    @seat_email.arguments(NewEmailSchema())
    @seat_email.response(202, EmailChangeSchema)
    @errors(seat_email, 401, 403, 404, 429)
    @seat_email.doc(security=BEARER)
    def put(self, new: dict[str, Any], game_id: str) -> Response:
        """Ask that the seat's emails go to a new address (a seat token).

        The new address gets a link to confirm it (it works for 48 hours); only then does
        the seat's address change, and until then its emails go to the old one.
        """
        return json_reply(email.change_email(game_id, bearer_token(), new["email"]), 202)


@seat_email.route("/games/<game_id>/email/link")
class SeatLink(MethodView):
    """The token's seat's link, sent to its address."""

    @seat_email.response(202, LinkSentSchema)
    @errors(seat_email, 401, 403, 404, 409, 429)
    @seat_email.doc(security=BEARER)
    def post(self, game_id: str) -> Response:
        """Email the seat the link this token belongs to, at the seat's address (a seat
        token); a seat without an address is refused with seat/no_email."""
        return json_reply(email.email_my_link(game_id, bearer_token()), 202)


@seat_email.route("/email/confirm")
class ConfirmEmail(MethodView):
    """Following the link mailed to a new address."""

    @seat_email.arguments(ConfirmEmailSchema())
    @seat_email.response(200, EmailConfirmedSchema)
    @errors(seat_email, 404, 429)
    def post(self, confirm: dict[str, Any]) -> Response:
        """Make the address the code was mailed to its seat's address (the code from the
        link ``/home#c=<code>``). Refused with email/unknown_code or email/expired_code."""
        return json_reply(email.confirm_email(confirm["code"]))
