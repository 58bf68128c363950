"""Flask-Babel wired to the catalogs: the language of a request, of a mail, and dates in it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from babel import Locale, support
from babel.dates import format_datetime, format_skeleton, format_time, format_timedelta
from flask import Flask, Response, request
from flask_babel import (
    Babel,
    Domain,
    _get_current_context,
    force_locale,
    get_locale,
    get_timezone,
    get_translations,
)
from flask_babel import gettext as _gettext
from flask_babel import lazy_gettext as _lazy_gettext
from flask_babel import ngettext as _ngettext
from flask_babel import pgettext as _pgettext

from service.plumbing.i18n.catalogs import translations_for
from service.plumbing.i18n.languages import DEFAULT_LANGUAGE, LANGUAGES, is_language, is_time_zone


class CatalogDomain(Domain):
    """The ``messages`` domain, answered from the catalogs compiled in memory."""

    def get_translations(self) -> support.NullTranslations:
        locale = get_locale()
        return translations_for(locale.language if locale else DEFAULT_LANGUAGE)


def _request_language() -> str:
    """The best match of the request's Accept-Language, else English."""
    return accepted_language() or DEFAULT_LANGUAGE


def accepted_language() -> str | None:
    """The best match of the request's Accept-Language among the service's languages; None
    when it names none of them (or there is no request)."""
    if not request:
        return None
    found = request.accept_languages.best_match(LANGUAGES)
    return str(found) if found else None


def init_app(app: Flask) -> None:
    """Give ``app`` Flask-Babel: requests answered in their Accept-Language, times in UTC
    unless a mail's seat says otherwise (:func:`in_language`)."""
    babel = Babel(app, locale_selector=_request_language, configure_jinja=False)
    babel.domain_instance = CatalogDomain()
    for language in LANGUAGES:  # a broken catalog fails at start, not in a mail
        translations_for(language)
    app.after_request(_vary_by_language)


def _vary_by_language(response: Response) -> Response:
    """Answers differ by Accept-Language: say so to caches."""
    response.vary.add("Accept-Language")
    return response


def _(text: str, **variables: Any) -> str:
    """``text`` in the current language, with ``%(name)s`` filled from ``variables``."""
    return str(_gettext(text, **variables))


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The form of ``singular``/``plural`` for ``num`` in the current language;
    ``%(num)d`` is filled with ``num``."""
    return str(_ngettext(singular, plural, num, **variables))


def pgettext(context: str, text: str, **variables: Any) -> str:
    """``text`` said in ``context`` (the catalogs' msgctxt: the same English said of another
    thing) in the current language, with ``%(name)s`` filled from ``variables``."""
    return str(_pgettext(context, text, **variables))


def plural_form(singular: str, plural: str, num: int) -> str:
    """The form of ``singular``/``plural`` for ``num`` in the current language, not filled
    in: for a template its caller fills (the engine's errors)."""
    return get_translations().ngettext(singular, plural, num)


lazy_gettext = _lazy_gettext
"""A text translated only when it is read: for texts defined at import time."""


def current_language() -> str:
    """The language texts are being written in now."""
    locale = get_locale()
    return locale.language if locale else DEFAULT_LANGUAGE


@contextmanager
def in_language(language: str | None, time_zone: str | None = None) -> Iterator[None]:
    """Write texts in ``language`` and times in ``time_zone`` inside the block (both fall
    back to English and UTC when unknown). Needs an app context, as in the worker's jobs."""
    code = language if is_language(language) else DEFAULT_LANGUAGE
    zone = ZoneInfo(time_zone) if time_zone and is_time_zone(time_zone) else ZoneInfo("UTC")
    ctx = _get_current_context()
    before = getattr(ctx, "babel_tzinfo", None) if ctx is not None else None
    with force_locale(code):
        if ctx is not None:
            ctx.babel_tzinfo = zone
        try:
            yield
        finally:
            if ctx is not None:
                ctx.babel_tzinfo = before


def _zone() -> ZoneInfo:
    zone = get_timezone()
    return zone if isinstance(zone, ZoneInfo) else ZoneInfo(str(zone or "UTC"))


def format_duration(span: timedelta) -> str:
    """A span of time as its reader says it, by their language's rules for counting it:
    ``10 minutes``, ``10 Minuten``, ``10 minut``."""
    return format_timedelta(span, locale=Locale.parse(current_language()))


def format_moment(moment: datetime) -> str:
    """A moment as its reader writes it, in their time zone: ``Wed, Nov 25, 6:30 PM UTC``,
    ``Mi., 25. Nov., 19:30 MEZ``."""
    locale = Locale.parse(current_language())
    zone = _zone()
    day = format_skeleton("MMMEd", moment, tzinfo=zone, locale=locale)
    time = format_time(moment, "short", tzinfo=zone, locale=locale)
    zone_name = format_datetime(moment, "z", tzinfo=zone, locale=locale)
    return f"{locale.datetime_formats['medium'].format(time, day)} {zone_name}"
