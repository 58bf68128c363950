"""The game's tables: games and their seats and tokens, the append-only log of actions and events.

A game row holds the whole engine state (the position format, JSON) and its ``version``,
equal to the engine state's version; every change is a conditional UPDATE on that version
(``service.features.games.store``). Actions and events are only ever inserted; the game row counts
them (``action_count``, ``event_count``) so that new rows get their sequence numbers without
reading the log, and reading a game never touches the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.orm.attributes import set_committed_value

from service.plumbing.columns import HASH_LENGTH, UTCDateTime, utcnow
from service.plumbing.extensions import Base

GAME_ID_LENGTH = 22


@dataclass(slots=True)
class GameRecord:
    """A game row read with Core on the paths every move and poll take (``service.kernel.store``):
    its columns as attributes, named and typed as on :class:`Game`, so the code reading a
    ``Game`` reads a game record alike, without the ORM's per-row bookkeeping. It is not in
    the session: changes to it are written with explicit statements."""

    id: str
    status: str
    name: str | None
    phase: str | None
    version: int
    seat_count: int
    seats_open: int
    options: dict[str, Any]
    start_seat: int | None
    move_time_limit: int | None
    invite_code_hash: str | None
    state: dict[str, Any] | None
    action_count: int
    event_count: int
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    move_deadline: datetime | None
    reminder_at: datetime | None
    paused_at: datetime | None
    vacation_days: int
    missed_deadlines_limit: int | None
    absent_computer: str | None
    nudged_at: datetime | None
    has_plans: bool
    language: str
    takebacks: str
    monster_preview: bool


@dataclass(slots=True)
class SeatRecord:
    """A seat row read with Core, as :class:`GameRecord` is: the columns of :class:`Seat`."""

    game_id: str
    seat: int
    colour: str
    name: str | None
    email: str | None
    email_key: str | None
    joined_at: datetime | None
    invite_code_hash: str | None
    replaced_at: datetime | None
    vacation_used: int
    missed_deadlines: int
    language: str | None
    time_zone: str | None
    computer: str | None = None


def hold_written(row: GameRow, values: dict[str, Any]) -> None:
    """Make ``row`` (a record or a mapped object) hold ``values``, which an explicit
    statement has just written to its row: what the row now holds, without reading it again
    and without the ORM writing it a second time."""
    for name, value in values.items():
        if isinstance(row, GameRecord):
            setattr(row, name, value)
        else:
            set_committed_value(row, name, value)


class WrittenAction(NamedTuple):
    """An action row as :func:`save_transition` wrote it (the columns of ``Action``)."""

    game_id: str
    seq: int
    seat: int
    notation: str
    action: dict[str, Any]
    version_before: int
    version_after: int
    created_at: datetime


class WrittenEvent(NamedTuple):
    """An event row as :func:`save_transition` wrote it (the columns of ``Event``)."""

    game_id: str
    seq: int
    version: int
    action_seq: int | None
    type: str
    data: dict[str, Any]
    created_at: datetime


class Game(Base):
    """A game: its set-up, its status, and once started the engine state at ``version``."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))  # open, active, finished, cancelled
    name: Mapped[str | None] = mapped_column(String(80))  # None: called by its id
    phase: Mapped[str | None] = mapped_column(String(16))  # the engine's phase once started
    version: Mapped[int] = mapped_column(Integer, default=0)
    seat_count: Mapped[int] = mapped_column(Integer)
    seats_open: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    start_seat: Mapped[int | None] = mapped_column(Integer)  # None: drawn at the start
    move_time_limit: Mapped[int | None] = mapped_column(Integer)  # seconds per move
    invite_code_hash: Mapped[str | None] = mapped_column(String(HASH_LENGTH))
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # engine state (secret parts!)
    action_count: Mapped[int] = mapped_column(Integer, default=0)
    event_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Deadlines (service.features.deadlines): the current sub-turn's, when to remind the seat to act
    # (None once reminded), and since when the creator has paused the game (None: running).
    move_deadline: Mapped[datetime | None] = mapped_column(UTCDateTime, index=True)
    reminder_at: Mapped[datetime | None] = mapped_column(UTCDateTime, index=True)
    paused_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Pace (service.kernel.pace, service.features.deadlines.pacing, docs/deadlines.md): the days of
    # vacation each seat has (0: none), after how many missed deadlines the creator is told a seat
    # may be handed on (None: never), and when the game's last nudge went out (one a day a game).
    vacation_days: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    missed_deadlines_limit: Mapped[int | None] = mapped_column(Integer)
    # The level at which the computer takes a seat once it is absent (service.features.computer),
    # None: the creator is only told.
    absent_computer: Mapped[str | None] = mapped_column(String(8))
    nudged_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Turn plans (service.features.plans): whether a seat may have one, so that the moves of a game
    # without plans ask nothing more (set by planning, cleared with the plans at the end of
    # the figure phase).
    has_plans: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    # The table's own rules, chosen at creation (service.features.takebacks, docs/table.md):
    # how a seat may take back its last action (agreement, free, off), and whether the page
    # shows where the monster would walk for each card that may come.
    takebacks: Mapped[str] = mapped_column(String(12), default="agreement",
                                           server_default="agreement")
    monster_preview: Mapped[bool] = mapped_column(Boolean, default=False,
                                                  server_default=false())


