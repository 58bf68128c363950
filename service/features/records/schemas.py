"""Request and response schemas of records (the format: ``docs/record-format.md``)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

JSON, TEXT = "json", "text"


class RecordQuerySchema(Schema):
    """How to write the record."""

    format = fields.String(load_default=JSON, validate=validate.OneOf((JSON, TEXT)), metadata={
        "description": "json (for other tools; docs/record-format.md) or text (to read, in "
                       "your language)."})


class RecordSchema(Schema):
    """A game's record (docs/record-format.md): its set-up and every entry, each with the
    version it led to; ``setup`` (the seed) only once the game is over."""

    format = fields.String(required=True, metadata={"description": "fearsome-floors-record"})
    format_version = fields.Integer(required=True)
    rules = fields.Integer(required=True)
    options = fields.Dict(keys=fields.String(), values=fields.Boolean(), required=True)
    players = fields.List(fields.Dict(), required=True)
    game = fields.Dict(required=True, metadata={
        "description": "What the service adds: name, language, dates, seats (names, the "
                       "computer's levels); readers may ignore it."})
    start = fields.Dict(required=True, metadata={
        "description": "The first position, without the pile, the seed or the generator."})
    setup = fields.Dict(metadata={"description": "{seed, start_seat}: once the game is over."})
    entries = fields.List(fields.Dict(), required=True)
    end = fields.Dict(required=True)
    outcome = fields.Dict(required=True, allow_none=True)
