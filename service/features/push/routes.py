"""Routes of Web Push: thin, each one call to ``service.features.push.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.push import service
from service.features.push.schemas import (
    PushChoicesSchema,
    PushEndpointSchema,
    PushKeySchema,
    PushSettingsSchema,
    PushSubscribedSchema,
    PushSubscriptionSchema,
)
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("push", __name__, url_prefix="/api/v1",
                description="Web Push: the VAPID key, a seat's channels and its devices.")


@blp.route("/push/key")
class Key(MethodView):
    """The application server key."""

    @blp.response(200, PushKeySchema)
    def get(self) -> Response:
        """Read the VAPID public key browsers subscribe with, and whether push is on."""
        return json_reply(service.key())


@blp.route("/games/<game_id>/push")
class Choices(MethodView):
    """A seat's channels."""

    @blp.response(200, PushSettingsSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """Read the seat's channels, whether its mail waits for its push, which messages of
        the table are pushed, and how many devices it has (a seat token)."""
        return json_reply(service.read(game_id, bearer_token()))

    @blp.arguments(PushChoicesSchema())
    @blp.response(200, PushSettingsSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def put(self, choices: dict[str, Any], game_id: str) -> Response:
        """Set any of ``channels``, ``mail_waits`` and ``talk`` (a seat token)."""
        return json_reply(service.choose(game_id, bearer_token(), choices))


@blp.route("/games/<game_id>/push/subscription")
class Device(MethodView):
    """One device of a seat."""

    @blp.arguments(PushSubscriptionSchema())
    @blp.response(200, PushSubscribedSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def put(self, subscription: dict[str, Any], game_id: str) -> Response:
        """Push the seat's news to this device: the body is ``PushSubscription.toJSON()``
        (an https endpoint of a browser's push service; push/invalid_endpoint,
        push/invalid_keys, push/too_many). The same endpoint again changes nothing."""
        return json_reply(service.subscribe(game_id, bearer_token(), subscription))

    @blp.arguments(PushEndpointSchema())
    @blp.response(200, PushSubscribedSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def delete(self, body: dict[str, Any], game_id: str) -> Response:
        """Push nothing more to the device with this endpoint (a seat token)."""
        return json_reply(service.unsubscribe(game_id, bearer_token(), body["endpoint"]))

