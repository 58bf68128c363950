"""Documentation of the game view (``service.kernel.views.game_view``) and of the engine's parts.

The engine's player view is documented field by field but left open to new fields
(``additionalProperties``), so the rules engine can grow without breaking clients; the
service's own objects are closed.
"""

from __future__ import annotations

from typing import TypedDict

from marshmallow import INCLUDE, Schema, fields, validate

from service.kernel.vocabulary import COMPUTER_LEVELS, TAKEBACK_MODES, GameStatus

STATUSES = tuple(status.value for status in GameStatus)
VIEWER_KINDS = ("seat", "creator", "spectator")

class FieldOptions(TypedDict):
    """Options of a field, typed so that ``**Nullable`` type-checks."""

    allow_none: bool
    required: bool


Nullable: FieldOptions = {"allow_none": True, "required": True}
"""A field always present, maybe null."""


class EngineSchema(Schema):
    """An object made by the rules engine: the fields below, maybe more in later versions."""

    class Meta:
        unknown = INCLUDE


class PushSchema(EngineSchema):
    """A stone pushed by a move (``to`` is null when it falls off a corner)."""

    from_ = fields.String(data_key="from", required=True)
    to = fields.String(**Nullable)


class MoveOutcomeSchema(EngineSchema):
    """One legal move of a figure: its canonical path and where it ends."""

    figure = fields.String(required=True)
    path = fields.String(required=True, metadata={"description": "Canonical path, e.g. +WWNN."})
    to = fields.String(required=True, metadata={"description": "Square, or 'out'."})
    escapes = fields.Boolean(required=True)
    pushes = fields.List(fields.Nested(PushSchema), required=True)


class LegalFigureSchema(EngineSchema):
    """A figure the player to act may move or flip, with every legal move."""

    figure = fields.String(required=True)
    shows = fields.Integer(required=True)
    where = fields.String(required=True)
    can_flip = fields.Boolean(required=True)
    moves = fields.List(fields.Nested(MoveOutcomeSchema), required=True)


class PlaceSquareSchema(EngineSchema):
    """A square where a tile may go (and the long pool's orientation)."""

    square = fields.String(required=True)
    orientation = fields.String(**Nullable)


class LegalTileSchema(EngineSchema):
    """A tile left to place in the experienced game's set-up, and where it may go."""

    tile = fields.String(required=True)
    left = fields.Integer(required=True)
    squares = fields.List(fields.Nested(PlaceSquareSchema), required=True)
    arrows = fields.List(fields.String(), required=True)


class LegalSchema(EngineSchema):
    """What the seat to act may do now; ``kind`` is figure, placement or null (nobody)."""

    seat = fields.Integer(**Nullable)
    kind = fields.String(**Nullable)
    figures = fields.List(fields.Nested(LegalFigureSchema))
    tiles = fields.List(fields.Nested(LegalTileSchema))


class OutcomeSchema(EngineSchema):
    """How the game ended: the winning seats, why, and per-seat counts."""

    winners = fields.List(fields.Integer(), required=True)
    reason = fields.String(required=True)
    escaped = fields.List(fields.Integer(), required=True)
    eaten = fields.List(fields.Integer(), required=True)


class PositionSchema(EngineSchema):
    """The engine's player view: the position without the pile order or the random state."""

    schema = fields.Integer(required=True)
    options = fields.Dict(required=True)
    players = fields.List(fields.Dict(), required=True)
    figures = fields.List(fields.Dict(), required=True)
    stones = fields.List(fields.Dict(), required=True)
    pools = fields.List(fields.Dict(), required=True)
    teleporters = fields.List(fields.Dict(), required=True)
    monster = fields.Dict(required=True)
    discard = fields.List(fields.String(), required=True)
    stage = fields.Integer(required=True)
    game_turn = fields.Integer(required=True)
    phase = fields.String(required=True)
    start_seat = fields.Integer(required=True)
    to_move = fields.Integer(**Nullable)
    tiles_to_place = fields.List(fields.String(), required=True)
    version = fields.Integer(required=True)
    outcome = fields.Nested(OutcomeSchema, **Nullable)
    cards_left = fields.Integer(required=True)
    viewer = fields.Integer(**Nullable)
    legal = fields.Nested(LegalSchema, required=True)
    rules = fields.Integer(required=True, metadata={
        "description": "The version of the rules the game is played under (it keeps the "
                       "version it started with): 1, four turns in one point stop the monster; "
                       "2, only a loop does (docs/rules.md, D4)."})


class ViewerSchema(Schema):
    """Who the view is for."""

    kind = fields.String(required=True, validate=validate.OneOf(VIEWER_KINDS))
    seat = fields.Integer(**Nullable)
    language = fields.String(allow_none=True, metadata={
        "description": "A seat's own language (en, de, es, pl); null: not chosen (its "
                       "mails are in the game's language); absent for spectators and "
                       "creators."})
    time_zone = fields.String(allow_none=True, metadata={
        "description": "A seat's time zone for dates in its mails; null: UTC; absent for "
                       "spectators and creators."})


