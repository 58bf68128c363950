"""Request and response schemas of tables and rematches."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.features.games.schemas import (
    ALL_COLOURS,
    GAME_NAME_LENGTH,
    MAX_SEATS,
    NAME_LENGTH,
    OptionsSchema,
)
from service.kernel.fields import (
    absent_computer_field,
    missed_deadlines_limit_field,
    monster_preview_field,
    move_time_limit_field,
    takebacks_field,
    vacation_days_field,
)
from service.kernel.vocabulary import COMPUTER_LEVELS
from service.plumbing.i18n import DEFAULT_LANGUAGE, _
from service.plumbing.i18n.fields import language_field, time_zone_field
from service.plumbing.schemas import Boolean, EmailAddress, Text, bounded_int


class SettingsSchema(Schema):
    """What a table's games are created with (each absent: as before, or the default)."""

    options = fields.Nested(OptionsSchema)
    move_time_limit = move_time_limit_field()
    vacation_days = vacation_days_field()
    missed_deadlines_limit = missed_deadlines_limit_field()
    absent_computer = absent_computer_field()
    takebacks = takebacks_field()
    monster_preview = monster_preview_field()


class MemberSchema(Schema):
    """A player of a table: a name (and an address, a language, a time zone, a colour), or
    the computer at a level."""

    name = Text(validate=NAME_LENGTH)
    email = EmailAddress(metadata={"description": "Gets each game's link by email."})
    language = language_field()
    time_zone = time_zone_field()
    colour = fields.String(validate=validate.OneOf(ALL_COLOURS))
    computer = fields.String(validate=validate.OneOf(COMPUTER_LEVELS))

    class Meta:
        """A person (a name, no computer) or the computer (no email; a name is optional)."""

        openapi = {"oneOf": [{"required": ["name"], "not": {"required": ["computer"]}},
                             {"required": ["computer"], "not": {"required": ["email"]}}]}

    @validates_schema
    def _name_or_computer(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "computer" in data and "email" in data:
            raise ValidationError(_("The computer takes no email."), "email")
        if "computer" not in data and "name" not in data:
            raise ValidationError(_("Give the player's name, or make them the computer."),
                                  "name")


class TableCreateSchema(SettingsSchema):
    """A table made from scratch: its name, its players in seat order, its settings."""

    name = Text(required=True, validate=validate.Length(1, GAME_NAME_LENGTH))
    members = fields.List(fields.Nested(MemberSchema), required=True,
                          validate=validate.Length(2, MAX_SEATS))
    language = language_field(load_default=DEFAULT_LANGUAGE)


class ChangesSchema(SettingsSchema):
    """What the next game changes: its name, the rule options and settings; for a rematch,
    how long the others have to answer."""

    name = Text(validate=validate.Length(1, GAME_NAME_LENGTH))
    answer_hours = bounded_int(1, 7 * 24, metadata={
        "description": "Hours the other players have to answer a rematch (default 24): then "
                       "it starts with those who said yes."})


class RematchAnswerSchema(Schema):
    """Whether the caller's seat plays the rematch."""

    play = Boolean(required=True, metadata={"description": "true: plays; false: sits out."})


class MemberViewSchema(Schema):
    """A player of a table, as everyone at it sees them (no address)."""

    member = fields.Integer(required=True)
    name = fields.String(required=True, allow_none=True)
    colour = fields.String(required=True, allow_none=True)
    computer = fields.String(required=True, allow_none=True)


class TableGameSchema(Schema):
    """A game of a table."""

    number = fields.Integer(required=True)
    game_id = fields.String(required=True)
    name = fields.String(required=True)
    status = fields.String(required=True)
    finished_at = fields.DateTime(required=True, allow_none=True)
    members = fields.List(fields.Integer(), required=True, metadata={
        "description": "The member at each seat, in seat order."})
    winners = fields.List(fields.Integer(), required=True)


class LineSchema(Schema):
    """A player's line of the standings."""

    key = fields.String(required=True, metadata={
        "description": "member:<n>, or computer:<level> (the computer, rated as a player)."})
    name = fields.String(required=True)
    member = fields.Integer(required=True, allow_none=True)
    games = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    escaped = fields.Integer(required=True, metadata={"description": "Figures brought out."})
    rating = fields.Float(required=True, metadata={
        "description": "OpenSkill's ordinal (Plackett-Luce), mu - 3 sigma: starts at 0."})
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)


class MeetingSchema(Schema):
    """How one player fared against another in the games they played together."""

    player = fields.String(required=True)
    other = fields.String(required=True)
    games = fields.Integer(required=True)
    above = fields.Integer(required=True)
    below = fields.Integer(required=True)


class StandingsSchema(Schema):
    """A table's standings, rebuilt from its finished games."""

    games = fields.Integer(required=True)
    lines = fields.List(fields.Nested(LineSchema), required=True)
    head_to_head = fields.List(fields.Nested(MeetingSchema), required=True)


class RematchSchema(Schema):
    """A rematch: who asked, each answer (member: plays), who is still asked, until when."""

    status = fields.String(required=True, validate=validate.OneOf(("asking", "started",
                                                                   "lapsed")))
    asked_by = fields.Integer(required=True, allow_none=True)
    answers = fields.Dict(keys=fields.Integer(), values=fields.Boolean(), required=True)
    waiting = fields.List(fields.Integer(), required=True)
    waiting_names = fields.List(fields.String(), required=True)
    starts_by = fields.DateTime(required=True)
    game_id = fields.String(required=True, allow_none=True)
    decided_at = fields.DateTime(required=True, allow_none=True)


class TableViewSchema(Schema):
    """A table: its players, its games, its standings, and the rematch of the game read."""

    id = fields.String(required=True, allow_none=True, metadata={
        "description": "null: the game is at no table yet (its first rematch makes one)."})
    name = fields.String(required=True)
    you = fields.Integer(required=True, allow_none=True)
    members = fields.List(fields.Nested(MemberViewSchema), required=True)
    games = fields.List(fields.Nested(TableGameSchema), required=True)
    standings = fields.Nested(StandingsSchema, required=True)
    rematch = fields.Nested(RematchSchema, required=True, allow_none=True)


class TableCreatedSchema(Schema):
    """A table just made, with its own link (shown only here)."""

    table = fields.Nested(TableViewSchema, required=True)
    token = fields.String(required=True)
    link = fields.String(required=True)


class RematchResultSchema(Schema):
    """A rematch asked or answered."""

    rematch = fields.Nested(RematchSchema, required=True)
    you = fields.Integer(required=True, allow_none=True)


class RematchLinksSchema(Schema):
    """The caller's links to the rematch's game."""

    game_id = fields.String(required=True)
    link = fields.String(required=True, allow_none=True, metadata={
        "description": "Your seat's link (a new one; null: you do not play)."})
    creator_link = fields.String(required=True, allow_none=True, metadata={
        "description": "The creator's link: to whoever asked for the rematch or created the "
                       "game before (null: not yours)."})
