"""Routes of play by email: the HTTP door for raw messages, a seat's log, the game's settings.

The door takes the raw RFC 5322 message as the request body (``message/rfc822``,
``application/octet-stream`` or any type) and is guarded by ``MAIL_INBOUND_SECRET``: sent as
the password of HTTP Basic auth (what inbound-parse services put in the URL) or in the
``X-FF-Inbound-Secret`` header, and compared in constant time. Without a configured secret
the door is closed (404).
"""

from __future__ import annotations

import base64
import binascii
import hmac
from typing import Any

from flask import Response, current_app, request
from flask.views import MethodView

from service.features.mailin import parse, records, service
from service.features.mailin.schemas import (
    InboundLogSchema,
    InboundQuerySchema,
    InboundResultsSchema,
    MailSettingsSchema,
)
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.tokens import bearer_token

blp = Blueprint("mail", __name__, url_prefix="/api/v1",
                description="Play by email: replies that carry moves, and their log.")

SECRET_HEADER = "X-FF-Inbound-Secret"
# Documented as octet-stream (what OpenAPI tools can send); message/rfc822 is taken as well.
RAW_MESSAGE = {"required": True, "description": "The raw RFC 5322 message.", "content": {
    "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}


@blp.route("/mail/inbound")
class Inbound(MethodView):
    """The HTTP door for inbound mail."""

    @blp.arguments(InboundQuerySchema(), location="query")
    @blp.response(200, InboundResultsSchema)
    @errors(blp, 401, 404, 413, 422)
    @blp.doc(requestBody=RAW_MESSAGE)
    def post(self, envelope: dict[str, Any]) -> Response:
        """Take one raw message (the mail server's secret): a reply to a seat's address.

        Answers with what became of it per reply address: applied, answered, refused (a
        reply was sent) or ignored (a bounce or auto-reply), and whether it was a duplicate
        delivery. 422 mail/not_for_us when no recipient is a reply address of this service;
        422 mail/unreadable for a message that can never be read (more MIME parts or levels
        than any reply has): sending it again changes nothing.
        """
        _check_secret()
        limit = int(current_app.config["MAIL_INBOUND_MAX_BYTES"])
        request.max_content_length = limit
        raw = request.get_data(cache=False)
        try:
            results = service.receive(raw, envelope.get("to", ()), envelope.get("sender"))
        except service.MessageTooLarge as error:
            # TRANSLATORS: reason says why, in English (the service's own words).
            raise ServiceError("request/too_large", _("The message is too large: %(reason)s.",
                                                      reason=str(error))) from None
        except parse.Unreadable as error:
            # TRANSLATORS: reason says why, in English (the service's own words).
            raise ServiceError("mail/unreadable", _("The message cannot be read: %(reason)s.",
                                                    reason=str(error))) from None
        if not results:
            raise ServiceError("mail/not_for_us", _("No recipient of this message is a reply "
                                                    "address of this service."))
        return json_reply({"results": [
            {"id": r.id, "recipient": r.recipient, "status": r.status, "code": r.code,
             "duplicate": r.duplicate} for r in results]})


@blp.route("/games/<game_id>/mail/inbound")
class SeatLog(MethodView):
    """The seat's reply address and what became of the mail it sent there."""

    @blp.response(200, InboundLogSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """Read the seat's reply address and its latest inbound messages (a seat token)."""
        return json_reply(records.read_log(game_id, bearer_token()))


@blp.route("/games/<game_id>/mail/settings")
class Settings(MethodView):
    """The game's play-by-email settings."""

    @blp.response(200, MailSettingsSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """Read the game's mail settings (any token of the game)."""
        return json_reply(records.read_settings(game_id, bearer_token()))

    @blp.arguments(MailSettingsSchema())
    @blp.response(200, MailSettingsSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def put(self, settings: dict[str, Any], game_id: str) -> Response:
        """Set whether replies must come from the seat's own address (the creator's token)."""
        return json_reply(records.set_settings(game_id, bearer_token(),
                                               settings["sender_must_match"]))


def _check_secret() -> None:
    """Refuse the request unless it carries the configured secret (constant-time compare)."""
    secret = current_app.config.get("MAIL_INBOUND_SECRET")
    if not secret:
        raise ServiceError("mail/inbound_closed", _("The HTTP door for inbound mail is closed: "
                                                    "no secret is configured."))
    given = request.headers.get(SECRET_HEADER) or _basic_password()
    if given is None or not hmac.compare_digest(given.encode(), str(secret).encode()):
        raise ServiceError("mail/bad_secret", _("This needs the inbound mail secret."),
                           headers={"WWW-Authenticate": 'Basic realm="inbound mail"'})


def _basic_password() -> str | None:
    scheme, _space, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        decoded = base64.b64decode(value.strip(), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError):
        return None
    return decoded.partition(":")[2]
