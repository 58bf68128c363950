"""The game page's table talk in real Chromium against the real service.

Ann and Bob each open their seat's page, the creator the game's; Ann writes markup, which
Bob's page (polling) shows as the text it is; the counter and the server's refusal show on
Ann's page; the creator mutes Bob, whose page then says so and takes nothing, and unmutes him.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, Page, expect

from tests.service.helpers import token_of
from tests.support.live_service import LiveService

WAIT_MS = 15_000  # a page polls every 3 s; give it a few rounds
MARKUP = "<b>hi</b> <img src=x onerror=alert(1)>"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app, page and API, on a fresh database for the test."""
    with LiveService(tmp_path) as live:
        yield live


def create(service: LiveService) -> dict[str, Any]:
    """Create a game for Ann and Bob through the API; return its creation's answer."""
    response = requests.post(f"{service.url}api/v1/games", timeout=10, json={
        "seats": [{"name": "Ann"}, {"name": "Bob"}], "start_seat": 0})
    response.raise_for_status()
    return response.json()


def api(service: LiveService, method: str, game_id: str, path: str, token: str,
        **body: Any) -> requests.Response:
    """Call the game's API at ``path`` with ``token``."""
    return requests.request(method, f"{service.url}api/v1/games/{game_id}{path}", timeout=10,
                            json=body or None, headers={"Authorization": f"Bearer {token}"})


def watch_errors(page: Page) -> list[str]:
    """Collect the page's script errors and console errors (a refused request's 4xx aside)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error"
            and "status of 4" not in m.text else None)
    return errors


def test_seats_talk_markup_stays_text_and_the_creator_mutes(
        browser: Browser, service: LiveService, artifacts_dir: Path) -> None:
    created = create(service)
    game_id = created["game"]["id"]
    ann_link, bob_link = (seat["link"] for seat in created["seats"])
    contexts = [browser.new_context() for _ in range(3)]
    try:
        ann, bob, creator = (context.new_page() for context in contexts)
        errors = watch_errors(ann) + watch_errors(bob) + watch_errors(creator)
        ann.goto(ann_link)
        bob.goto(bob_link)
        creator.goto(f"{service.url}play/{game_id}#t={created['creator_token']}")
        expect(bob.locator("#chat")).to_contain_text("No one has written yet.")
        expect(creator.locator("#chat .chat__note")).to_have_text(
            "Only the players write here; you may mute a seat below.")
        expect(creator.get_by_label("Message to the table")).to_be_hidden()

        box = ann.get_by_label("Message to the table")
        box.fill(MARKUP)
        expect(ann.locator(".chat__counter")).to_have_text(f"{len(MARKUP)}/500")
        ann.get_by_role("button", name="Send to the table").click()
        expect(ann.locator(".chat__text")).to_have_text(MARKUP)
        expect(box).to_have_value("")

        # Bob's page learns of it by polling, and shows the markup as text.
        line = bob.locator(".chat__line").first
        expect(line.locator(".chat__text")).to_have_text(MARKUP, timeout=WAIT_MS)
        expect(line.locator(".chat__name")).to_have_text("Ann")
        assert line.locator(".chat__name").get_attribute("class") == \
            "chat__name figure--green"
        assert bob.locator("#chat b, #chat img").count() == 0
        bob.screenshot(path=str(artifacts_dir / "web-chat-markup.png"))

        box.fill("x" * 501)
        expect(ann.locator(".chat__counter")).to_have_text("501/500")
        expect(ann.get_by_role("button", name="Send to the table")).to_be_disabled()
        for number in range(9):  # ten in ten minutes, with the first
            assert api(service, "POST", game_id, "/messages", token_of(ann_link),
                       text=f"message {number}").status_code == 201
        box.fill("one too many")
        ann.get_by_role("button", name="Send to the table").click()
        expect(ann.locator("#chat [role=alert]")).to_contain_text(
            "Not sent: You have posted 10 messages in 10 minutes")

        creator.get_by_role("button", name="Mute Bob (red)").click()
        expect(creator.get_by_role("button", name="Unmute Bob (red)")).to_be_visible()
        listed = api(service, "GET", game_id, "/messages", created["creator_token"]).json()
        assert listed["muted"] == [1]
        expect(bob.locator("#chat .chat__note")).to_contain_text("muted your seat",
                                                                 timeout=WAIT_MS)
        expect(bob.get_by_label("Message to the table")).to_be_disabled()

        creator.get_by_role("button", name="Unmute Bob (red)").click()
        expect(creator.get_by_role("button", name="Mute Bob (red)")).to_be_visible()
        bob_box = bob.get_by_label("Message to the table")
        expect(bob_box).to_be_enabled(timeout=WAIT_MS)
        bob_box.fill("Thanks!")
        bob_box.press("Enter")
        expect(bob.locator(".chat__line--own .chat__text")).to_have_text("Thanks!")
        expect(ann.locator(".chat__text").last).to_have_text("Thanks!", timeout=WAIT_MS)
        assert errors == []
    finally:
        for context in contexts:
            context.close()
