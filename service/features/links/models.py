"""The table of email changes waiting for the new address to confirm them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.kernel.models import GAME_ID_LENGTH
from service.plumbing.columns import HASH_LENGTH, UTCDateTime, utcnow
from service.plumbing.extensions import Base


class EmailChange(Base):
    """A seat's new email address, asked for and not confirmed yet (one per seat at most).

    The confirmation code mailed to the new address is stored as its SHA-256 only. Until it
    is followed the seat keeps its address; the row is deleted when it is.
    """

    __tablename__ = "email_changes"

    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    code_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), unique=True)
    email: Mapped[str] = mapped_column(String(254))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
