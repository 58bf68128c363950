"""Routes of notification preferences and of the unsubscribe link: thin, one service call each."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask.views import MethodView

from service.features.mail.schemas import DailyMailChoiceSchema, DailyMailSchema
from service.features.prefs import daily, language, pages, service
from service.features.prefs.schemas import (
    EmailNotificationsSchema,
    EmailPreferencesSchema,
    SeatLanguageAnswerSchema,
    SeatLanguageSchema,
)
from service.kernel.auth import Bearer
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.headers import PAGE_POLICY, carries_secret, page
from service.plumbing.tokens import bearer_token

blp = Blueprint("notifications", __name__, url_prefix="/api/v1",
                description="A seat's email preference, its emails' delivery status, and the "
                            "unsubscribe link of its emails.")

UNSUBSCRIBE_TOKEN_PATTERN = r"^[A-Za-z0-9_-]{22}\.[0-9]{1,2}\.[A-Za-z0-9_-]{22}$"
HTML = {"description": "A small HTML page.",
        "content": {"text/html": {"schema": {"type": "string"}}}}
# The pages are written as the mails are (service.features.mail.markup), with style attributes:
# those, and nothing else inline, are allowed (a browser without style-src-attr shows the
# page unstyled).
UNSUBSCRIBE_POLICY = f"{PAGE_POLICY}; style-src-attr 'unsafe-inline'"


@blp.route("/games/<game_id>/notifications")
class Notifications(MethodView):
    """The token's seat's email preference and its latest emails."""

    @blp.response(200, EmailNotificationsSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """Read the seat's email mode, which of its emails are answered, and the status of its
        latest emails (a seat token)."""
        return json_reply(service.read_preferences(game_id, Bearer(bearer_token())))

    @blp.arguments(EmailPreferencesSchema())
    @blp.response(200, EmailNotificationsSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def put(self, preferences: dict[str, Any], game_id: str) -> Response:
        """Set how often the seat is emailed about the game, and which of its emails to the
        game's reply address are answered (a seat token); what is left out stays."""
        return json_reply(service.set_preferences(game_id, Bearer(bearer_token()),
                                                  preferences.get("email_mode"),
                                                  preferences.get("answers")))


@blp.route("/games/<game_id>/daily-mail")
class DailyMail(MethodView):
    """One mail a day for all the games of the token's seat's address."""

    @blp.response(200, DailyMailSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """Read whether the seat's address gets one mail a day for all its games, and when
        (a seat token; seat/no_email without an address). The choice is the address's: the
        same in each of its games and on the list of its games (PUT /home/daily-mail)."""
        return json_reply(daily.read_daily_mail(game_id, Bearer(bearer_token())))

    @blp.arguments(DailyMailChoiceSchema())
    @blp.response(200, DailyMailSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def put(self, choice: dict[str, Any], game_id: str) -> Response:
        """Choose one mail a day for all the games of the seat's address instead of a mail
        per game, or a mail per game again, and the hour it goes at (a seat token); what is
        left out stays. Each game's email mode still holds for it: none keeps it out."""
        return json_reply(daily.set_daily_mail(game_id, Bearer(bearer_token()), choice))


@blp.route("/games/<game_id>/language")
class SeatLanguage(MethodView):
    """The token's seat's language and time zone."""

    @blp.arguments(SeatLanguageSchema())
    @blp.response(200, SeatLanguageAnswerSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def put(self, choice: dict[str, Any], game_id: str) -> Response:
        """Choose the language the seat's mails, answers and page are in, and the time zone
        of the dates in its mails (a seat token)."""
        return json_reply(language.set_seat_language(game_id, bearer_token(), choice))


@blp.route("/unsubscribe/<token>", parameters=[{
    "in": "path", "name": "token", "required": True,
    "description": "The token of the seat's unsubscribe link: game id, seat, signature.",
    "schema": {"type": "string", "pattern": UNSUBSCRIBE_TOKEN_PATTERN}}])
class Unsubscribe(MethodView):
    """The unsubscribe link of a seat's emails (List-Unsubscribe)."""

    @blp.doc(responses={"200": HTML})
    @errors(blp, 404)
    @carries_secret
    def get(self, token: str) -> Response:
        """Show a page that asks to confirm; nothing changes until it is confirmed (POST).

        Mail scanners open links; only a POST unsubscribes.
        """
        return _html(pages.confirm_page(service.unsubscribe(token, confirm=False), request.path))

    @blp.doc(responses={"200": HTML})
    @errors(blp, 404)
    @carries_secret
    def post(self, token: str) -> Response:
        """Unsubscribe at once (RFC 8058 one-click: the signed link is the only credential).

        The seat's email mode becomes ``none``; its link and the game are unaffected.
        """
        return _html(pages.done_page(service.unsubscribe(token, confirm=True)))


def _html(text: str) -> Response:
    return page(Response(text, 200, content_type="text/html; charset=utf-8"), UNSUBSCRIBE_POLICY)
