"""The rules page (``/rules``) in real Chromium against the real service: a German reader gets
it in German, with no English sentence of the page's source left in what they see, and can
switch to another language from the page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.live_service import LiveService

# The words a reader sees, without the diagrams and the codes in them (the same in every
# language) and without the list of the languages, each named in itself.
SHOWN = """() => {
    const same = [...document.querySelectorAll("pre, code, nav.languages")];
    same.forEach((element) => { element.hidden = true; });
    const text = document.body.innerText;
    same.forEach((element) => { element.hidden = false; });
    return text;
}"""


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app, page and API, on a fresh database for the test."""
    with LiveService(tmp_path) as live:
        yield live


def rules_page(browser: Browser, service: LiveService, locale: str) -> Page:
    """Open /rules in a browser whose language is ``locale`` (its Accept-Language)."""
    page = browser.new_context(locale=locale).new_page()
    page.goto(f"{service.url}rules")
    return page


def sentences(text: str) -> set[str]:
    """The sentences and clauses of ``text`` of three words or more."""
    parts = (part.strip(" .:;,()\u201c\u201d") for part in re.split(r"[.:;!?]\s+|\n", text))
    return {part for part in parts if len(re.findall(r"[A-Za-z]{2,}", part)) >= 3}


def test_a_german_reader_gets_the_rules_page_with_no_english_sentence_left(
        browser: Browser, service: LiveService) -> None:
    english = sentences(rules_page(browser, service, "en-GB").evaluate(SHOWN))
    assert len(english) > 30  # the page's prose and the engine's words
    german = rules_page(browser, service, "de-DE")
    expect(german.locator("html")).to_have_attribute("lang", "de")
    expect(german.locator("h2")).to_have_text("Wie wir die Regeln lesen")
    shown = german.evaluate(SHOWN)
    assert sorted(sentence for sentence in english if sentence in shown) == []


def test_the_page_links_to_itself_in_the_other_languages(
        browser: Browser, service: LiveService) -> None:
    page = rules_page(browser, service, "de-DE")
    page.locator("nav.languages").get_by_role("link", name="Polski").click()
    expect(page).to_have_url(re.compile(r"/rules\?lang=pl$"))
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    page.locator("nav.languages").get_by_role("link", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h2")).to_have_text("How we read the rules")
