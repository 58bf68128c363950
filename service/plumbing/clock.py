"""The service's time: the one place the deadline code reads it, so that tests can set it,
and the form in which every time is shown.

:func:`now` returns the system time in UTC unless the app's ``CLOCK`` setting holds a
function returning the time (tests put a settable clock there), which it then calls.
"""

from __future__ import annotations

from datetime import datetime

from flask import current_app

from service.plumbing.columns import utcnow


def now() -> datetime:
    """Return the current time in UTC (aware): the app's ``CLOCK()`` if set, else the system's."""
    clock = current_app.config.get("CLOCK")
    return utcnow() if clock is None else clock()


def iso(moment: datetime | None) -> str | None:
    """Format a UTC timestamp as RFC 3339 (``2025-01-31T12:00:00.123456Z``)."""
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")
