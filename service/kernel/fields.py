"""Request fields of the game itself, shared by the features' schemas: a game's pace, the
computer's levels, its table rules, an action given in notation or as JSON."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.kernel.pace import MAX_MISSED_DEADLINES_LIMIT, MAX_VACATION_DAYS
from service.kernel.vocabulary import COMPUTER_LEVELS, TAKEBACK_MODES
from service.plumbing.i18n import _
from service.plumbing.schemas import Boolean, Text, bounded_int

MIN_MOVE_TIME = 60
MAX_MOVE_TIME = 30 * 24 * 60 * 60


def move_time_limit_field(**kwargs: Any) -> fields.Integer:
    """Return the field of a game's time per move: seconds, a minute to 30 days, or null."""
    return bounded_int(MIN_MOVE_TIME, MAX_MOVE_TIME, allow_none=True, metadata={
        "description": "Seconds each player has for a move; null: no limit."}, **kwargs)


def vacation_days_field(**kwargs: Any) -> fields.Integer:
    """Return the field of the vacation days each seat of a game has (0: none)."""
    return bounded_int(0, MAX_VACATION_DAYS, metadata={"description": (
        "Days of vacation each seat has in this game (0: none). When a seat's deadline "
        "passes, its days are spent one at a time, each moving the deadline a day on, "
        "before its time runs out (docs/deadlines.md).")}, **kwargs)


def missed_deadlines_limit_field(**kwargs: Any) -> fields.Integer:
    """Return the field of the missed deadlines after which the creator is told that a seat
    may be handed to a new player (null: never)."""
    return bounded_int(1, MAX_MISSED_DEADLINES_LIMIT, allow_none=True, metadata={
        "description": "After this many missed deadlines of a seat, the creator's page and "
                       "webhooks say they may hand the seat to someone else; null: never."},
        **kwargs)


def absent_computer_field(**kwargs: Any) -> fields.String:
    """Return the field of the level at which the computer takes a seat once it is absent
    (null: the creator is only told)."""
    return fields.String(validate=validate.OneOf(COMPUTER_LEVELS), allow_none=True, metadata={
        "description": "When a seat has missed missed_deadlines_limit deadlines, the computer "
                       "plays it from then on at this level (easy, normal or hard; "
                       "docs/bots.md) until its player or the creator takes it back; null: "
                       "the creator is only told."}, **kwargs)


def takebacks_field(**kwargs: Any) -> fields.String:
    """Return the field of how a game's seats may take back their last action."""
    return fields.String(validate=validate.OneOf(TAKEBACK_MODES), metadata={
        "description": "How a seat may take back its last action before the monster's next "
                       "card: agreement (those it concerns agree; the default), free (no one "
                       "is asked until another seat acts) or off (docs/table.md)."}, **kwargs)


def monster_preview_field(**kwargs: Any) -> fields.Boolean:
    """Return the field of the monster preview: whether the page shows where the monster would
    walk for each card that may come."""
    return Boolean(metadata={
        "description": "The page shows where the monster would walk for each card still in "
                       "the pile, after the move being chosen (public facts only; off by "
                       "default)."}, **kwargs)


ACTION_TYPES = ("move", "flip", "place")


class StructuredActionSchema(Schema):
    """An action as JSON: a move (figure, path), a flip (figure) or a placement (tile, square,
    orientation for the long pool, arrow for a teleporter)."""

    type = fields.String(required=True, validate=validate.OneOf(ACTION_TYPES))
    figure = Text(validate=validate.Length(1, 20), metadata={"example": "red5"})
    path = Text(validate=validate.Length(1, 60), metadata={"example": "+WWNN"})
    tile = Text(validate=validate.Length(1, 30), metadata={"example": "teleporter_A"})
    square = Text(validate=validate.Length(1, 4), metadata={"example": "c5"})
    orientation = fields.String(validate=validate.OneOf(("h", "v")))
    arrow = fields.String(validate=validate.OneOf(("N", "E", "S", "W")))


class NotationOrAction(Schema):
    """A schema that takes an action in exactly one of two forms, ``notation`` or ``action``
    (a submission, a line of a plan): the subclass declares both fields."""

    class Meta:
        """Exactly one of the two forms."""

        openapi = {"oneOf": [{"required": ["notation"]}, {"required": ["action"]}]}

    @validates_schema
    def _one_form(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("notation" in data) == ("action" in data):
            raise ValidationError(_("Give exactly one of 'notation' and 'action'."), "notation")
