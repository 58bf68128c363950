"""Request and response schemas of sandboxes."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from engine.cards import CARD_NAMES
from service.kernel.fields import NotationOrAction, StructuredActionSchema
from service.kernel.vocabulary import COMPUTER_LEVELS
from service.plumbing.api import json_object_field
from service.plumbing.schemas import bounded_int

MAX_VERSION = 100_000


def _version(**kwargs: Any) -> fields.Integer:
    return bounded_int(0, MAX_VERSION, **kwargs)


class SandboxOpenSchema(Schema):
    """Where to open a sandbox of a game: a version it reached (absent: as it is now)."""

    version = _version(metadata={"description": "A version the game reached (its log's and "
                                                "permalinks' v); absent: as it is now."})


class RecordImportSchema(SandboxOpenSchema):
    """A record to import (docs/record-format.md), and where to open its sandbox."""

    record = json_object_field(required=True, metadata={
        "description": "A record as GET /games/{id}/record writes it, or another tool "
                       "(docs/record-format.md)."})


class SandboxVersionSchema(Schema):
    """The sandbox's version as the caller saw it: a change is made only there."""

    expected_version = _version(required=True)


class SandboxActionSchema(NotationOrAction, SandboxVersionSchema):
    """An action for the seat to move, in notation or structured."""

    notation = fields.String(validate=validate.Length(1, 200))
    action = fields.Nested(StructuredActionSchema)


class SandboxMonsterSchema(SandboxVersionSchema):
    """The monster's turn: the card it turns up (absent: the sandbox's own pile decides)."""

    card = fields.String(validate=validate.OneOf(sorted(CARD_NAMES)))


class SandboxComputerSchema(SandboxVersionSchema):
    """Which seats the computer plays, and at which level (null: a person again)."""

    seats = fields.Dict(keys=fields.String(), required=True, metadata={
        "description": "Seat numbers (from 0, as strings) and a level each; a seat that is "
                       "not one is refused as seat/not_found."},
                        values=fields.String(validate=validate.OneOf(COMPUTER_LEVELS),
                                             allow_none=True))


class SandboxBackSchema(SandboxVersionSchema):
    """An earlier version of the sandbox to go back to."""

    version = _version(required=True)


class SandboxViewSchema(Schema):
    """A sandbox as its holder sees it."""

    id = fields.String(required=True)
    name = fields.String(required=True)
    language = fields.String(required=True)
    game_id = fields.String(required=True, allow_none=True, metadata={
        "description": "The game it was opened from (null: an imported record)."})
    version = fields.Integer(required=True)
    origin_version = fields.Integer(required=True)
    phase = fields.String(required=True)
    to_move = fields.Integer(required=True, allow_none=True)
    seats = fields.List(fields.Dict(), required=True)
    computer = fields.Dict(keys=fields.Integer(), values=fields.String(), required=True)
    position = fields.Dict(required=True, metadata={
        "description": "The position as a player view (no pile order, no seed)."})
    walks = fields.List(fields.Dict(), required=True, metadata={
        "description": "Where the monster would walk for each card that may come next: "
                       "{card, label, chance, path, eaten, square, facing}."})
    cards = fields.List(fields.String(), required=True, metadata={
        "description": "The cards still in the stage's pile (each once)."})
    entries = fields.List(fields.Dict(), required=True, metadata={
        "description": "Its history, as a record's entries (docs/record-format.md)."})
    diagram = fields.String(required=True)
    outcome = fields.Dict(required=True, allow_none=True)
    created_at = fields.DateTime(required=True)
    expires_at = fields.DateTime(required=True)


class ImportCheckSchema(Schema):
    """What the check of an imported record found."""

    entries = fields.Integer(required=True)
    seeded = fields.Boolean(required=True, metadata={
        "description": "The record gave its seed (a finished game): every card was checked."})
    final_version = fields.Integer(required=True)
    end_checked = fields.Boolean(required=True, metadata={
        "description": "The record stated its final position, and the replay gives it."})
    outcome = fields.Dict(required=True, allow_none=True)


class SandboxOpenedSchema(Schema):
    """A sandbox just opened: its view, and its token and link, shown only here."""

    sandbox = fields.Nested(SandboxViewSchema, required=True)
    token = fields.String(required=True)
    link = fields.String(required=True)
    check = fields.Nested(ImportCheckSchema, metadata={"description": "An import's check."})
