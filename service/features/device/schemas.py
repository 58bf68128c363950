"""Schemas of "your games on this device": the seats a browser keeps, and what each is now."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.features.device.service import MAX_GAMES
from service.kernel.vocabulary import STATUSES
from service.plumbing.tokens import GAME_ID_PATTERN, TOKEN_PATTERN


class KeptSeatSchema(Schema):
    """A game and the token this device keeps for it (from its link's ``#t=``)."""

    game_id = fields.String(required=True, validate=validate.Regexp(GAME_ID_PATTERN))
    token = fields.String(required=True, validate=validate.Regexp(TOKEN_PATTERN))


class MyGamesAskSchema(Schema):
    """Every game this device keeps a token for (in a body, so no token is in an address)."""

    games = fields.List(fields.Nested(KeptSeatSchema), required=True,
                        validate=validate.Length(max=MAX_GAMES),
                        metadata={"description": f"At most {MAX_GAMES}."})


class ToMoveSchema(Schema):
    """The seat whose move it is."""

    seat = fields.Integer(required=True)
    name = fields.String(required=True, allow_none=True)
    colour = fields.String(required=True)


class MyGameSchema(Schema):
    """One game asked for: what it is now for the token's holder, or only ``gone``."""

    game_id = fields.String(required=True)
    gone = fields.Boolean(required=True, metadata={
        "description": "The token is no longer valid for this game (why is not said); the "
                       "other fields are then left out."})
    name = fields.String(metadata={"description": "The game's name."})
    status = fields.String(metadata={"enum": [str(s) for s in STATUSES]})
    phase = fields.String(allow_none=True)
    version = fields.Integer()
    kind = fields.String(metadata={"enum": ["seat", "creator", "spectator"]})
    seat = fields.Integer(allow_none=True)
    colour = fields.String(allow_none=True)
    player = fields.String(allow_none=True, metadata={"description": "The seat's player."})
    to_move = fields.Nested(ToMoveSchema, allow_none=True,
                            metadata={"description": "Whose move it is (null: nobody's)."})
    your_move = fields.Boolean(metadata={"description": "The game waits for this seat."})
    paused = fields.Boolean()
    since = fields.String(metadata={
        "format": "date-time",
        "description": "The game's last change: when it began to wait, if it waits."})
    move_deadline = fields.String(allow_none=True, metadata={"format": "date-time"})


class MyGamesSchema(Schema):
    """One answer per game asked, in the order asked."""

    games = fields.List(fields.Nested(MyGameSchema), required=True)
