"""Schemas of the notification preferences: the setting, the answer, the deliveries."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.features.mail.seats import ANSWERS, MODES
from service.plumbing.i18n import _
from service.plumbing.i18n.fields import language_field, time_zone_field

MODE_DESCRIPTION = ("my_turn (the default): your turn (which tells what happened since) and "
                    "the end; every_event: also each monster phase as it happens; digest: one "
                    "summary a day at most; none: no email.")
ANSWERS_DESCRIPTION = (
    "Which of your emails to the game's reply address are answered. needed (the default): "
    "a refusal or a question, board, help, a plan, a message to the table, a setting, and a "
    "move whose next email to you would not follow within moments; every: each one, a move "
    "with the new board (docs/mail.md).")


class EmailPreferencesSchema(Schema):
    """What a seat may set: how often it is emailed about the game, and which of its emails
    are answered (either, or both)."""

    class Meta:
        """At least one of the two."""

        openapi = {"anyOf": [{"required": ["email_mode"]}, {"required": ["answers"]}]}

    email_mode = fields.String(validate=validate.OneOf(MODES),
                               metadata={"description": MODE_DESCRIPTION})
    answers = fields.String(validate=validate.OneOf(ANSWERS),
                            metadata={"description": ANSWERS_DESCRIPTION})

    @validates_schema
    def _one_at_least(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "email_mode" not in data and "answers" not in data:
            raise ValidationError(_("Give 'email_mode', 'answers' or both."), "email_mode")


class EmailDeliverySchema(Schema):
    """One email written for the seat, and how its sending went (the outbox row)."""

    id = fields.Integer(required=True)
    topic = fields.String(required=True, allow_none=True, metadata={
        "description": "invite, turn, monster, over, digest, or a reply's kind."})
    subject = fields.String(required=True)
    status = fields.String(required=True, metadata={
        "description": "pending (waiting or retrying), sent, or failed (given up)."})
    attempts = fields.Integer(required=True)
    last_error = fields.String(required=True, allow_none=True)
    created_at = fields.String(required=True)
    next_attempt_at = fields.String(required=True, allow_none=True)
    sent_at = fields.String(required=True, allow_none=True)


class EmailNotificationsSchema(Schema):
    """A seat's preference, its address, its activity, and its latest emails, newest first."""

    seat = fields.Integer(required=True)
    email = fields.String(required=True, allow_none=True, metadata={
        "description": "The seat's address; null: the seat gets no email at all."})
    email_mode = fields.String(required=True, metadata={"description": MODE_DESCRIPTION})
    answers = fields.String(required=True, metadata={"description": ANSWERS_DESCRIPTION})
    last_active_at = fields.String(required=True, allow_none=True, metadata={
        "description": "When the seat's page was last seen open (its live stream); no email "
                       "within a minute of it."})
    digest_sent_at = fields.String(required=True, allow_none=True)
    deliveries = fields.List(fields.Nested(EmailDeliverySchema), required=True)



class SeatLanguageSchema(Schema):
    """The language and time zone a seat chooses (either may be left out, not both: a
    request without a body is a mistake, not a choice)."""

    class Meta:
        """At least one of the two."""

        openapi = {"anyOf": [{"required": ["language"]}, {"required": ["time_zone"]}]}

    language = language_field()
    time_zone = time_zone_field()

    @validates_schema
    def _one_at_least(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "language" not in data and "time_zone" not in data:
            raise ValidationError(_("Give 'language', 'time_zone' or both."), "language")


class SeatLanguageAnswerSchema(Schema):
    """A seat's choice as stored (null: not chosen) and the language its mails are in."""

    language = fields.String(required=True, allow_none=True)
    time_zone = fields.String(required=True, allow_none=True)
    mail_language = fields.String(required=True, metadata={
        "description": "The language the seat's mails are written in: its own, else the "
                       "game's."})
