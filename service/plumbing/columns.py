"""The column types and defaults every table uses: UTC timestamps, 64-bit keys, hash widths."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import BigInteger, DateTime, Integer, TypeDecorator
from sqlalchemy.engine import Dialect

HASH_LENGTH = 64  # SHA-256, hex


def utcnow() -> datetime:
    """Return the current time in UTC (aware)."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC and read back aware, on SQLite (naive text) as on PostgreSQL."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Store ``value`` converted to UTC (SQLite drops the offset, so convert first)."""
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: give timestamps in UTC")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Return the stored time as an aware UTC datetime."""
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


ID = BigInteger().with_variant(Integer(), "sqlite")
"""A 64-bit key; SQLite auto-increments only a column declared INTEGER."""
