"""The mail channel's tables: a seat's email preference, and each attempt to send an email."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.extensions import Base
from service.models import ID, UTCDateTime, utcnow


class EmailDelivery(Base):
    """One attempt to send the email of an outbox row, as the mail log shows it (the
    counterpart of a webhook's ``WebhookDelivery``): whether the server took it, how long it
    took, and the error when it did not."""

    __tablename__ = "email_deliveries"

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    outbox_id: Mapped[int] = mapped_column(ID, index=True)
    attempt: Mapped[int] = mapped_column(Integer)
    ok: Mapped[bool] = mapped_column(Boolean)
    duration_ms: Mapped[int] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)


class SeatNotifications(Base):
    """A seat's email preference, when it last read the game on its page, its last digest.

    A seat without a row has the default preference (``every_event``) and was never active.
    """

    __tablename__ = "seat_notifications"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    email_mode: Mapped[str] = mapped_column(String(16))  # every_event, my_turn, digest, none
    last_active_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    digest_sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
