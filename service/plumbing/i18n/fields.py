"""The request fields that name a language or a time zone, shared by every schema."""

from __future__ import annotations

from typing import Any, cast

from marshmallow import fields, validate

from service.plumbing.i18n.languages import LANGUAGE_NAMES, LANGUAGES, TIME_ZONES
from service.plumbing.i18n.setup import lazy_gettext


def language_field(**kwargs: Any) -> fields.String:
    """A language code the service speaks: ``en``, ``de``, ``es`` or ``pl``."""
    kwargs.setdefault("metadata", {}).setdefault(
        "description", "A language: " + ", ".join(
            f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGUAGES) + ".")
    return fields.String(validate=validate.OneOf(LANGUAGES), **kwargs)


def time_zone_field(**kwargs: Any) -> fields.String:
    """An IANA time zone name (``Europe/Berlin``, ``America/New_York``, ``UTC``); the
    document lists them all, as the zone database this process has them."""
    kwargs.setdefault("metadata", {}).setdefault(
        "description", "An IANA time zone, like Europe/Berlin or UTC: dates in mails are "
                       "written in it.")
    # TRANSLATORS: {input} is what the reader sent as a time zone.
    message = lazy_gettext("'{input}' is not a time zone; write one like Europe/Berlin or UTC.")
    # A lazy string, formatted as a str when marshmallow refuses a value, so in the language
    # of that moment's request: str() here would fix it in English at import time.
    return fields.String(validate=validate.OneOf(TIME_ZONES, error=cast(str, message)),
                         **kwargs)


def reading_choices(body: dict[str, Any]) -> dict[str, str]:
    """The language and time zone a request chose for its seat, as column values (only
    those it gave)."""
    return {name: body[name] for name in ("language", "time_zone") if body.get(name)}
