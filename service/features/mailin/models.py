"""The tables of play by email: every inbound message and what became of it; per-game settings."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.kernel.models import GAME_ID_LENGTH
from service.plumbing.columns import HASH_LENGTH, ID, UTCDateTime, utcnow
from service.plumbing.extensions import Base


class InboundMail(Base):
    """One inbound message to one reply address, and what became of it.

    ``message_key`` (SHA-256 of the recipient and the Message-ID) and ``content_key``
    (SHA-256 of the recipient, From, Date, Subject and body) are unique: a second delivery
    of the same message finds the first row and only counts in ``duplicates``. ``status`` is
    ``received`` while the message is being handled (a redelivery then finishes it), then
    ``applied`` (a move), ``answered`` (board, help, a message to the table alone),
    ``refused`` (an error reply was sent) or ``ignored`` (no reply: an auto-reply or bounce).
    ``code`` says why, ``detail`` in words. ``game_id``/``seat`` are None when the address
    named no seat (a wrong token). ``said_note`` says whether the message's ``say`` line was
    posted to the table; every answer to the message repeats it.
    """

    __tablename__ = "mail_inbound"
    __table_args__ = (Index("ix_mail_inbound_game_id_seat", "game_id", "seat"),)

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    message_key: Mapped[str | None] = mapped_column(String(HASH_LENGTH), unique=True)
    content_key: Mapped[str] = mapped_column(String(HASH_LENGTH), unique=True)
    recipient: Mapped[str] = mapped_column(String(254))  # the reply address, masked
    sender: Mapped[str] = mapped_column(String(254))  # From, or the envelope sender
    subject: Mapped[str] = mapped_column(String(200))
    game_id: Mapped[str | None] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"))
    seat: Mapped[int | None] = mapped_column(Integer)
    command: Mapped[str | None] = mapped_column(String(200))  # the line that was read
    version: Mapped[int | None] = mapped_column(Integer)  # the game's, when the move was sent
    status: Mapped[str] = mapped_column(String(16))
    code: Mapped[str | None] = mapped_column(String(40))
    detail: Mapped[str | None] = mapped_column(Text)
    said_note: Mapped[str | None] = mapped_column(String(300))
    duplicates: Mapped[int] = mapped_column(Integer, default=0)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class MailSettings(Base):
    """A game's play-by-email settings, set by its creator (no row: the defaults)."""

    __tablename__ = "mail_settings"

    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"),
                                         primary_key=True)
    # False: a reply to a seat's address moves it whoever sent it (the token alone decides).
    sender_must_match: Mapped[bool] = mapped_column(Boolean, default=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
