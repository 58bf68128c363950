"""Request and response schemas of the games resource."""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

import engine
from service.features.mail.quotas import CLIENT, RECIPIENT
from service.kernel.fields import (
    absent_computer_field,
    missed_deadlines_limit_field,
    monster_preview_field,
    move_time_limit_field,
    takebacks_field,
    vacation_days_field,
)
from service.kernel.view_schemas import GameViewSchema
from service.kernel.vocabulary import COMPUTER_LEVELS, Takebacks
from service.plumbing.i18n import DEFAULT_LANGUAGE
from service.plumbing.i18n.fields import language_field, time_zone_field
from service.plumbing.schemas import Boolean, EmailAddress, Text, bounded_int
from service.plumbing.tokens import TOKEN_PATTERN

MAX_SEATS = 7
ALL_COLOURS = tuple(p.colour for p in engine.new_game(MAX_SEATS, seed=0).players)
NAME_LENGTH = validate.Length(1, 40)
GAME_NAME_LENGTH = 60


OptionsSchema = Schema.from_dict(
    {
        option.name: Boolean(load_default=option.default)
        for option in dataclass_fields(engine.Options)
    },
    name="OptionsSchema",
)
"""The engine's rule options (``engine.Options``), each true or false."""


class SeatRequestSchema(Schema):
    """A seat: a player's name (and email for an invitation), or open for someone to join."""

    name = Text(validate=NAME_LENGTH)
    email = EmailAddress(metadata={"description": "Gets the seat's link by email."})
    colour = fields.String(validate=validate.OneOf(ALL_COLOURS), metadata={
        "description": "Default: the first colour no one chose (2-4 players: green, red, "
                       "blue, yellow)."})
    open = Boolean(load_default=False, metadata={
        "description": "Leave the seat for someone with the invite code."})
    computer = fields.String(validate=validate.OneOf(COMPUTER_LEVELS), metadata={
        "description": "The computer plays the seat, at this level (docs/bots.md); its name "
                       "defaults to 'Computer'. It takes no email."})
    language = language_field(metadata={"description": (
        "The language the seat reads its mails in; absent: the game's.")})
    time_zone = time_zone_field(metadata={"description": (
        "The time zone of the dates in the seat's mails; absent: UTC.")})

    class Meta:
        """A named seat (``open`` false or absent), an open one (no name, no email), or the
        computer's (no email; a name is optional)."""

        openapi = {"oneOf": [
            {"required": ["name"], "properties": {"open": {"enum": [False]}},
             "not": {"required": ["computer"]}},
            {"required": ["open"], "properties": {"open": {"enum": [True]}},
             "not": {"anyOf": [{"required": ["name"]}, {"required": ["email"]},
                               {"required": ["computer"]}]}},
            {"required": ["computer"], "properties": {"open": {"enum": [False]}},
             "not": {"required": ["email"]}},
        ]}

    @validates_schema
    def _name_or_open(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("open"):
            if "name" in data or "email" in data or "computer" in data:
                raise ValidationError("An open seat takes no name, email or computer.", "open")
        elif "computer" in data:
            if "email" in data:
                raise ValidationError("The computer's seat takes no email.", "email")
        elif "name" not in data:
            raise ValidationError("Give the player's name, or make the seat open.", "name")


class CreateGameSchema(Schema):
    """A new game: 2-7 seats in playing order, the rules, who starts, the time per move."""

    name = Text(validate=validate.Length(1, GAME_NAME_LENGTH), metadata={
        "description": "What the players call the game, in every mail's subject; absent: "
                       "'Game' and the start of its id."})
    seats = fields.List(fields.Nested(SeatRequestSchema), required=True,
                        validate=validate.Length(2, MAX_SEATS))
    options = fields.Nested(OptionsSchema, load_default=dict)
    start_seat = bounded_int(0, MAX_SEATS - 1, allow_none=True, load_default=None, metadata={
        "description": "The seat that starts; null or absent: drawn at random."})
    move_time_limit = move_time_limit_field(load_default=None)
    vacation_days = vacation_days_field(load_default=0)
    missed_deadlines_limit = missed_deadlines_limit_field(load_default=None)
    absent_computer = absent_computer_field(load_default=None)
    language = language_field(load_default=DEFAULT_LANGUAGE, metadata={"description": (
        "The game's language: its seats' mails and answers are written in it until a seat "
        "chooses its own (en, de, es, pl).")})
    takebacks = takebacks_field(load_default=Takebacks.AGREEMENT)
    monster_preview = monster_preview_field(load_default=False)


class CreatedSeatSchema(Schema):
    """A seat of a new game, with its private link (null for an open seat)."""

    seat = fields.Integer(required=True)
    colour = fields.String(required=True)
    name = fields.String(allow_none=True, required=True)
    open = fields.Boolean(required=True)
    link = fields.String(allow_none=True, required=True)


class HeldInvitationSchema(Schema):
    """A seat whose invitation was not mailed, and why: its address has never answered the
    service and has had its invitations for the day (``recipient``), or the creating client
    has sent its invitations of the hour to such addresses (``client``). The seat keeps no
    address: pass its link on by hand; its player can add their address on their page."""

    seat = fields.Integer(required=True)
    reason = fields.String(required=True, validate=validate.OneOf((RECIPIENT, CLIENT)))
    message = fields.String(required=True, metadata={
        "description": "Why, and what to do, in the request's language."})


class CreatedGameSchema(Schema):
    """What only the creator receives, once: every seat's link, the creator's token, the
    spectator link and the invite code. This is the only response with other seats' links."""

    game = fields.Nested(GameViewSchema, required=True)
    creator_token = fields.String(required=True, metadata={
        "description": "For admin actions (cancel); keep it."})
    creator_link = fields.String(required=True)
    spectator_link = fields.String(required=True)
    invite_code = fields.String(allow_none=True, required=True)
    invite_link = fields.String(allow_none=True, required=True)
    seats = fields.List(fields.Nested(CreatedSeatSchema), required=True)
    held_invitations = fields.List(fields.Nested(HeldInvitationSchema), required=True, metadata={
        "description": "The seats whose invitation by email was held back (empty: every seat "
                       "with an address was mailed its link)."})


class JoinSchema(Schema):
    """Take an open seat: the game's invite code, a name, maybe an email and a seat."""

    invite_code = fields.String(required=True, validate=validate.Regexp(TOKEN_PATTERN))
    name = Text(required=True, validate=NAME_LENGTH)
    email = EmailAddress()
    seat = bounded_int(0, MAX_SEATS - 1, metadata={"description": "Default: the first open seat."})
    language = language_field(metadata={"description": (
        "The language the seat reads its mails and answers in; absent: the game's.")})
    time_zone = time_zone_field(metadata={"description": (
        "The time zone dates in the seat's mails are written in; absent: UTC.")})


class JoinedSchema(Schema):
    """The seat taken and its private token, which only this response ever shows."""

    seat = fields.Integer(required=True)
    colour = fields.String(required=True)
    token = fields.String(required=True)
    link = fields.String(required=True)
    game = fields.Nested(GameViewSchema, required=True)


class SeatInviteSchema(Schema):
    """A one-time invite for a seat whose player left: send the link to the new player."""

    seat = fields.Integer(required=True)
    colour = fields.String(required=True)
    name = fields.String(required=True, metadata={
        "description": "The name the seat has until the new player takes it."})
    invite_code = fields.String(required=True)
    invite_link = fields.String(required=True)
