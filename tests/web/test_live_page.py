"""The game page hears of changes through its live stream, in real Chromium against the real
service (served as ``make run`` serves it: SQLite, no Redis).

Bob's page opens one stream and then sends no request while nothing happens; Ann's move, the
table's message and the monster's turn reach it through the stream. A browser without
``EventSource`` polls instead. A page opened on a new device steps through the whole game
from its first action. Screenshots at desktop and phone sizes go to ``artifacts_dir``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from playwright.sync_api import Browser, Page, Request, expect

from tests.live.helpers import HttpGame, make_game
from tests.service.helpers import run_monster_jobs
from tests.support.live_service import LiveService

SIZES = {"desktop": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app, page and API, on a fresh database for the test."""
    with LiveService(tmp_path) as live:
        yield live


def requests_to(page: Page, game: HttpGame) -> list[str]:
    """Collect "METHOD path" of each request the page makes to the game's API."""
    seen: list[str] = []

    def note(request: Request) -> None:
        path = request.url.split("/api/v1/games/", 1)[-1]
        if path.startswith(game.id):
            seen.append(f"{request.method} {path[len(game.id):].split('?')[0] or '/'}")

    page.on("request", note)
    return seen


def open_page(browser: Browser, link: str, size: str, *, stream: bool = True) -> Page:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    if not stream:
        page.add_init_script("delete window.EventSource")
    page.goto(link)
    return page


def link_of(service: LiveService, game: HttpGame, token: str) -> str:
    return f"{service.url}play/{game.id}#t={token}"


@pytest.mark.parametrize("size", ["desktop", "390"])
def test_a_move_reaches_an_open_page_through_its_stream_and_an_idle_page_asks_nothing(
        browser: Browser, service: LiveService, artifacts_dir: Path, size: str) -> None:
    game = make_game(service.url)
    bob = open_page(browser, link_of(service, game, game.seats[1]), size)
    seen = requests_to(bob, game)
    try:
        expect(bob.locator("#title .turn")).to_contain_text("is to move")
        bob.wait_for_timeout(1500)  # the stream opens
        assert "POST /live" in seen
        idle_from = len(seen)
        bob.wait_for_timeout(7000)  # two polls' worth of nothing happening
        assert seen[idle_from:] == [], "an idle page sent requests"

        logged = bob.locator("#log li").count()
        game.play_one()
        expect(bob.locator("#log li")).to_have_count(logged + 1)
        assert [r for r in seen[idle_from:] if r == "GET /"] == ["GET /"]  # read once, on news

        requests.post(game.url("/messages"), timeout=10, json={"text": "Nice one."},
                      headers={"Authorization": f"Bearer {game.seats[0]}"}).raise_for_status()
        expect(bob.locator("#chat")).to_contain_text("Nice one.")
        bob.screenshot(path=str(artifacts_dir / f"web-live-{size}.png"), full_page=True)
        assert seen.count("POST /live") == 1
    finally:
        bob.context.close()


def test_the_monster_s_turn_is_replayed_on_a_page_that_only_listens(
        browser: Browser, service: LiveService) -> None:
    game = make_game(service.url)
    spectator = open_page(browser, link_of(service, game, game.spectator), "desktop")
    try:
        expect(spectator.locator("#title .turn")).to_contain_text("is to move")
        while game.read()["phase"] == "figures":
            game.play_one()
        assert run_monster_jobs(service.app) == 1
        expect(spectator.locator("#replay h2")).to_have_text("The monster's turn")
    finally:
        spectator.context.close()


def test_a_browser_without_event_source_polls(browser: Browser, service: LiveService) -> None:
    game = make_game(service.url)
    bob = open_page(browser, link_of(service, game, game.seats[1]), "desktop", stream=False)
    seen = requests_to(bob, game)
    try:
        expect(bob.locator("#title .turn")).to_contain_text("is to move")
        logged = bob.locator("#log li").count()
        game.play_one()
        expect(bob.locator("#log li")).to_have_count(logged + 1)
        assert "POST /live" not in seen
        assert seen.count("GET /") >= 1
    finally:
        bob.context.close()


@pytest.mark.parametrize("size", ["desktop", "390"])
def test_a_new_device_steps_through_the_whole_game(
        browser: Browser, service: LiveService, artifacts_dir: Path, size: str) -> None:
    game = make_game(service.url)
    for _ in range(3):
        game.play_one()
    page = open_page(browser, link_of(service, game, game.spectator), size)
    try:
        page.get_by_role("button", name="Step through the game").click()
        expect(page.locator("#replay h2")).to_have_text("The whole game")
        page.screenshot(path=str(artifacts_dir / f"web-live-history-{size}.png"),
                        full_page=True)
    finally:
        page.context.close()
