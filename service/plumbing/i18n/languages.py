"""The languages the service speaks and how one is chosen for a reader."""

from __future__ import annotations

from typing import TypeGuard
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

LANGUAGES: tuple[str, ...] = ("en", "de", "es", "pl")
"""Every language with a complete catalog, English (the source) first."""

DEFAULT_LANGUAGE = "en"

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "es": "Español", "pl": "Polski"}
"""Each language named in itself, for choosers."""


def is_language(code: str | None) -> TypeGuard[str]:
    """True when ``code`` names a language the service speaks."""
    return code in LANGUAGES


TIME_ZONES: tuple[str, ...] = tuple(sorted(available_timezones() | {"UTC"}))
"""Every IANA time zone name this process knows (``Europe/Berlin``, ``UTC``)."""


def is_time_zone(name: str | None) -> bool:
    """True when ``name`` is an IANA time zone name (``Europe/Berlin``, ``UTC``)."""
    if not name or name not in _ZONES:
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


_ZONES = frozenset(TIME_ZONES)


def language_of_seat(seat_language: str | None, game_language: str | None) -> str:
    """The language a seat reads: its own, else its game's, else the default."""
    for code in (seat_language, game_language):
        if is_language(code):
            return code
    return DEFAULT_LANGUAGE
