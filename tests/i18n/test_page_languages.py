"""The page names the languages as the service does: its list is written from the service's
(``make i18n``), so the four names are written once."""

from __future__ import annotations

from service.plumbing.i18n.extract import PAGE_LANGUAGES, page_languages
from service.plumbing.i18n.languages import LANGUAGE_NAMES, LANGUAGES


def test_the_pages_list_of_languages_is_what_make_i18n_writes_today() -> None:
    assert PAGE_LANGUAGES.read_text(encoding="utf-8") == page_languages(), (
        "run `make i18n` to write web/js/model/languages.js again")


def test_the_pages_list_names_every_language_in_itself() -> None:
    written = page_languages()
    for code in LANGUAGES:
        assert f"{code}: \"{LANGUAGE_NAMES[code]}\"" in written
    assert "Español" in written  # written as the reader reads it, not escaped
