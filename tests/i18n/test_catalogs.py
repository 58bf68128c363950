"""Every language's catalog is complete and current: each text the code wraps (the service's
and the page's) has a translation, none fuzzy, with the same placeholders, and nothing
left over from texts the code no longer has."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from service.plumbing.i18n.catalogs import (
    TRANSLATIONS,
    page_catalog,
    page_key,
    po_path,
    used_by_page,
)
from service.plumbing.i18n.extract import extract_template, placeholders
from service.plumbing.i18n.languages import DEFAULT_LANGUAGE, LANGUAGES

TRANSLATED = [language for language in LANGUAGES if language != DEFAULT_LANGUAGE]
PLURAL_FORMS = {"de": 2, "es": 2, "pl": 3}


@pytest.fixture(scope="module")
def template() -> Catalog:
    """The texts the code wraps today."""
    return extract_template()


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def texts(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)


def keys(catalog: Catalog) -> set[tuple[object, str | None]]:
    """Each text of ``catalog`` with its context (the same text may have several)."""
    return {(m.id, m.context) for m in catalog if m.id}


def forms(message: Message) -> tuple[str, ...]:
    string = message.string
    return tuple(string) if isinstance(string, tuple | list) else (string,)


def test_the_template_holds_what_the_code_wraps_today(template: Catalog) -> None:
    written = read(TRANSLATIONS / "messages.pot")
    assert keys(written) == keys(template), (
        "run `make i18n` to refresh the catalogs from the code")
    assert len(template) > 300  # the service, the mails and the page are all wrapped


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_is_translated_and_none_is_fuzzy(template: Catalog, language: str) -> None:
    catalog = read(po_path(language), language)
    missing = [m.id for m in template if m.id and (
        catalog.get(m.id, context=m.context) is None
        or not all(forms(catalog.get(m.id, context=m.context))))]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert missing == [] and fuzzy == []
    assert catalog.num_plurals == PLURAL_FORMS[language]


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translation_is_left_over_from_texts_gone(template: Catalog, language: str) -> None:
    catalog = read(po_path(language), language)
    assert keys(catalog) - keys(template) == set()


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language: str) -> None:
    wrong = []
    for message in read(po_path(language), language):
        if not message.id:
            continue
        wanted = set().union(*(placeholders(text) for text in texts(message)))
        for form in forms(message):
            found = placeholders(form or "")
            # A plural form may leave out the count ("one figure"), never add or lose a name.
            if found - wanted or (wanted - {"num", "n"}) - found:
                wrong.append((message.id, form))
    assert wrong == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_page_gets_every_text_it_uses(template: Catalog, language: str) -> None:
    used = {page_key(m) for m in template if m.id and used_by_page(m)}
    assert used, "the page wraps its texts"
    assert used - set(page_catalog(language)) == set()
