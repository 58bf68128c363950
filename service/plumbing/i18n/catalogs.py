"""The gettext catalogs, read from their ``.po`` files and compiled in memory once a process."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from babel import support
from babel.messages.catalog import Catalog, Message
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


CONTEXT_SEPARATOR = "\x04"
"""What separates a text's context from the text in a catalog's keys (gettext's own)."""


@cache
def page_catalog(language: str) -> dict[str, str | list[str]]:
    """The catalog of ``language`` for the web page: each text the page uses, as written in
    the code, mapped to its translation (a list of forms where the text has plurals); a text
    with a context is keyed as gettext keys it, the context and :data:`CONTEXT_SEPARATOR`
    before the text. English maps nothing: the page shows its own texts."""
    entries: dict[str, str | list[str]] = {}
    if language == DEFAULT_LANGUAGE:
        return entries
    for message in read_catalog(language):
        if not message.id or message.fuzzy or not used_by_page(message):
            continue
        if isinstance(message.id, tuple | list):
            entries[page_key(message)] = [str(form) for form in message.string or ()]
        elif message.string:
            entries[page_key(message)] = str(message.string)
    return entries


PAGE_SOURCES = ("web/js/", "web/index.html")
"""Where the page's own texts are written (the rules page, written once per language by
``web/make_rules_page.py``, needs none of them at run time)."""


def used_by_page(message: Message) -> bool:
    """True when the page shows ``message``: it is written in one of :data:`PAGE_SOURCES`."""
    return any(path.startswith(PAGE_SOURCES) for path, _line in message.locations)


def page_key(message: Message) -> str:
    """The key of ``message`` in the page's catalog: its text (the singular of a plural),
    after its context and :data:`CONTEXT_SEPARATOR` when it has one."""
    text = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return f"{message.context}{CONTEXT_SEPARATOR}{text}" if message.context else str(text)
