"""Schemas of webhooks: the endpoint requests, the endpoint and delivery views, the pages."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from service.features.webhooks.addresses import URL_PATTERN, form_error
from service.features.webhooks.chat import FORMATS, STANDARD
from service.features.webhooks.messages import EVENT_TYPES
from service.features.webhooks.models import URL_LENGTH
from service.plumbing.schemas import MAX_PAGE, Boolean, Text, bounded_int

EVENTS_DESCRIPTION = (
    "The event types to send (none or empty: all). game.started; action.accepted (a player's "
    "action and its events); monster.resolved (the monster phase's events, told in words in "
    "'text'); move.due (whose move it is; a seat's endpoint hears only of its own moves); "
    "game.over; message.posted (a player's message at the table; a seat's endpoint hears only "
    "the other seats' messages). A test ping is sent whatever the filter.")
FORMAT_DESCRIPTION = (
    "standard: {type, timestamp, game_id, game_name, version, text, data}; discord: {content, "
    "allowed_mentions} (no one is pinged); slack: {text}. The chat formats end with a link to "
    "the game's page as spectators see it; names are escaped in them. Every format is signed "
    "the same way (Standard Webhooks headers).")


def _events(**kwargs: Any) -> fields.List[str]:
    return fields.List(fields.String(validate=validate.OneOf(EVENT_TYPES)),
                       validate=validate.Length(max=len(EVENT_TYPES)),
                       metadata={"description": EVENTS_DESCRIPTION}, **kwargs)


def _url(**kwargs: Any) -> Text:
    return Text(validate=[validate.Length(1, URL_LENGTH), _check_url_form], metadata={
        "description": "http:// or https:// URI (RFC 3986, ASCII: a name in another script "
                       "in its xn-- form) that receives POST requests, without user name, "
                       "password or IPv6 zone. Its host must be a public address, or a name "
                       "that resolves to public addresses only. Redirects are not followed.",
        "format": "uri",
        "pattern": URL_PATTERN},
        **kwargs)


def _check_url_form(url: str) -> None:
    """Refuse a URL that :data:`URL_PATTERN` refuses, saying what is wrong with it."""
    problem = form_error(url)
    if problem is not None:
        raise ValidationError(problem)


class WebhookCreateEndpointSchema(Schema):
    """A new endpoint: the creator's token makes a game endpoint, a seat's token a seat one."""

    url = _url(required=True)
    events = _events(load_default=list)
    format = fields.String(validate=validate.OneOf(FORMATS), load_default=STANDARD,
                           metadata={"description": FORMAT_DESCRIPTION})


class WebhookUpdateEndpointSchema(Schema):
    """What to change in an endpoint; fields left out stay as they are."""

    url = _url()
    events = _events()
    format = fields.String(validate=validate.OneOf(FORMATS),
                           metadata={"description": FORMAT_DESCRIPTION})
    enabled = Boolean(metadata={
        "description": "false stops sending; true sends again (also after a 410 Gone)."})


class WebhookEndpointSchema(Schema):
    """An endpoint as its owner sees it (never its secret)."""

    id = fields.Integer(required=True)
    seat = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The seat it belongs to; null for the game's (the creator's)."})
    url = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    format = fields.String(required=True)
    enabled = fields.Boolean(required=True)
    disabled_reason = fields.String(required=True, allow_none=True, metadata={
        "description": "Why sending stopped, when it was not by the owner (410 Gone)."})
    created_at = fields.String(required=True)
    updated_at = fields.String(required=True)


class WebhookCreatedEndpointSchema(WebhookEndpointSchema):
    """A new endpoint, with the signing secret, shown this once."""

    secret = fields.String(required=True, metadata={
        "description": "whsec_... : verify each message's webhook-signature with it "
                       "(Standard Webhooks). It is never shown again."})


class WebhookEndpointListSchema(Schema):
    """The caller's endpoints in this game."""

    items = fields.List(fields.Nested(WebhookEndpointSchema), required=True)


class WebhookDeliverySchema(Schema):
    """One attempt to deliver one message."""

    id = fields.Integer(required=True)
    message_id = fields.String(required=True, metadata={
        "description": "The webhook-id header: the same for every attempt of a message."})
    event_type = fields.String(required=True)
    attempt = fields.Integer(required=True)
    ok = fields.Boolean(required=True, metadata={"description": "Answered with 2xx."})
    status_code = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The receiver's HTTP status; null when no answer came."})
    duration_ms = fields.Integer(required=True, allow_none=True)
    error = fields.String(required=True, allow_none=True)
    created_at = fields.String(required=True)


class WebhookDeliveryCursorSchema(Schema):
    """Which attempts to return: those with an id after ``after``, oldest first."""

    after = bounded_int(strict=False, load_default=0, metadata={
        "description": "Return attempts with an id greater than this (the last one you have)."})
    limit = bounded_int(1, MAX_PAGE, strict=False, load_default=100)


class WebhookDeliveryPageSchema(Schema):
    """A page of the delivery log; ask again with ``after=next_after`` while ``has_more``."""

    items = fields.List(fields.Nested(WebhookDeliverySchema), required=True)
    next_after = fields.Integer(required=True)
    has_more = fields.Boolean(required=True)


class WebhookQueuedSchema(Schema):
    """A message written for sending; its attempts appear in the delivery log."""

    message_id = fields.String(required=True)
