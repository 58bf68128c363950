"""What a game page asks of the server when it loads, in real Chromium against the real service:
cold, every file once and each of the game, the plan and the notification settings read once;
warm (the same browser again), no file of the page asked for at all, only the page itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Response, request
from playwright.sync_api import Browser, Page, expect

from tests.live.helpers import make_game
from tests.support.live_service import LiveService


@pytest.fixture
def service(tmp_path: Path) -> Iterator[tuple[LiveService, list[str]]]:
    """The service, and every "METHOD path" it answered, as it answered them."""
    live = LiveService(tmp_path)
    answered: list[str] = []

    def note(response: Response) -> Response:
        answered.append(f"{request.method} {request.path} {response.status_code}")
        return response

    live.app.after_request(note)
    with live:
        yield live, answered


def load(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("#board .stone__crystal, #board .stone__block").first).to_be_visible()
    expect(page.locator("#settings h2").first).to_be_visible()
    page.wait_for_timeout(2000)  # the stream opens: a read it caused would show here


def test_a_cold_load_reads_each_once_and_a_warm_load_asks_for_no_file(
        browser: Browser, service: tuple[LiveService, list[str]]) -> None:
    live, answered = service
    game = make_game(live.url)
    game.play_one()
    url = f"{live.url}play/{game.id}#t={game.seats[1]}"
    context = browser.new_context()
    try:
        answered.clear()
        load(context.new_page(), url)
        cold = list(answered)
        api = f"/api/v1/games/{game.id}"
        for read in (f"GET {api} 200", f"GET {api}/plan 200", f"GET {api}/notifications 200"):
            assert cold.count(read) == 1, (read, cold)
        assert not any(line.startswith(f"GET {api} 304") for line in cold), cold
        files = [line for line in cold if line.startswith("GET /v/")]
        assert len(files) == len(set(files)) > 30  # every module once, all under the digest
        assert all(line.endswith(" 200") for line in files)

        answered.clear()
        load(context.new_page(), url)
        warm = list(answered)
        assert not [line for line in warm if line.startswith(("GET /v/", "GET /js/",
                                                               "GET /css/"))], warm
        assert f"GET /play/{game.id} 304" in warm  # the page itself, revalidated
        assert warm.count(f"GET {api}/plan 200") == 1
        assert warm.count(f"GET {api}/notifications 200") == 1
    finally:
        context.close()


def test_the_creators_page_reads_the_game_once(
        browser: Browser, service: tuple[LiveService, list[str]]) -> None:
    live, answered = service
    game = make_game(live.url)
    game.play_one()
    context = browser.new_context()
    try:
        answered.clear()
        page = context.new_page()
        page.goto(f"{live.url}play/{game.id}#t={game.creator}")
        expect(page.locator(".host-tools h2, .host-tools h3").first).to_be_visible()
        page.wait_for_timeout(2000)  # the stream opens: a read it caused would show here
        api = f"/api/v1/games/{game.id}"
        # The page and its host tools start from one read of the game.
        assert answered.count(f"GET {api} 200") == 1, answered
        assert not any(line.startswith(f"GET {api} 304") for line in answered), answered
    finally:
        context.close()
