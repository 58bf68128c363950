"""Routes of webhooks: thin, each one call to ``service.features.webhooks.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.webhooks import service
from service.features.webhooks.schemas import (
    WebhookCreatedEndpointSchema,
    WebhookCreateEndpointSchema,
    WebhookDeliveryCursorSchema,
    WebhookDeliveryPageSchema,
    WebhookEndpointListSchema,
    WebhookEndpointSchema,
    WebhookQueuedSchema,
    WebhookUpdateEndpointSchema,
)
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.headers import carries_secret
from service.plumbing.tokens import bearer_token

blp = Blueprint("webhooks", __name__, url_prefix="/api/v1/games",
                description="Webhooks: a game's (creator token) and a seat's (seat token), "
                            "signed per Standard Webhooks, with a delivery log.")

ENDPOINT = "/<game_id>/webhooks/<endpoint_id>"


def _id_parameter(name: str, what: str) -> dict[str, Any]:
    """Return the documentation of a path parameter that holds a row id, in digits."""
    return {"in": "path", "name": name, "required": True, "description": what,
            "schema": {"type": "string", "pattern": "^[0-9]{1,19}$"}}


ENDPOINT_ID = _id_parameter("endpoint_id", "The webhook's id.")
DELIVERY_ID = _id_parameter("delivery_id", "The delivery attempt's id (from the log).")


@blp.route("/<game_id>/webhooks")
class Endpoints(MethodView):
    """The caller's webhook endpoints in a game."""

    @blp.arguments(WebhookCreateEndpointSchema())
    @blp.response(201, WebhookCreatedEndpointSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    @carries_secret
    def post(self, spec: dict[str, Any], game_id: str) -> Response:
        """Add a webhook: the creator's token adds one for the game, a seat's for the seat.

        The answer carries the signing secret, shown this once. The URL must resolve to
        public addresses (webhook/private_address, webhook/unresolvable, webhook/invalid_url).
        """
        return json_reply(service.create_endpoint(game_id, bearer_token(), spec), 201)

    @blp.response(200, WebhookEndpointListSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """List the caller's webhooks in the game (never their secrets)."""
        return json_reply(service.list_endpoints(game_id, bearer_token()))


@blp.route(ENDPOINT, parameters=[ENDPOINT_ID])
class Endpoint(MethodView):
    """One of the caller's webhook endpoints."""

    @blp.response(200, WebhookEndpointSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, game_id: str, endpoint_id: str) -> Response:
        """Read a webhook."""
        return json_reply(service.read_endpoint(game_id, bearer_token(), endpoint_id))

    @blp.arguments(WebhookUpdateEndpointSchema())
    @blp.response(200, WebhookEndpointSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def patch(self, changes: dict[str, Any], game_id: str, endpoint_id: str) -> Response:
        """Change a webhook's URL, events, format, or enable or disable it."""
        return json_reply(service.update_endpoint(game_id, bearer_token(), endpoint_id,
                                                  changes))

    @blp.response(204)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def delete(self, game_id: str, endpoint_id: str) -> Response:
        """Delete a webhook and its delivery log."""
        service.delete_endpoint(game_id, bearer_token(), endpoint_id)
        return json_reply(None, 204)


@blp.route(ENDPOINT + "/ping", parameters=[ENDPOINT_ID])
class Ping(MethodView):
    """A test message."""

    @blp.response(202, WebhookQueuedSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, game_id: str, endpoint_id: str) -> Response:
        """Send a test ping (type "ping") to an enabled webhook; see the delivery log."""
        return json_reply(service.ping(game_id, bearer_token(), endpoint_id), 202)


@blp.route(ENDPOINT + "/deliveries", parameters=[ENDPOINT_ID])
class Deliveries(MethodView):
    """The delivery log of a webhook."""

    @blp.arguments(WebhookDeliveryCursorSchema(), location="query")
    @blp.response(200, WebhookDeliveryPageSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, cursor: dict[str, Any], game_id: str, endpoint_id: str) -> Response:
        """List the delivery attempts: status code, duration, attempt, error and time."""
        return json_reply(service.list_deliveries(game_id, bearer_token(), endpoint_id,
                                                  **cursor))


@blp.route(ENDPOINT + "/deliveries/<delivery_id>/redeliver",
           parameters=[ENDPOINT_ID, DELIVERY_ID])
class Redeliver(MethodView):
    """Sending a message again."""

    @blp.response(202, WebhookQueuedSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, game_id: str, endpoint_id: str, delivery_id: str) -> Response:
        """Send the message of this delivery again, with the same webhook-id."""
        return json_reply(service.redeliver(game_id, bearer_token(), endpoint_id, delivery_id),
                          202)
