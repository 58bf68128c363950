"""The table of turn plans: at most one plan per seat, for one game turn."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.kernel.models import GAME_ID_LENGTH
from service.plumbing.columns import UTCDateTime, utcnow
from service.plumbing.extensions import Base


class TurnPlan(Base):
    """A seat's plan: the lines still to play, in order, and whether to flip the rest.

    ``lines`` are JSON (``service.features.plans.matching.Line.to_dict``): each the action, "or
    flip", and the outcome recorded when it was planned. ``game_turn`` is the turn it was made in (a
    plan never outlives it). ``revision`` grows with every change, so the worker changes the
    plan only if it is still the one it read. ``stopped`` says why the plan last stopped
    (its lines are then empty) until the seat plans again. The row is private to its seat:
    no view, mail to another seat or webhook reads it.
    """

    __tablename__ = "turn_plans"

    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_turn: Mapped[int] = mapped_column(Integer)
    lines: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    flip_rest: Mapped[bool] = mapped_column(Boolean, default=False)
    revision: Mapped[int] = mapped_column(Integer, default=1)
    stopped: Mapped[str | None] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class PlanReport(Base):
    """What a seat's turn plans did, waiting to be told in the seat's next mail about the
    game (``service.features.plans.report``): at most one per seat, deleted once told.

    ``fates`` are JSON (``report.Fate.to_dict``), in the order the lines resolved.
    ``game_turn`` is the turn of the latest; a plan made in a later game turn drops the rest.
    Private to its seat, as its plan is.
    """

    __tablename__ = "plan_reports"

    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_turn: Mapped[int] = mapped_column(Integer)
    fates: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
