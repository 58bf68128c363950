"""axe-core finds nothing on the service's pages, in real Chromium against the real service:
the lobby (and after a game is made), a game's page as a seat, as its creator and as a
spectator, a finished game's page with its rematch and standings, a sandbox, a table's own
page, the home page and the rules, at a desktop's size (1280×800) and a phone's (390×844),
in every language the page speaks.

The game is played past its first monster phase and its table has talked, so the log (with
its replay buttons) and the chat are long enough to scroll in their boxes, as in a real game;
it shows the monster preview, and the seat whose page is checked has moved in this game turn
and is to move again, so its page shows the preview and "Take back my move" too.
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
from tests.records.test_export import play_to_the_end
from tests.service.helpers import auth, game_from, play_one, play_until, run_monster_jobs
from tests.support.accessibility import axe_violations, described
from tests.support.live_service import LiveService

API = "api/v1/games"
SIZES = {"1280": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}
WAIT_MS = 15_000


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveService, Any]]:
    """One service for the module, with a game past its first monster phase whose two
    players wrote twelve messages, and a finished game whose rematch Ann asked for, a sandbox
    and a table made from scratch; yield the service and the pages' links."""
    with LiveService(tmp_path_factory.mktemp("axe")) as live:
        created = requests.post(f"{live.url}{API}", timeout=10, json={
            "seats": [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}],
            "start_seat": 0, "move_time_limit": 86400, "monster_preview": True})
        created.raise_for_status()
        game = game_from(created.json())
        client = live.app.test_client()
        play_until(live.app, client, game, "monster")
        assert run_monster_jobs(live.app) == 1
        # Two moves into the new turn: the seat to move has moved in it (it may take back).
        play_one(client, game)
        play_one(client, game)
        seat = client.get(game.url(), headers=auth(game.creator_token)).get_json()["to_move"]
        assert client.get(game.url("/takeback"),
                          headers=auth(game.seat_tokens[seat])).get_json()["may_ask"]
        for number in range(6):
            for seat in (0, 1):
                posted = client.post(game.url("/messages"), headers=auth(game.seat_tokens[seat]),
                                     json={"text": f"Message {number}: a line long enough to "
                                                   "wrap in the panel beside the board."})
                assert posted.status_code == 201, posted.get_data(as_text=True)
        sandbox = client.post(game.url("/sandbox"), json={},
                              headers=auth(game.seat_tokens[0])).get_json()
        over = game_from(requests.post(f"{live.url}{API}", timeout=10, json={
            "seats": [{"name": "Ann"}, {"name": "Bob"}], "start_seat": 0}).json())
        play_to_the_end(live.app, client, over)
        assert client.post(over.url("/rematch"), json={},
                           headers=auth(over.seat_tokens[0])).status_code == 201
        table = requests.post(f"{live.url}api/v1/tables", timeout=10, json={
            "name": "Friday night", "members": [{"name": "Cy"}, {"computer": "easy"}]}).json()
        assert client.post(f"/api/v1/tables/{table['table']['id']}/games", json={},
                           headers=auth(table["token"])).status_code == 201
        yield live, {**created.json(), "seat_to_move": created.json()["seats"][seat]["link"],
                     "sandbox": sandbox["link"],
                     "finished": f"{live.url}play/{over.id}#t={over.seat_tokens[1]}",
                     "table": table["link"]}


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
        for name, link in (("seat", created["seat_to_move"]),
                           ("creator", created["creator_link"]),
                           ("spectator", created["spectator_link"])):
            page.goto(link)
            ready_game(page)
            if name != "spectator":
                expect(page.locator("#settings h2").first).to_be_visible(timeout=WAIT_MS)
            if name == "seat":
                expect(page.locator(".monster-preview .walk-cards button").first).to_be_visible(
                    timeout=WAIT_MS)
                expect(page.locator(".takeback button")).to_have_count(1)
                expect(page.locator(".notes textarea")).to_be_visible()
            check(name)
        page.goto(created["finished"])
        expect(page.locator(".rematch button")).to_have_count(2, timeout=WAIT_MS)
        expect(page.locator(".table-standings table")).to_be_visible()
        check("finished")
        page.goto(created["sandbox"])
        expect(page.locator(".walks .walk-cards button").first).to_be_visible(timeout=WAIT_MS)
        expect(page.locator(".sandbox-history li").first).to_be_visible()
        check("sandbox")
        page.goto(created["table"])
        expect(page.locator(".table-games li")).to_have_count(1, timeout=WAIT_MS)
        check("table")
        page.goto(f"{service.url}home")
        expect(page.locator("#lobby form").first).to_be_visible()
        check("home")
        page.goto(f"{service.url}rules")
        expect(page.locator("main.rules pre.diagram").first).to_be_visible()
        check("rules")
    finally:
        context.close()
    assert set(found) == {"lobby", "lobby-with-links", "lobby-after-copy", "seat", "creator",
                          "spectator", "finished", "sandbox", "table", "home", "rules"}
    failing = {name: v for name, v in found.items() if v}
    assert not failing, "\n".join(f"{name}:\n{described(v)}" for name, v in failing.items())
