"""Schemas of an address's choice of one mail a day for all its games
(:mod:`service.features.mail.daily`), which the API shows in two places: the list of the
address's games (a home token) and any of its games' settings (a seat's token)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.features.mail.daily import HOURS
from service.plumbing.i18n import _

DAILY_DESCRIPTION = (
    "true: one mail a day for all the address's games, listing every game waiting for its "
    "move with its moves, and the others in a line each; no 'your move', reminder, monster "
    "or digest mail of a game (the end of a game, invitations and nudges still come). "
    "false (the default): each game's mails as its seat's email mode says. A seat whose mode "
    "is none stays out of the daily mail too.")
HOUR_DESCRIPTION = ("The hour of the address's day the daily mail goes at (0 to 23, default "
                    "8), in the time zone of its latest seat (time_zone).")


class DailyMailChoiceSchema(Schema):
    """What an address may set: whether it gets one mail a day for all its games, and at
    which hour (either, or both)."""

    class Meta:
        """At least one of the two."""

        openapi = {"anyOf": [{"required": ["daily"]}, {"required": ["hour"]}]}

    daily = fields.Boolean(metadata={"description": DAILY_DESCRIPTION})
    hour = fields.Integer(validate=validate.Range(HOURS.start, HOURS.stop - 1),
                          metadata={"description": HOUR_DESCRIPTION})

    @validates_schema
    def _one_at_least(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "daily" not in data and "hour" not in data:
            raise ValidationError(_("Give 'daily', 'hour' or both."), "daily")


class DailyMailSchema(Schema):
    """An address's choice, and the time zone and language its daily mail is in."""

    email = fields.String(required=True)
    daily = fields.Boolean(required=True, metadata={"description": DAILY_DESCRIPTION})
    hour = fields.Integer(required=True, metadata={"description": HOUR_DESCRIPTION})
    time_zone = fields.String(required=True, metadata={
        "description": "The time zone of the hour: the one of the seat the address took "
                       "last (in a game under way, else in any game); UTC when it has none."})
    language = fields.String(required=True, metadata={
        "description": "The language of the daily mail: that same seat's."})
