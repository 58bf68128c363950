"""The gettext catalogs, read from their ``.po`` files and compiled in memory once a process."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from babel import support
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from service.plumbing.i18n.languages import DEFAULT_LANGUAGE, LANGUAGES

TRANSLATIONS = Path(__file__).parent / "translations"
"""``<language>/LC_MESSAGES/messages.po`` for each language but English, and the template
``messages.pot`` they are made from (``make i18n`` refreshes both from the code)."""


def po_path(language: str) -> Path:
    """Where the catalog of ``language`` is kept."""
    return TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"


@cache
def read_catalog(language: str) -> Catalog:
    """The catalog of ``language`` as written by its translators (English: empty)."""
    if language == DEFAULT_LANGUAGE:
        return Catalog(locale=DEFAULT_LANGUAGE)
    with po_path(language).open("rb") as file:
        return read_po(file, locale=language)


@cache
def translations_for(language: str) -> support.NullTranslations:
    """The compiled translations of ``language``: English and unknown languages get the
    texts as written; fuzzy entries are left out, as ``msgfmt`` would."""
    if language not in LANGUAGES or language == DEFAULT_LANGUAGE:
        return support.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(language), use_fuzzy=False)
    buffer.seek(0)
    return support.Translations(buffer)


@cache
def page_catalog(language: str) -> dict[str, str | list[str]]:
    """The catalog of ``language`` for the web page: each text the page uses, as written in
    the code, mapped to its translation (a list of forms where the text has plurals).
    English maps nothing: the page shows its own texts."""
    entries: dict[str, str | list[str]] = {}
    if language == DEFAULT_LANGUAGE:
        return entries
    for message in read_catalog(language):
        if not message.id or message.fuzzy or not _used_by_page(message.locations):
            continue
        if isinstance(message.id, tuple | list):
            entries[str(message.id[0])] = [str(form) for form in message.string or ()]
        elif message.string:
            entries[str(message.id)] = str(message.string)
    return entries


def _used_by_page(locations: Sequence[tuple[str, int | None]]) -> bool:
    return any(path.startswith("web/") for path, _line in locations)
