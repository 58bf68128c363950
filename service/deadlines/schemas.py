"""Request schemas of deadlines: a game's time per move."""

from __future__ import annotations

from marshmallow import Schema

from service.schemas import move_time_limit_field


class MoveTimeLimitSchema(Schema):
    """A game's new time per move: seconds (a minute to 30 days), or null for no limit."""

    move_time_limit = move_time_limit_field(required=True)
