"""The tables of table talk: the messages of a game, and the seats its creator has muted."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.kernel.models import GAME_ID_LENGTH
from service.plumbing.columns import ID, UTCDateTime, utcnow
from service.plumbing.extensions import Base


class GameMessage(Base):
    """One message a seat posted to its game's table.

    ``text`` is the player's text as posted (stripped), never markup: whatever shows it
    escapes it. ``version`` is the game's version when it was posted, so a mail can list the
    messages posted since a seat's last move. ``id`` is the message's ``seq`` in the API.
    """

    __tablename__ = "game_messages"
    __table_args__ = (Index("ix_game_messages_game_id_id", "game_id", "id"),)

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"))
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class TalkMute(Base):
    """A seat its game's creator has muted: it may read the table but not post (no row: it
    may post)."""

    __tablename__ = "talk_mutes"

    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    muted_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
