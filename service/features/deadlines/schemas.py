"""Request and response schemas of deadlines: a game's time per move, its pace (vacation
days, the missed-deadlines limit) and a nudge."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validates_schema

from service.kernel.fields import (
    absent_computer_field,
    missed_deadlines_limit_field,
    move_time_limit_field,
    vacation_days_field,
)
from service.kernel.pace import PACE_SETTINGS
from service.plumbing.i18n import _


class MoveTimeLimitSchema(Schema):
    """A game's new time per move: seconds (a minute to 30 days), or null for no limit."""

    move_time_limit = move_time_limit_field(required=True)


class PaceSchema(Schema):
    """A game's new pace: the vacation days of each seat, the missed-deadlines limit, the
    computer's level for absent seats (any of them, at least one)."""

    vacation_days = vacation_days_field()
    missed_deadlines_limit = missed_deadlines_limit_field()
    absent_computer = absent_computer_field()

    class Meta:
        """At least one of the three."""

        openapi = {"anyOf": [{"required": [name]} for name in PACE_SETTINGS]}

    @validates_schema
    def _something(self, data: dict[str, Any], **kwargs: Any) -> None:
        if not data:
            # TRANSLATORS: %(names)s are field names (vacation_days, ...); keep them.
            raise ValidationError(_("Give at least one of %(names)s.",
                                    names=", ".join(PACE_SETTINGS)), "vacation_days")


class NudgedSchema(Schema):
    """A nudge sent: to which seat, by whom (null: the creator), whether it went by email,
    and when the game may be nudged again."""

    seat = fields.Integer(required=True)
    by = fields.Integer(allow_none=True, required=True)
    emailed = fields.Boolean(required=True)
    nudged_at = fields.DateTime(required=True)
    next_nudge_at = fields.DateTime(required=True)
