"""The lobby shows the creator which seats' invitations were held back, and why, in the
page's language: the address had its invitations for the day (issue 35)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.support.live_service import LiveService

WORDS = {
    "en-GB": ("Invitations not sent", "Seat 2: \u2068Bob\u2069 (red)",
              "Invitation not sent: this address has had 1 invitation today already"),
    "de-DE": ("Nicht verschickte Einladungen", "Platz 2: \u2068Bob\u2069 (Rot)",
              "Einladung nicht verschickt: Diese Adresse hat heute schon 1 Einladung"),
}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app with one invitation a day to an address that never answered."""
    with LiveService(tmp_path, INVITATIONS_PER_ADDRESS_PER_DAY=1) as live:
        yield live


@pytest.mark.parametrize("locale", WORDS)
def test_the_creator_sees_the_held_invitation_beside_the_seats_link(
        browser: Browser, service: LiveService, locale: str, artifacts_dir: Path) -> None:
    heading, seat, why = WORDS[locale]
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        page.goto(service.url)
        form = page.locator("form.create")
        for row, name in zip(form.locator("fieldset.seat").all(), ("Ann", "Bob"), strict=True):
            row.locator("[name=name]").fill(name)
            row.locator("[name=email]").fill("ann@example.com")
        form.locator("button.primary").click()
        notice = page.locator(".created .held-invitations")
        expect(notice.get_by_role("heading")).to_have_text(heading)
        held = notice.locator("li")
        expect(held).to_have_count(1)
        expect(held).to_have_attribute("data-seat", "1")
        expect(held.locator("strong")).to_have_text(seat)
        expect(held).to_contain_text(why)
        # The seat's link is there to pass on by hand, like Ann's.
        expect(page.locator('.created input.link[data-kind="seat"]')).to_have_count(2)
        page.locator(".created").screenshot(path=str(artifacts_dir / f"web-held-{locale}.png"))
    finally:
        context.close()
