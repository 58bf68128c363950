"""Routes of a device subscribed through the home link: thin, one call each to
``service.features.home.devices``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.home import devices
from service.features.push.schemas import (
    PushEndpointSchema,
    PushHomeSubscribedSchema,
    PushSubscriptionSchema,
)
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("home_push", __name__, url_prefix="/api/v1/home/push",
                description="Web Push for every seat of the link to my games.")


@blp.route("/subscription")
class HomeDevice(MethodView):
    """One device, for every seat of the home link."""

    @blp.arguments(PushSubscriptionSchema())
    @blp.response(200, PushHomeSubscribedSchema)
    @errors(blp, 401, 409)
    @blp.doc(security=BEARER)
    def put(self, subscription: dict[str, Any]) -> Response:
        """Push the news of every seat the home link lists (games open or under way) to this
        device (the home token; the body is ``PushSubscription.toJSON()``)."""
        return json_reply(devices.subscribe(bearer_token(), subscription))

    @blp.arguments(PushEndpointSchema())
    @blp.response(200, PushHomeSubscribedSchema)
    @errors(blp, 401)
    @blp.doc(security=BEARER)
    def delete(self, body: dict[str, Any]) -> Response:
        """Push nothing more to this device for the seats the home link lists."""
        return json_reply(devices.unsubscribe(bearer_token(), body["endpoint"]))