class SeatViewSchema(Schema):
    """A seat: colour, player name (null while open); ``email`` only in the seat's own view."""

    seat = fields.Integer(required=True)
    colour = fields.String(required=True)
    name = fields.String(**Nullable)
    open = fields.Boolean(required=True)
    email = fields.String(allow_none=True)
    vacation_days_left = fields.Integer(required=True, metadata={
        "description": "Whole days of vacation the seat has left in this game."})
    missed_deadlines = fields.Integer(required=True, metadata={
        "description": "Deadlines the seat has missed (a timeout flip was made for it) since "
                       "it last changed hands."})
    absent = fields.Boolean(required=True, metadata={
        "description": "The seat has missed as many deadlines as missed_deadlines_limit: "
                       "the creator may hand it to someone else, or to the computer."})
    computer = fields.String(allow_none=True, required=True,
                             validate=validate.OneOf(COMPUTER_LEVELS), metadata={
        "description": "The level at which the computer plays the seat (docs/bots.md), or "
                       "null when a person does."})


class GameViewSchema(Schema):
    """A game as one caller may see it. ``position``, ``diagram`` and ``outcome`` are null
    until the game starts (``outcome`` until it ends)."""

    id = fields.String(required=True)
    name = fields.String(required=True, metadata={
        "description": "The game's name, or 'Game' and the start of its id if it has none."})
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    version = fields.Integer(required=True)
    language = fields.String(required=True, metadata={
        "description": "The game's language, chosen by its creator: a seat's mails are in "
                       "it until the seat chooses its own."})
    phase = fields.String(**Nullable)
    to_move = fields.Integer(**Nullable)
    viewer = fields.Nested(ViewerSchema, required=True)
    seats = fields.List(fields.Nested(SeatViewSchema), required=True)
    options = fields.Dict(required=True)
    start_seat = fields.Integer(**Nullable)
    move_time_limit = fields.Integer(**Nullable)
    move_deadline = fields.DateTime(**Nullable, metadata={"description": (
        "When the seat to act runs out of time (null: no limit, or nobody to act); while "
        "the game is paused, the deadline as it stood, which resuming shifts by the pause.")})
    paused_at = fields.DateTime(**Nullable, metadata={
        "description": "Since when the creator has paused the game; null while it runs."})
    vacation_days = fields.Integer(required=True, metadata={
        "description": "Days of vacation each seat has in this game (0: none)."})
    missed_deadlines_limit = fields.Integer(**Nullable, metadata={
        "description": "After this many missed deadlines a seat is 'absent' (null: never)."})
    absent_computer = fields.String(**Nullable, validate=validate.OneOf(COMPUTER_LEVELS),
                                    metadata={"description": (
        "The level at which the computer takes a seat once it is absent, until its player or "
        "the creator takes it back (null: the creator is only told).")})
    takebacks = fields.String(required=True, validate=validate.OneOf(TAKEBACK_MODES),
                              metadata={"description": (
        "How a seat may take back its last action: agreement, free or off (docs/table.md).")})
    monster_preview = fields.Boolean(required=True, metadata={"description": (
        "Whether the page shows where the monster would walk for each card that may come.")})
    next_nudge_at = fields.DateTime(**Nullable, metadata={
        "description": "While the game runs, when it may be nudged again after its last "
                       "nudge (one a day): a time past, or null, means now."})
    created_at = fields.DateTime(required=True)
    started_at = fields.DateTime(**Nullable)
    finished_at = fields.DateTime(**Nullable)
    position = fields.Nested(PositionSchema, **Nullable)
    diagram = fields.String(**Nullable)
    outcome = fields.Nested(OutcomeSchema, **Nullable)


class ActionRecordSchema(Schema):
    """An accepted action: its sequence number, seat, canonical notation, structure and the
    action told in words."""

    seq = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    notation = fields.String(required=True)
    words = fields.String(required=True, metadata={"description": (
        "The action in words, its seat named 'Name (colour)': 'Ann (green) moved green 5 "
        "from p11 to n9, pushing the stone on n10 to n11.' Written for people, beside "
        "`notation`; the wording may change, so programs read `action` and the events.")})
    action = fields.Dict(required=True, metadata={
        "description": "The action as structured JSON (type move, flip or place)."})
    version_before = fields.Integer(required=True)
    version_after = fields.Integer(required=True)
    created_at = fields.DateTime(required=True)


class EventRecordSchema(Schema):
    """An engine event: its sequence number, the version it led to, the action behind it."""

    seq = fields.Integer(required=True)
    version = fields.Integer(required=True)
    action_seq = fields.Integer(**Nullable, metadata={
        "description": "The action that caused it; null for the monster phase."})
    created_at = fields.DateTime(required=True)
    event = fields.Dict(required=True, metadata={
        "description": "The engine's event, as it made it; 'type' says which."})
