"""The table of private notes: one per seat and game."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.kernel.models import GAME_ID_LENGTH
from service.plumbing.columns import UTCDateTime, utcnow
from service.plumbing.extensions import Base


class SeatNote(Base):
    """A seat's private note about its game: read and written by its seat alone (its token,
    or its reply address by mail); no view, record, mail to another seat or webhook reads it,
    and it goes when the seat is handed to a new player."""

    __tablename__ = "seat_notes"

    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
