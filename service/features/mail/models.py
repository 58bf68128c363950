"""The mail channel's table: each attempt to send an email."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Integer, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.plumbing.columns import ID, UTCDateTime, utcnow
from service.plumbing.extensions import Base


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
