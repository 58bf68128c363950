"""The tables of Web Push: a seat's choices, its devices, and the delivery log."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.kernel.models import GAME_ID_LENGTH
from service.plumbing.columns import ID, UTCDateTime, utcnow
from service.plumbing.extensions import Base

MAIL = "mail"
PUSH = "push"
BOTH = "both"
CHANNELS = (MAIL, PUSH, BOTH)
ALL = "all"
NONE = "none"
TALK = (ALL, NONE)


class PushSettings(Base):
    """A seat's choice of channels: a seat without a row has the defaults (mail, no
    waiting, every message of the table pushed)."""

    __tablename__ = "push_settings"

    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    channels: Mapped[str] = mapped_column(String(8), default=MAIL)
    mail_waits: Mapped[bool] = mapped_column(Boolean, default=False)
    talk: Mapped[str] = mapped_column(String(8), default=ALL)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class PushSubscription(Base):
    """One device of a seat: the browser's subscription, sealed (its endpoint and keys are a
    capability: whoever holds them can push to the device), found again by a keyed hash of
    its endpoint. ``created_at`` after the seat's ``replaced_at``: a device of the seat's
    present player (one subscribed before the seat changed hands is never pushed to).
    ``key_id`` names the application server key it was made with
    (``service.plumbing.vapid.key_id``): after a rotation it counts for nothing."""

    __tablename__ = "push_subscriptions"
    __table_args__ = (UniqueConstraint("game_id", "seat", "endpoint_hash"),)

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"))
    seat: Mapped[int] = mapped_column(Integer)
    endpoint_hash: Mapped[str] = mapped_column(String(64))
    sealed: Mapped[str] = mapped_column(Text)  # {"endpoint", "keys": {p256dh, auth}}, sealed
    key_id: Mapped[str] = mapped_column(String(16))  # the VAPID key it was made with
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class PushDelivery(Base):
    """One attempt to hand one push to one device's push service; ``status_code`` is None
    when no answer came. The subscription may be gone since (404, 410, the seat retired)."""

    __tablename__ = "push_deliveries"
    __table_args__ = (Index("ix_push_deliveries_outbox_id", "outbox_id"),)

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    outbox_id: Mapped[int] = mapped_column(ID)
    subscription_id: Mapped[int] = mapped_column(ID)
    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH))
    seat: Mapped[int] = mapped_column(Integer)
    attempt: Mapped[int] = mapped_column(Integer)
    ok: Mapped[bool] = mapped_column(Boolean)
    status_code: Mapped[int | None] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
