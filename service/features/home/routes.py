"""The routes of home: thin, one call each to ``service.features.home.service``.

Two blueprints: asking for the link sends an email, so it is limited per client address as
strictly as "I lost my link" (``service.plumbing.limits``); reading the list and signing out are
limited per token like the rest of the API.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.home import service
from service.features.home.schemas import AskHomeLinkSchema, HomeLinkAcceptedSchema, HomeSchema
from service.features.mail.schemas import DailyMailChoiceSchema, DailyMailSchema
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.headers import carries_secret
from service.plumbing.i18n import _
from service.plumbing.tokens import bearer_token

blp = Blueprint("home", __name__, url_prefix="/api/v1/home",
                description="Every game of an email address, through a link sent by email.")
asking = Blueprint("home_link", __name__, url_prefix="/api/v1/home",
                   description="Ask for a link by email to all your games.")



@asking.route("/link")
class HomeLink(MethodView):
    """Asking for a link to one's games."""

    @asking.arguments(AskHomeLinkSchema())
    @asking.response(202, HomeLinkAcceptedSchema)
    @errors(asking, 429)
    def post(self, ask: dict[str, Any]) -> Response:
        """Email a link to the list of this address's games; the answer is the same either way.

        The link is only ever sent by email, by the worker a moment later; it works for 7
        days, until the address signs out everywhere. Limited per client address
        (RATELIMIT_LOST_LINK).
        """
        service.ask_for_home_link(ask["email"])
        return json_reply({"message": _("If this address belongs to a player, a link to their "
                                        "games is on the way.")}, 202)


@blp.route("")
class Home(MethodView):
    """The games of the address a home link was sent to."""

    @blp.response(200, HomeSchema)
    @errors(blp, 401)
    @blp.doc(security=BEARER)
    @carries_secret
    def get(self) -> Response:
        """List every game of the address, those waiting for its move first (a home token).

        Each entry has a link to the address's seat; the same link comes back on every read
        until the address signs out everywhere.
        """
        return json_reply(service.read_home(bearer_token()))

    @blp.response(204)
    @errors(blp, 401)
    @blp.doc(security=BEARER)
    def delete(self) -> Response:
        """Sign out everywhere: every home link of the address and the seat links they gave
        stop working (a home token). The links first sent to each seat keep working."""
        service.sign_out_everywhere(bearer_token())
        return json_reply(None, 204)


@blp.route("/daily-mail")
class DailyMail(MethodView):
    """One mail a day for all the games of the address a home link was sent to."""

    @blp.arguments(DailyMailChoiceSchema())
    @blp.response(200, DailyMailSchema)
    @errors(blp, 401)
    @blp.doc(security=BEARER)
    def put(self, choice: dict[str, Any]) -> Response:
        """Choose one mail a day for all the address's games instead of a mail per game, or a
        mail per game again, and the hour it goes at (a home token); what is left out stays.

        The same choice is read and set from any of the address's games
        (/games/{game_id}/daily-mail). Each game's email mode still holds for it: none keeps
        it out of the daily mail.
        """
        return json_reply(service.set_daily_mail(bearer_token(), choice))
