"""The mail channel's tables: each attempt to send an email; the addresses that have shown
they want the service's mail, and what went to those that have not; the addresses that chose
one mail a day for all their games (by keyed hash only)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.plumbing.columns import HASH_LENGTH, ID, UTCDateTime, utcnow
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


class TrustedAddress(Base):
    """An address whose owner has answered a mail only they received
    (``service.features.mail.trust``): the keyed hash of its mailbox, never the address, and
    how it last showed it."""

    __tablename__ = "trusted_addresses"

    address_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    source: Mapped[str] = mapped_column(String(16))  # reply, confirmed, home
    trusted_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class MailCount(Base):
    """How many invitations went to addresses not trusted in one window of time, for one
    recipient or one creating client (``service.features.mail.quotas``), known by keyed hash.
    Pruned once the window is over (``expires_at``, ``service.retention``)."""

    __tablename__ = "mail_counts"

    scope: Mapped[str] = mapped_column(String(16), primary_key=True)  # recipient, client
    key_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(UTCDateTime, primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class DailyMailChoice(Base):
    """An address's choice of one mail a day for all its games instead of a mail per game
    (``service.features.mail.daily``): the keyed hash of its mailbox, never the address; the
    hour of the address's day the mail goes at; the day (the address's own) of its last one."""

    __tablename__ = "daily_mail_choices"

    address_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    daily: Mapped[bool] = mapped_column(Boolean)
    hour: Mapped[int] = mapped_column(Integer)  # 0 to 23, in the address's time zone
    sent_on: Mapped[date | None] = mapped_column(Date)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
