"""The page in each language, in real Chromium against the real service: the lobby, a seat's
game page with moves in its log, and a demo show no English in their visible text, measured
against the English of the page's catalog; a seat's language wins over the browser's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
import requests
from playwright.sync_api import Browser, Page, expect

from service.plumbing.i18n.catalogs import page_catalog, page_key, used_by_page
from service.plumbing.i18n.extract import extract_template
from tests.service.helpers import a_legal_action, token_of
from tests.support.live_service import LiveService

TRANSLATED = ["de", "es", "pl"]
BROWSER_LOCALE = {"de": "de-DE", "es": "es-ES", "pl": "pl-PL"}
PLACEHOLDER = re.compile(r"\{\w+\}")


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app, page and API, on a fresh database for the test."""
    with LiveService(tmp_path) as live:
        yield live


@cache
def english_left_behind(language: str) -> tuple[re.Pattern[str], ...]:
    """The page's English texts that read differently in ``language``, as patterns of their
    fixed parts (around placeholders): whole words, at least four letters, and not words the
    translations use themselves (a name like "Standard Webhooks")."""
    translated = page_catalog(language)
    said = "\n".join(text for value in translated.values()
                     for text in (value if isinstance(value, list) else [value]))
    patterns = []
    for message in extract_template():
        if not message.id or not used_by_page(message):
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        translation = translated.get(page_key(message))
        forms = translation if isinstance(translation, list) else [translation]
        for text in english:
            if text in forms:  # the same in both languages ("Monster", "OK")
                continue
            for part in PLACEHOLDER.split(text):
                part = part.strip(" .,:;()!?'\"—-")
                pattern = re.compile(rf"(?<!\w){re.escape(part)}(?!\w)")
                if sum(c.isalpha() for c in part) >= 4 and not pattern.search(said):
                    patterns.append(pattern)
    return tuple(patterns)


def english_in(page: Page, language: str) -> list[str]:
    """The English texts of the catalog found in the page's visible text, but for the
    notation (``<code>``: ``green 5 +NW`` is what a player types, in every language)."""
    shown = page.evaluate("""() => {
        const notation = [...document.querySelectorAll("code")];
        notation.forEach((element) => { element.hidden = true; });
        const text = document.body.innerText;
        notation.forEach((element) => { element.hidden = false; });
        return text;
    }""")
    return sorted({p.pattern for p in english_left_behind(language) if p.search(shown)})


def new_page(browser: Browser, language: str) -> Page:
    context = browser.new_context(locale=BROWSER_LOCALE[language])
    return context.new_page()


def a_game_with_moves(service: LiveService, language: str) -> tuple[str, dict[str, str]]:
    """A game in ``language``, Ann and Bob, with Ann's first moves made; its seat links."""
    created = requests.post(f"{service.url}api/v1/games", timeout=10, json={
        "name": "Friday", "seats": [{"name": "Ann"}, {"name": "Bob"}], "start_seat": 0,
        "language": language}).json()
    game_id = created["game"]["id"]
    links = {s["name"]: s["link"] for s in created["seats"]}
    for name in ("Ann", "Bob"):
        token = token_of(links[name])
        headers = {"Authorization": f"Bearer {token}"}
        view = requests.get(f"{service.url}api/v1/games/{game_id}", headers=headers,
                            timeout=10).json()
        answer = requests.post(f"{service.url}api/v1/games/{game_id}/actions", headers=headers,
                               timeout=10, json={"expected_version": view["version"],
                                                 "action": a_legal_action(view)})
        assert answer.status_code == 201, answer.text
    return game_id, links


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_lobby_shows_no_english(browser: Browser, service: LiveService,
                                    language: str) -> None:
    page = new_page(browser, language)
    page.goto(service.url)
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("#lobby form").first).to_be_visible()
    assert english_in(page, language) == []
    page.context.close()


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_seats_game_page_shows_no_english(browser: Browser, service: LiveService,
                                            artifacts_dir: Path, language: str) -> None:
    _game_id, links = a_game_with_moves(service, language)
    page = new_page(browser, language)
    page.goto(links["Ann"])
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("#log li")).to_have_count(2, timeout=15_000)
    page.screenshot(path=artifacts_dir / f"web-language-{language}.png", full_page=True)
    assert english_in(page, language) == []
    page.context.close()


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_demo_shows_no_english(browser: Browser, service: LiveService,
                                 language: str) -> None:
    page = new_page(browser, language)
    page.goto(f"{service.url}?demo=monster")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("svg").first).to_be_visible()
    assert english_in(page, language) == []
    page.context.close()


def test_a_seat_reads_its_own_language_whatever_the_browser_says(
        browser: Browser, service: LiveService) -> None:
    game_id, links = a_game_with_moves(service, "en")
    token = token_of(links["Bob"])
    chosen = requests.put(f"{service.url}api/v1/games/{game_id}/language", timeout=10,
                          headers={"Authorization": f"Bearer {token}"},
                          json={"language": "pl"})
    assert chosen.status_code == 200, chosen.text
    page = new_page(browser, "de")
    page.goto(links["Bob"])
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator("#log li")).to_have_count(2, timeout=15_000)
    assert english_in(page, "pl") == []
    page.context.close()


def test_a_seat_chooses_its_language_and_time_zone_in_the_settings(
        browser: Browser, service: LiveService) -> None:
    game_id, links = a_game_with_moves(service, "en")
    page = browser.new_context(locale="en-US").new_page()
    page.goto(links["Ann"])
    chooser = page.locator("#seat-language")
    expect(chooser).to_have_value("en")
    chooser.select_option("es")
    page.locator("#seat-time-zone").select_option("America/New_York")
    with page.expect_navigation():
        page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#log li")).to_have_count(2, timeout=15_000)
    assert english_in(page, "es") == []
    view = requests.get(f"{service.url}api/v1/games/{game_id}", timeout=10,
                        headers={"Authorization": f"Bearer {token_of(links['Ann'])}"}).json()
    assert view["viewer"]["language"] == "es"
    assert view["viewer"]["time_zone"] == "America/New_York"
    page.context.close()
