"""The game page's settings in real Chromium against the real service: a seat's email mode
and its webhooks (added, listed, deleted; a refused address shows the server's reason)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.service.helpers import token_of
from tests.support.live_service import LiveService


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app; webhooks to loopback addresses allowed, as in a local run."""
    with LiveService(tmp_path, WEBHOOK_ALLOW_PRIVATE=True) as live:
        yield live


def open_seat(page: Page, service: LiveService) -> tuple[str, str]:
    """Create a game whose seat 0 has an email address; open its page; return id and token."""
    created = requests.post(f"{service.url}api/v1/games", timeout=10, json={
        "seats": [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}],
        "start_seat": 0}).json()
    link = created["seats"][0]["link"]
    page.goto(link)
    return created["game"]["id"], token_of(link)


def test_a_seat_sets_how_often_it_is_emailed(page: Page, service: LiveService) -> None:
    game_id, token = open_seat(page, service)
    mode = page.get_by_label("Email to ann@example.com")
    expect(mode).to_have_value("every_event")
    expect(page.locator(".email-mode .hint")).to_contain_text(
        "No email comes while you have this game open here")
    mode.select_option("my_turn")
    expect(page.locator(".email-mode .saved")).to_have_text("Saved.")
    stored = requests.get(f"{service.url}api/v1/games/{game_id}/notifications", timeout=10,
                          headers={"Authorization": f"Bearer {token}"}).json()
    assert stored["email_mode"] == "my_turn"


def test_a_seat_adds_lists_and_deletes_a_webhook(page: Page, service: LiveService) -> None:
    game_id, token = open_seat(page, service)
    hook = f"{service.url}hooks/ann"
    expect(page.locator(".webhooks li")).to_have_text("No webhook yet.")
    page.get_by_label("Webhook URL").fill(hook)
    page.get_by_role("button", name="Add webhook").click()
    expect(page.locator(".webhooks li")).to_contain_text(hook)
    expect(page.locator("#settings .secret")).to_contain_text("Signing secret (shown once): ")
    listed = requests.get(f"{service.url}api/v1/games/{game_id}/webhooks", timeout=10,
                          headers={"Authorization": f"Bearer {token}"}).json()["items"]
    assert [h["url"] for h in listed] == [hook]

    page.get_by_role("button", name=f"Delete the webhook to {hook}").click()
    expect(page.locator(".webhooks li")).to_have_text("No webhook yet.")


def test_a_refused_webhook_address_shows_why(page: Page, tmp_path: Path) -> None:
    with LiveService(tmp_path) as strict:
        game_id, token = open_seat(page, strict)
        page.get_by_label("Webhook URL").fill("http://127.0.0.1:9/hook")
        page.get_by_role("button", name="Add webhook").click()
        refused = requests.post(f"{strict.url}api/v1/games/{game_id}/webhooks", timeout=10,
                                json={"url": "http://127.0.0.1:9/hook"},
                                headers={"Authorization": f"Bearer {token}"}).json()["error"]
        assert refused["code"] == "webhook/private_address"
        expect(page.get_by_role("alert")).to_have_text(
            f"The webhook was not added: {refused['message']}")
        expect(page.locator(".webhooks li")).to_have_text("No webhook yet.")