class Seat(Base):
    """A seat at a game: its colour, and once taken the player's name and optional email."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    colour: Mapped[str] = mapped_column(String(16))
    name: Mapped[str | None] = mapped_column(String(80))  # None while the seat is open
    email: Mapped[str | None] = mapped_column(String(254))
    email_key: Mapped[str | None] = mapped_column(String(254), index=True)  # lower case
    joined_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # A seat whose player left (service.features.games.host): the hash of the one-time invite the
    # creator handed on, until someone takes the seat with it; when the seat last changed
    # hands (its reply address's epoch starts there, service.features.mail.addresses).
    invite_code_hash: Mapped[str | None] = mapped_column(String(HASH_LENGTH), index=True,
                                                         unique=True)
    replaced_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Pace: the vacation days the seat has spent, and the deadlines it missed (a timeout
    # flipped for it) since it last changed hands.
    vacation_used: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    missed_deadlines: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    language: Mapped[str | None] = mapped_column(String(8))  # None: the game's language
    time_zone: Mapped[str | None] = mapped_column(String(64))  # None: UTC
    # The computer plays the seat at this level (service.features.computer), else None: a person.
    computer: Mapped[str | None] = mapped_column(String(8))


GameRow = Game | GameRecord
"""A game as the service reads it: mapped, or a record read with Core."""
SeatRow = Seat | SeatRecord
"""A seat as the service reads it: mapped, or a record read with Core."""


class Token(Base):
    """A bearer token, stored as its SHA-256: a seat's, the creator's or the spectators'.

    ``purpose`` is ``issued`` for the token handed out at creation or join, ``recovery`` for
    the one a "lost my link" email carries (each new recovery token replaces the last one).
    """

    __tablename__ = "tokens"

    hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))  # seat, creator, spectator
    seat: Mapped[int | None] = mapped_column(Integer)
    purpose: Mapped[str] = mapped_column(String(16), default="issued")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Action(Base):
    """A player's accepted action, in order (append-only)."""

    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(Text)  # canonical (engine.format_action)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)  # engine.action_to_dict
    version_before: Mapped[int] = mapped_column(Integer)
    version_after: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Event(Base):
    """An engine event, stored as the engine made it (append-only).

    ``version`` is the game version the event led to; ``action_seq`` the action that caused
    it, or None for the monster phase. Read by game and version (what happened since a seat's
    last move) and by game and action (the log): each has its index, so a lookup reads the rows
    it wants, not all of the game's events (a game's rows lie in as many heap pages as it has
    events, among every other game's).
    """

    __tablename__ = "events"
    __table_args__ = (Index("ix_events_game_id_version", "game_id", "version"),
                      Index("ix_events_game_id_action_seq", "game_id", "action_seq"))

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    action_seq: Mapped[int | None] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(32))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class SeatNotifications(Base):
    """A seat's email preference, when its page was last seen open, its last digest,
    and which of its emails to the game's reply address are answered.

    A seat without a row has the default preference (``my_turn``), was never active and
    gets an answer only when it needs one (``needed``; ``every``: to every email,
    ``service.features.mailin.needed``).
    """

    __tablename__ = "seat_notifications"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    email_mode: Mapped[str] = mapped_column(String(16))  # every_event, my_turn, digest, none
    answers: Mapped[str] = mapped_column(String(8), default="needed",
                                         server_default="needed")  # needed, every
    last_active_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    digest_sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
