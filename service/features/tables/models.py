"""The tables of tables: a group of players, its games, and the rematch being asked."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.kernel.models import GAME_ID_LENGTH
from service.plumbing.columns import HASH_LENGTH, ID, UTCDateTime, utcnow
from service.plumbing.extensions import Base

ASKING, STARTED, LAPSED = "asking", "started", "lapsed"
"""What became of a rematch: waiting for answers; its game started; too few said yes."""


class GameTable(Base):
    """A named group of players that plays game after game (``service.features.tables``).

    ``settings`` are what its next game is created with unless the rematch changes them (the
    rule options, the time per move, the pace, the takeback rule, the monster preview).
    ``token_hash`` is the hash of the table's own link, when it was made from scratch; a
    table made from a finished game is reached through its games' links alone.
    """

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    language: Mapped[str] = mapped_column(String(8))
    token_hash: Mapped[str | None] = mapped_column(String(HASH_LENGTH), unique=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class TableMember(Base):
    """A player of a table, numbered in the table's seat order: name, address, language,
    time zone, colour, or the computer's level for a seat the computer plays."""

    __tablename__ = "table_members"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    member: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str | None] = mapped_column(String(254))
    language: Mapped[str | None] = mapped_column(String(8))
    time_zone: Mapped[str | None] = mapped_column(String(64))
    colour: Mapped[str | None] = mapped_column(String(16))
    computer: Mapped[str | None] = mapped_column(String(8))


class TableGame(Base):
    """A game played at a table: its number there, the member at each seat (``members``, in
    seat order) and the member who started it."""

    __tablename__ = "table_games"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    members: Mapped[list[int]] = mapped_column(JSON)
    start_member: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Rematch(Base):
    """A rematch asked after a finished game (``after_game_id``, one per game): each
    member's answer (member, as a string, to true: plays, false: sits out), until when the
    others may answer (``starts_by``: then the game starts with those who said yes), what
    the asker changed (``changes``: the rule options and settings), and the game it
    started."""

    __tablename__ = "rematches"

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    after_game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), unique=True)
    asked_by: Mapped[int | None] = mapped_column(Integer)
    answers: Mapped[dict[str, bool]] = mapped_column(JSON)
    changes: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12))
    starts_by: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    game_id: Mapped[str | None] = mapped_column(String(GAME_ID_LENGTH))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
