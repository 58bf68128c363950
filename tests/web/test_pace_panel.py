"""The pace panel in real Chromium against the real service, at a desktop's size and a
phone's: the time left under the deadline and the vacation days after it, a nudge (one a day),
the creator told of a seat that missed as many deadlines as they allow, and the creator's
pace settings. Screenshots go to ``artifacts_dir``; at 390 px no page scrolls sideways."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Page, expect

from service.plumbing.columns import utcnow
from tests.service.helpers import token_of
from tests.support.live_service import LiveService
from tests.web.test_host_tools import SIZES
from worker.deadlines import check_deadlines

ANN = "\u2068Ann\u2069 (green)"  # the page isolates every name (bidi)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app."""
    with LiveService(tmp_path) as live:
        yield live


def create(service: LiveService, **spec: Any) -> dict[str, Any]:
    """Create a game of Ann and Bob (Ann starts, a day a move) through the API."""
    response = requests.post(f"{service.url}api/v1/games", timeout=10, json={
        "seats": [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}],
        "start_seat": 0, "name": "Friday night", "move_time_limit": 86400, **spec})
    assert response.status_code == 201, response.text
    return response.json()


def read(service: LiveService, created: dict[str, Any]) -> dict[str, Any]:
    """Return the game as its creator reads it through the API."""
    token = token_of(created["creator_link"])
    response = requests.get(f"{service.url}api/v1/games/{created['game']['id']}", timeout=10,
                            headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    return response.json()


def fits(page: Page, size: str, artifacts_dir: Path, name: str) -> None:
    """Keep a screenshot; the page is no wider than its window."""
    page.screenshot(path=str(artifacts_dir / f"web-pace-{name}-{size}.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], f"the page is {width} px wide"


@pytest.mark.parametrize("size", SIZES)
def test_a_waiting_seat_sees_the_time_left_and_nudges_once(
        page: Page, service: LiveService, artifacts_dir: Path, size: str) -> None:
    created = create(service, vacation_days=2)
    page.set_viewport_size(SIZES[size])
    page.goto(created["seats"][1]["link"])
    pace = page.locator("#pace")
    expect(pace.locator(".pace-clock")).to_contain_text("left for this move, then 2 vacation "
                                                        "days.")
    expect(pace.locator(".pace-clock")).to_contain_text(f"{ANN} has 23 hours")
    pace.get_by_role("button", name=f"Nudge {ANN}").click()
    expect(pace.locator(".said")).to_have_text(f"{ANN} was nudged by email.")
    expect(pace.locator(".pace-nudged")).to_contain_text("Nudged already: the next nudge may "
                                                         "go at ")
    expect(pace.get_by_role("button")).to_have_count(0)
    assert read(service, created)["next_nudge_at"] is not None
    fits(page, size, artifacts_dir, "nudged")


@pytest.mark.parametrize("size", SIZES)
def test_the_seat_to_move_sees_its_own_time_and_no_nudge(
        page: Page, service: LiveService, artifacts_dir: Path, size: str) -> None:
    created = create(service)
    page.set_viewport_size(SIZES[size])
    page.goto(created["seats"][0]["link"])
    pace = page.locator("#pace")
    expect(pace.locator(".pace-clock")).to_contain_text("You have 23 hours")
    expect(pace.get_by_role("button")).to_have_count(0)
    fits(page, size, artifacts_dir, "my-move")


@pytest.mark.parametrize("size", SIZES)
def test_the_creator_is_told_of_an_absent_seat_and_sets_the_pace(
        page: Page, service: LiveService, artifacts_dir: Path, size: str) -> None:
    created = create(service, missed_deadlines_limit=1)
    with service.app.app_context():  # Ann's day runs out
        assert check_deadlines(utcnow() + timedelta(days=1, minutes=1)).expired == [
            created["game"]["id"]]
    page.set_viewport_size(SIZES[size])
    page.goto(created["creator_link"])
    pace = page.locator("#pace")
    expect(pace.locator(".pace-absent")).to_have_text(
        f"{ANN} has missed 1 deadline: you may hand the seat to someone else (Host "
        "tools, \u201cNew player\u2026\u201d) or to the computer (\u201cplayed by\u201d).")
    fits(page, size, artifacts_dir, "absent")
    pace.get_by_label("Vacation days per player").fill("3")
    pace.get_by_label("Tell me after this many missed deadlines").fill("")
    pace.get_by_label("Then").select_option(label="the computer plays for them (normal)")
    pace.get_by_role("button", name="Set the pace").click()
    expect(pace.locator(".said")).to_have_text("The pace is set.")
    expect(pace.locator(".pace-absent")).to_have_count(0)
    view = read(service, created)
    assert (view["vacation_days"], view["missed_deadlines_limit"], view["absent_computer"]) \
        == (3, None, "normal")
    fits(page, size, artifacts_dir, "creator")


def test_the_computer_takes_an_absent_seat_and_its_player_takes_it_back(
        page: Page, service: LiveService, artifacts_dir: Path) -> None:
    created = create(service, missed_deadlines_limit=1, absent_computer="easy")
    with service.app.app_context():  # Ann's day runs out: the computer plays her seat now
        check_deadlines(utcnow() + timedelta(days=1, minutes=1))
    assert [s["computer"] for s in read(service, created)["seats"]] == ["easy", None]

    creator = page.context.new_page()
    creator.goto(created["creator_link"])
    expect(creator.locator("#pace .pace-absent")).to_have_text(
        "\u2068Ann\u2069 (green, computer: easy) has missed 1 deadline: the computer plays "
        "the seat now.")
    expect(creator.locator("#pace #absent-computer")).to_have_value("easy")

    page.goto(created["seats"][0]["link"])
    pace = page.locator("#pace")
    expect(pace.locator(".pace-computer")).to_have_text(
        "The computer plays your seat for now, at the easy level. Take it back whenever you "
        "like: its next move is yours again.")
    expect(page.locator(".computer-seats")).to_contain_text("Played by the computer:")
    page.set_viewport_size(SIZES["390"])
    fits(page, "390", artifacts_dir, "computer-plays")
    pace.get_by_role("button", name="Take my seat back").click()
    expect(pace.locator(".said")).to_have_text("Your seat is yours again.")
    expect(pace.locator(".pace-computer")).to_have_count(0)
    expect(page.locator(".computer-seats")).to_have_count(0, timeout=15_000)
    view = read(service, created)
    assert [(s["computer"], s["missed_deadlines"]) for s in view["seats"]] == [(None, 0),
                                                                               (None, 0)]
    expect(creator.locator("#pace .pace-absent")).to_have_count(0, timeout=15_000)
