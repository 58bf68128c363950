"""Schemas of home: asking for the link, and the list of an address's games."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.features.mail.schemas import DailyMailSchema
from service.kernel.vocabulary import STATUSES
from service.plumbing.schemas import EmailAddress


class AskHomeLinkSchema(Schema):
    """The email address a player gave when they were invited, joined or changed it."""

    email = EmailAddress(required=True)


class HomeLinkAcceptedSchema(Schema):
    """The same answer whether or not the address belongs to a player."""

    message = fields.String(required=True)


class MoverSchema(Schema):
    """The seat whose move it is."""

    seat = fields.Integer(required=True)
    name = fields.String(required=True, allow_none=True)
    colour = fields.String(required=True)


class HomeGameSchema(Schema):
    """One seat of the address in a game, with its link."""

    game_id = fields.String(required=True)
    name = fields.String(required=True, metadata={"description": "The game's name."})
    status = fields.String(required=True, metadata={"enum": [str(s) for s in STATUSES]})
    phase = fields.String(required=True, allow_none=True)
    seat = fields.Integer(required=True)
    colour = fields.String(required=True)
    player = fields.String(required=True, allow_none=True,
                           metadata={"description": "The name of the seat's player."})
    to_move = fields.Nested(MoverSchema, required=True, allow_none=True,
                            metadata={"description": "Whose move it is (null: nobody's: the "
                                                     "game is open, over, or the monster's)."})
    your_move = fields.Boolean(required=True,
                               metadata={"description": "The game waits for this seat."})
    paused = fields.Boolean(required=True)
    last_activity = fields.String(required=True, metadata={"format": "date-time"})
    move_deadline = fields.String(required=True, allow_none=True,
                                  metadata={"format": "date-time"})
    link = fields.String(required=True, metadata={"description": "The seat's own link."})


class HomeSchema(Schema):
    """Every game of an address, those waiting for it first, then the latest active."""

    email = fields.String(required=True)
    expires_at = fields.String(required=True, metadata={
        "format": "date-time", "description": "When this home link stops working."})
    games = fields.List(fields.Nested(HomeGameSchema), required=True)
    daily_mail = fields.Nested(DailyMailSchema, required=True, metadata={
        "description": "Whether the address gets one mail a day for all its games "
                       "(PUT /home/daily-mail)."})
