"""One mail a day for all my games, in real Chromium against the real service: chosen on the
list of the address's games (the home page), with its hour, then seen and changed back in a
game's settings; each time stored for the address, as the API shows. Screenshots at a
desktop's size and a phone's (390 px, no sideways scrolling) go to ``artifacts_dir``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.home.helpers import home_token
from tests.service.helpers import token_of
from tests.support.browser import DESKTOP, fits_390
from tests.support.live_service import LiveService

ANN = "ann@example.com"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app (its mails are written to files: none is read here)."""
    with LiveService(tmp_path) as live:
        yield live


def stored(service: LiveService, game_id: str, token: str) -> dict[str, Any]:
    """Return the address's choice as the API gives it to the seat's token."""
    response = requests.get(f"{service.url}api/v1/games/{game_id}/daily-mail", timeout=10,
                            headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_player_chooses_one_mail_a_day_on_the_home_page_and_changes_it_in_a_game(
        page: Page, service: LiveService, artifacts_dir: Path) -> None:
    created = requests.post(f"{service.url}api/v1/games", timeout=10, json={
        "seats": [{"name": "Ann", "email": ANN}, {"name": "Bob"}], "name": "Friday night",
        "start_seat": 0}).json()
    game_id, link = created["game"]["id"], created["seats"][0]["link"]
    token = home_token(service.app, service.app.test_client(), ANN)

    page.set_viewport_size(DESKTOP)
    page.goto(f"{service.url}home#h={token}")
    choice = page.get_by_label(f"All your games at {ANN}")
    expect(choice).to_have_value("per_game")
    expect(page.locator(".daily-hour")).to_be_hidden()
    expect(page.locator(".daily-words")).to_have_text(
        "Each game mails you as its own email setting says.")
    choice.select_option("daily")
    expect(page.locator(".daily-mail .saved")).to_have_text("Saved.")
    expect(page.locator(".daily-hour")).to_be_visible()
    page.locator("#daily-mail-hour").select_option("7")
    expect(page.locator(".daily-words")).to_contain_text("At 7:00\u202fAM (UTC) one mail lists")
    assert stored(service, game_id, token_of(link)) | {"email": ANN} == {
        "email": ANN, "daily": True, "hour": 7, "time_zone": "UTC", "language": "en"}
    page.screenshot(path=str(artifacts_dir / "web-home-daily-mail-desktop.png"), full_page=True)
    fits_390(page, artifacts_dir, "web-home-daily-mail")

    page.goto(link)
    in_game = page.get_by_label(f"All your games at {ANN}")
    expect(in_game).to_have_value("daily")
    expect(page.locator("#daily-mail-hour")).to_have_value("7")
    page.screenshot(path=str(artifacts_dir / "web-settings-daily-mail-desktop.png"),
                    full_page=True)
    in_game.select_option("per_game")
    expect(page.locator(".daily-mail .saved")).to_have_text("Saved.")
    expect(page.locator(".daily-hour")).to_be_hidden()
    assert stored(service, game_id, token_of(link))["daily"] is False


def test_a_seat_without_an_address_is_offered_no_daily_mail(
        page: Page, service: LiveService) -> None:
    created = requests.post(f"{service.url}api/v1/games", timeout=10, json={
        "seats": [{"name": "Ann"}, {"name": "Bob"}], "start_seat": 0}).json()
    page.goto(created["seats"][0]["link"])
    expect(page.locator(".email-mode").first).to_contain_text(
        "This seat has no email address, so it gets no email.")
    expect(page.locator("#daily-mail")).to_have_count(0)
