"""Schemas of Web Push: the key, a seat's choices, a browser's subscription."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.features.push.endpoints import MAX_ENDPOINT_LENGTH
from service.features.push.models import CHANNELS, TALK
from service.features.push.service import CHOICES
from service.plumbing.i18n import _
from service.plumbing.schemas import bounded_int

CHANNELS_DESCRIPTION = ("How the seat hears of its game: mail (the default), push (its "
                        "devices; mail only while it has none), or both.")
WAITS_DESCRIPTION = ("With push on: a mail waits a short while (PUSH_MAIL_WAIT_SECONDS) for "
                     "its push, and is sent only if the push was not delivered.")
TALK_DESCRIPTION = "Messages at the table pushed: all (the default) or none."


class PushKeySchema(Schema):
    """The application server key (VAPID) browsers subscribe with."""

    public_key = fields.String(required=True, allow_none=True, metadata={
        "description": "An uncompressed P-256 point, base64url; null when push is off."})
    available = fields.Boolean(required=True)


class PushChoicesSchema(Schema):
    """What a seat may set (any of the three, at least one)."""

    class Meta:
        """At least one of the three."""

        openapi = {"anyOf": [{"required": [name]} for name in CHOICES]}

    channels = fields.String(validate=validate.OneOf(CHANNELS),
                             metadata={"description": CHANNELS_DESCRIPTION})
    mail_waits = fields.Boolean(metadata={"description": WAITS_DESCRIPTION})
    talk = fields.String(validate=validate.OneOf(TALK), metadata={"description": TALK_DESCRIPTION})

    @validates_schema
    def _one_at_least(self, data: dict[str, Any], **kwargs: Any) -> None:
        if not any(name in data for name in CHOICES):
            raise ValidationError(_("Give 'channels', 'mail_waits' or 'talk'."), "channels")


class PushSettingsSchema(Schema):
    """A seat's choices and its number of devices."""

    channels = fields.String(required=True, metadata={"description": CHANNELS_DESCRIPTION})
    mail_waits = fields.Boolean(required=True, metadata={"description": WAITS_DESCRIPTION})
    talk = fields.String(required=True, metadata={"description": TALK_DESCRIPTION})
    devices = fields.Integer(required=True, metadata={
        "description": "How many devices get this seat's pushes."})


class PushSubscribedSchema(PushSettingsSchema):
    """The seat's choices after a device was subscribed or unsubscribed."""

    subscribed = fields.Boolean(required=True)


class PushHomeSubscribedSchema(Schema):
    """A device (un)subscribed for the seats of the home link."""

    subscribed = fields.Boolean(required=True)
    seats = fields.Integer(required=True, metadata={
        "description": "How many seats the device now gets pushes for by this request."})


class PushKeysSchema(Schema):
    """The keys of a subscription (RFC 8291), base64url."""

    p256dh = fields.String(required=True, validate=validate.Length(max=200))
    auth = fields.String(required=True, validate=validate.Length(max=200))


def _expiration_time() -> fields.Integer:
    """``expirationTime`` of a ``toJSON()``: milliseconds since 1970, or null; ignored."""
    return bounded_int(0, 2**53, allow_none=True, load_default=None, metadata={
        "description": "When the browser will drop the subscription (ignored)."})


class PushSubscriptionSchema(Schema):
    """A browser's ``PushSubscription.toJSON()``."""

    endpoint = fields.String(required=True,
                             validate=validate.Length(min=1, max=MAX_ENDPOINT_LENGTH))
    expirationTime = _expiration_time()  # noqa: N815 (the browser's name)
    keys = fields.Nested(PushKeysSchema, required=True)


class PushEndpointSchema(Schema):
    """The device to unsubscribe, by its endpoint (a whole ``toJSON()`` may be sent: only
    its endpoint is read)."""

    endpoint = fields.String(required=True,
                             validate=validate.Length(min=1, max=MAX_ENDPOINT_LENGTH))
    expirationTime = _expiration_time()  # noqa: N815 (the browser's name)
    keys = fields.Nested(PushKeysSchema)
