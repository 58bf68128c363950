"""The creator's host tools in real Chromium against the real service, at a desktop's size
and a phone's: pause and resume, cancel after a confirmation, the time per move, and a new
player for a seat whose player left (the old link stops working, the new one joins)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, Page, expect

from tests.service.helpers import token_of
from tests.support.live_service import LiveService

SIZES = {"desktop": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app."""
    with LiveService(tmp_path) as live:
        yield live


def create(service: LiveService, **spec: Any) -> dict[str, Any]:
    """Create a game of Ann and Bob (Ann starts) through the API; return the creator's answer."""
    response = requests.post(f"{service.url}api/v1/games", timeout=10, json={
        "seats": [{"name": "Ann"}, {"name": "Bob", "email": "bob@example.com"}],
        "start_seat": 0, "name": "Friday night", **spec})
    assert response.status_code == 201, response.text
    return response.json()


def read(service: LiveService, created: dict[str, Any], link: str | None = None) -> Any:
    """Return the API's answer to reading the game with a link's token (the creator's)."""
    token = token_of(link or created["creator_link"])
    return requests.get(f"{service.url}api/v1/games/{created['game']['id']}", timeout=10,
                        headers={"Authorization": f"Bearer {token}"})


def sized(page: Page, size: str) -> Page:
    """Give the page the window of ``size``."""
    page.set_viewport_size(SIZES[size])
    return page


def assert_no_sideways_scroll(page: Page, size: str) -> None:
    """The page is no wider than its window."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], f"the page is {width} px wide"


@pytest.mark.parametrize("size", SIZES)
def test_the_creator_pauses_resumes_sets_the_time_and_cancels_after_confirming(
        page: Page, service: LiveService, artifacts_dir: Path, size: str) -> None:
    created = create(service, move_time_limit=86400)
    sized(page, size).goto(created["creator_link"])
    tools = page.locator(".host-tools")
    expect(tools.get_by_role("heading", name="Host tools")).to_be_visible()
    expect(tools.locator(".host-state")).to_have_text("The game is under way.")
    expect(tools.locator(".time-limit")).to_contain_text("Each player has 1 day for a move.")
    # The deadline is said once on the page, as the time left, not again in the tools.
    expect(page.get_by_text(re.compile(r"has \d+ (hours?|minutes?)[ \d\w]* left for this move"))
           ).to_have_count(1)
    expect(tools).not_to_contain_text("ends at")

    tools.get_by_role("button", name="Pause the game").click()
    expect(tools.locator(".host-state")).to_contain_text("Paused since ")
    assert read(service, created).json()["paused_at"] is not None
    tools.get_by_role("button", name="Resume the game").click()
    expect(tools.locator(".host-state")).to_have_text("The game is under way.")
    assert read(service, created).json()["paused_at"] is None

    tools.get_by_label("New time per move").select_option(label="4 hours")
    tools.get_by_role("button", name="Set the time").click()
    expect(tools.locator(".time-limit")).to_contain_text("Each player has 4 hours for a move.")
    assert read(service, created).json()["move_time_limit"] == 4 * 3600
    page.screenshot(path=str(artifacts_dir / f"web-host-tools-{size}.png"), full_page=True)
    assert_no_sideways_scroll(page, size)

    tools.get_by_role("button", name="Cancel the game…").click()
    confirm = tools.get_by_role("group", name="Cancel this game for everyone?", exact=False)
    expect(confirm).to_be_visible()
    confirm.get_by_role("button", name="Keep the game").click()
    expect(confirm).to_be_hidden()
    assert read(service, created).json()["status"] == "active"
    tools.get_by_role("button", name="Cancel the game…").click()
    page.screenshot(path=str(artifacts_dir / f"web-host-tools-cancel-{size}.png"), full_page=True)
    assert_no_sideways_scroll(page, size)
    tools.get_by_role("button", name="Yes, cancel the game").click()
    expect(tools.locator(".host-state")).to_have_text(
        "You cancelled this game: nothing more can be done.")
    expect(tools.get_by_role("button")).to_have_count(0)
    assert read(service, created).json()["status"] == "cancelled"


@pytest.mark.parametrize("size", SIZES)
def test_a_seat_whose_player_left_goes_to_a_new_player(
        page: Page, browser: Browser, service: LiveService, artifacts_dir: Path,
        size: str) -> None:
    created = create(service)
    bob_link = created["seats"][1]["link"]
    sized(page, size).goto(created["creator_link"])
    tools = page.locator(".host-tools")
    tools.get_by_role("button", name="New player for seat 2 (Bob (red))").click()
    tools.get_by_role("button", name="Keep this player").click()
    assert read(service, created, bob_link).status_code == 200
    tools.get_by_role("button", name="New player for seat 2 (Bob (red))").click()
    tools.get_by_role("button", name="Yes, make a new invite").click()
    invite = tools.get_by_label("Invite link for seat 2 (red)")
    expect(invite).to_be_visible()
    expect(tools.locator(".invite")).to_contain_text("Bob's old links no longer do.")
    page.screenshot(path=str(artifacts_dir / f"web-host-tools-invite-{size}.png"), full_page=True)
    assert_no_sideways_scroll(page, size)
    link = invite.input_value()
    assert link.startswith(f"{service.url}join/{created['game']['id']}#code=")
    assert read(service, created, bob_link).status_code == 403

    context = browser.new_context(viewport=SIZES[size])
    try:
        cy = context.new_page()
        cy.goto(link)
        cy.get_by_label("Your name").fill("Cy")
        cy.get_by_role("button", name="Join").click()
        cy.wait_for_url(f"{service.url}play/**")
        expect(cy.locator("#side")).to_be_visible()
        assert_no_sideways_scroll(cy, size)
        view = read(service, created, cy.url).json()
        # The page joins in its reader's language and time zone (the browser's).
        assert view["viewer"] == {"kind": "seat", "seat": 1, "language": "en",
                                  "time_zone": cy.evaluate(
                                      "Intl.DateTimeFormat().resolvedOptions().timeZone")}
        assert view["seats"][1]["name"] == "Cy"
        bob = context.new_page()
        bob.goto(bob_link)
        expect(bob.get_by_role("alert")).to_contain_text("This link does not open a game")
    finally:
        context.close()


def test_a_seat_and_a_spectator_have_no_host_tools(page: Page, service: LiveService) -> None:
    created = create(service)
    for link, last in ((created["seats"][0]["link"], "#webhook-url"),
                       (created["spectator_link"], "#title")):
        page.goto(link)
        expect(page.locator(last)).to_be_visible()
        expect(page.locator(".host-tools")).to_have_count(0)
