"""axe-core finds nothing on the service's pages, in real Chromium against the real service:
the lobby (and after a game is made), a game's page as a seat, as its creator and as a
spectator, the home page and the rules, at a desktop's size (1280×800) and a phone's (390×844),
in every language the page speaks.

The game is played past its first monster phase and its table has talked, so the log (with
its replay buttons) and the chat are long enough to scroll in their boxes, as in a real game.
No rule is set aside: axe runs every rule it runs by default (``tests/support/accessibility``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, Page, expect

from service.plumbing.i18n.languages import LANGUAGES
from tests.service.helpers import auth, game_from, play_until, run_monster_jobs
from tests.support.accessibility import axe_violations, described
from tests.support.live_service import LiveService

API = "api/v1/games"
SIZES = {"1280": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}
WAIT_MS = 15_000


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveService, Any]]:
    """One service for the module, with a game past its first monster phase whose two
    players wrote twelve messages; yield the service and the game's links."""
    with LiveService(tmp_path_factory.mktemp("axe")) as live:
        created = requests.post(f"{live.url}{API}", timeout=10, json={
            "seats": [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}],
            "start_seat": 0, "move_time_limit": 86400})
        created.raise_for_status()
        game = game_from(created.json())
        client = live.app.test_client()
        play_until(live.app, client, game, "monster")
        assert run_monster_jobs(live.app) == 1
        for number in range(6):
            for seat in (0, 1):
                posted = client.post(game.url("/messages"), headers=auth(game.seat_tokens[seat]),
                                     json={"text": f"Message {number}: a line long enough to "
                                                   "wrap in the panel beside the board."})
                assert posted.status_code == 201, posted.get_data(as_text=True)
        yield live, created.json()


def ready_game(page: Page) -> None:
    """Wait until the game's page has drawn its board, log and table talk."""
    expect(page.locator("svg.board .monster")).to_have_count(1, timeout=WAIT_MS)
    expect(page.locator("#log ol.log")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("#chat .chat__line")).to_have_count(12, timeout=WAIT_MS)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_no_violation_on_any_page(
    browser: Browser, played: tuple[LiveService, Any], size: str, language: str,
    artifacts_dir: Path,
) -> None:
    service, created = played
    context = browser.new_context(viewport=SIZES[size], locale=language)  # type: ignore[arg-type]
    found: dict[str, list[dict[str, Any]]] = {}
    try:
        page = context.new_page()

        def check(name: str) -> None:
            found[name] = axe_violations(page)
            page.screenshot(path=str(artifacts_dir / f"axe-{name}-{language}-{size}.png"))

        page.goto(service.url)
        expect(page.locator("#lobby form.create")).to_be_visible()
        check("lobby")
        page.locator("#lobby form.create [name=name]").nth(0).fill("Cleo")
        page.locator("#lobby form.create [name=name]").nth(1).fill("Dan")
        page.locator("#lobby form.create button[type=submit]").click()
        expect(page.locator(".created-game input.link")).to_have_count(4)
        check("lobby-with-links")
        copy = page.locator(".created-game .buttons button").first
        before = copy.get_attribute("aria-label") or ""
        copy.click()  # copied, or refused by the headless clipboard: either way it says so
        expect(copy).not_to_have_attribute("aria-label", before)
        check("lobby-after-copy")
        for name, link in (("seat", created["seats"][0]["link"]),
                           ("creator", created["creator_link"]),
                           ("spectator", created["spectator_link"])):
            page.goto(link)
            ready_game(page)
            if name != "spectator":
                expect(page.locator("#settings h2").first).to_be_visible(timeout=WAIT_MS)
            check(name)
        page.goto(f"{service.url}home")
        expect(page.locator("#lobby form").first).to_be_visible()
        check("home")
        page.goto(f"{service.url}rules")
        expect(page.locator("main.rules pre.diagram").first).to_be_visible()
        check("rules")
    finally:
        context.close()
    assert set(found) == {"lobby", "lobby-with-links", "lobby-after-copy", "seat", "creator",
                          "spectator", "home", "rules"}
    failing = {name: v for name, v in found.items() if v}
    assert not failing, "\n".join(f"{name}:\n{described(v)}" for name, v in failing.items())
