"""The table of sandboxes: a private copy of a position, its history and its own cards."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.kernel.models import GAME_ID_LENGTH
from service.plumbing.columns import HASH_LENGTH, UTCDateTime, utcnow
from service.plumbing.extensions import Base


class Sandbox(Base):
    """A sandbox: one person's copy of a position of a game (or of an imported record) to
    play on as they like.

    It holds no secret of any game: ``start`` and ``entries`` are a public record (the
    format of ``engine.records``: no pile order, no seed), and the cards still to come are
    shuffled from the sandbox's own ``seed``; ``state`` is where it stands now (at
    ``version``), ``origin_version`` the version it was opened at. ``seats`` name the seats
    (``{seat, colour, name}``), ``computer`` the seats the computer plays (seat, as a
    string, to a level). Reached only by the token whose hash it keeps; pruned once
    ``expires_at`` passes (``service.retention``).
    """

    __tablename__ = "sandboxes"

    id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH))
    game_id: Mapped[str | None] = mapped_column(String(GAME_ID_LENGTH))
    name: Mapped[str] = mapped_column(String(80))
    language: Mapped[str] = mapped_column(String(8))
    seed: Mapped[int] = mapped_column(BigInteger)
    start: Mapped[dict[str, Any]] = mapped_column(JSON)
    entries: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer)
    origin_version: Mapped[int] = mapped_column(Integer)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    computer: Mapped[dict[str, str]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
