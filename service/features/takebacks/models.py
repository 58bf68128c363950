"""The table of takeback requests: a seat's ask, the seats asked to agree and their answers."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.kernel.models import GAME_ID_LENGTH
from service.plumbing.columns import ID, UTCDateTime, utcnow
from service.plumbing.extensions import Base

ASKED, DONE, DECLINED, LAPSED, WITHDRAWN = "asked", "done", "declined", "lapsed", "withdrawn"
"""What became of a request: waiting for answers; taken back; a seat said no; the game moved
on before everyone agreed; the seat that asked withdrew."""


class TakebackRequest(Base):
    """A seat's request to take back its last action (and what was played after it).

    ``asked_version`` is the game's version when it was asked: the request holds only while
    the game stays there (a move, a monster turn or another takeback makes it lapse).
    ``to_version`` is the position it returns to; ``undoes`` the actions it takes back
    (``{seat, notation}``, in order); ``approvers`` the seats whose yes it needs, ``answers``
    those given (seat, as a string, to true). Public to the game's readers: it names moves
    everyone has seen.
    """

    __tablename__ = "takeback_requests"

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), ForeignKey("games.id"),
                                         index=True)
    seat: Mapped[int] = mapped_column(Integer)
    asked_version: Mapped[int] = mapped_column(Integer)
    to_version: Mapped[int] = mapped_column(Integer)
    undoes: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    approvers: Mapped[list[int]] = mapped_column(JSON)
    answers: Mapped[dict[str, bool]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
