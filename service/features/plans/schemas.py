"""Schemas of turn plans: a plan as a seat sends it, and as the API shows it."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.features.plans.matching import MAX_LINES
from service.kernel.fields import NotationOrAction
from service.plumbing.schemas import Boolean, Text, bounded_int

LINE_TYPES = ("move", "flip")


class PlannedActionSchema(Schema):
    """A planned action as JSON: a move (figure, path) or a flip (figure)."""

    type = fields.String(required=True, validate=validate.OneOf(LINE_TYPES))
    figure = Text(required=True, validate=validate.Length(1, 20), metadata={"example": "red5"})
    path = Text(validate=validate.Length(1, 60), metadata={"example": "+WWNN"})


class PlanLineInputSchema(NotationOrAction):
    """One line of a plan: notation (``green 5 +NNW``, ``5 to h7``, ``flip 4``, each may end in
    ``or flip``) or a structured action; ``or_flip`` flips the figure instead when its move no
    longer does what was planned."""

    notation = Text(validate=validate.Length(1, 200), metadata={
        "example": "green 5 +NNW or flip"})
    action = fields.Nested(PlannedActionSchema)
    or_flip = Boolean(load_default=False)


class PlanInputSchema(Schema):
    """A seat's plan for its coming sub-turns of this game turn, in order."""

    lines = fields.List(fields.Nested(PlanLineInputSchema), load_default=list,
                        validate=validate.Length(max=MAX_LINES), metadata={
                            "description": "The moves to play, one per coming sub-turn of "
                                           "the seat, at most one per figure."})
    flip_rest = Boolean(load_default=False, metadata={
        "description": "A standing plan: once the lines are played, flip each remaining "
                       "figure of the seat, one per sub-turn."})
    expected_version = bounded_int(metadata={
        "description": "The version of the view the plan was made on (optional)."})


class PlanPushSchema(Schema):
    """A piece a planned move pushes: from where to where (null: off the board), and what."""

    from_ = fields.String(required=True, data_key="from")
    to = fields.String(required=True, allow_none=True)
    piece = fields.String(required=True)


class PlanLineSchema(Schema):
    """A planned line: its notation, its action, "or flip" and, for a move, the outcome it
    was planned for (end square, ``out`` when it leaves, and the pushes)."""

    notation = fields.String(required=True)
    action = fields.Dict(required=True)
    or_flip = fields.Boolean(required=True)
    to = fields.String()
    pushes = fields.List(fields.Nested(PlanPushSchema))


class PlannableSchema(Schema):
    """What the seat may add to its plan now, in the shape of the game view's ``legal``: its
    figures not yet acted and named by no line, each with its moves on the board as it will
    be after the plan's lines (other players' moves left out). Outside the figure phase
    ``kind`` is null and ``figures`` absent."""

    seat = fields.Integer(required=True)
    kind = fields.String(required=True, allow_none=True, metadata={"example": "figure"})
    figures = fields.List(fields.Dict(), metadata={
        "description": "Per figure: figure, shows, where, can_flip, and moves (to, path, "
                       "pushes), as in the game view's legal.figures."})


class PlanSchema(Schema):
    """The seat's plan (seen by that seat only)."""

    lines = fields.List(fields.Nested(PlanLineSchema), required=True)
    flip_rest = fields.Boolean(required=True)
    game_turn = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The game turn the plan is for (null: no plan)."})
    stopped = fields.String(required=True, allow_none=True, metadata={
        "description": "Why the plan last stopped, until the seat plans again."})
    report = fields.String(required=True, allow_none=True, metadata={
        "description": "What the seat's plans did, line by line (played as planned, "
                       "flipped instead, broke, not played and why), in the reader's "
                       "language, until the seat's next email about the game tells it; "
                       "null: nothing to tell. A plan made in a later game turn drops it.",
        "example": "Your plan: green 5 +NNW played as planned; green 4 +N flipped instead "
                   "(the stone on o9 was pushed away)."})
    legal = fields.Nested(PlannableSchema, required=True)
