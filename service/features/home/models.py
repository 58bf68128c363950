"""The table of home links: one row per address that was ever sent one, with its generation."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.plumbing.columns import ID, UTCDateTime, utcnow
from service.plumbing.extensions import Base


class HomeAddress(Base):
    """An address that was sent a home link, and the generation its links must carry.

    Signing out everywhere adds one to ``generation``: every link signed with an older one
    stops working. No link is stored: a link is the row's id, the generation and an expiry,
    signed (``service.features.home.links``).
    """

    __tablename__ = "home_addresses"

    id: Mapped[int] = mapped_column(ID, primary_key=True, autoincrement=True)
    email_key: Mapped[str] = mapped_column(String(254), unique=True)  # lower case
    generation: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
