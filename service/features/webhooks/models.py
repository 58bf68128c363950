"""The tables of webhooks: endpoints and their delivery log (one row per attempt)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.kernel.models import GAME_ID_LENGTH
from service.plumbing.columns import ID, UTCDateTime, utcnow
from service.plumbing.extensions import Base

URL_LENGTH = 2000


class WebhookEndpoint(Base):
    """Where to POST a game's events: the game's (``seat`` None, the creator's) or a seat's.

    ``secret`` (``whsec_`` + base64) signs every message; it is shown once, at creation.
    ``events`` lists the event types wanted (empty: all).
    """

    __tablename__ = "webhook_endpoints"

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"),
                                         index=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    url: Mapped[str] = mapped_column(String(URL_LENGTH))
    events: Mapped[list[Any]] = mapped_column(JSON)
    format: Mapped[str] = mapped_column(String(16))  # standard, discord, slack
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    disabled_reason: Mapped[str | None] = mapped_column(Text)
    secret: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class WebhookDelivery(Base):
    """One attempt to deliver one message to one endpoint, as the log shows it.

    ``outbox_id`` is the job that carried the message (a redelivery reads its payload);
    ``status_code`` is None when no answer came (refused address, timeout, connection error).
    """

    __tablename__ = "webhook_deliveries"

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    endpoint_id: Mapped[int] = mapped_column(ID, ForeignKey("webhook_endpoints.id"), index=True)
    outbox_id: Mapped[int] = mapped_column(ID)
    message_id: Mapped[str] = mapped_column(String(200))
    event_type: Mapped[str] = mapped_column(String(32))
    attempt: Mapped[int] = mapped_column(Integer)
    ok: Mapped[bool] = mapped_column(Boolean)
    status_code: Mapped[int | None] = mapped_column(Integer)
    duration_ms: Mapped[int | None] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
