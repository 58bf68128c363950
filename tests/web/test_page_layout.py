"""The game page's layout and access, in real Chromium against the real service, at a
desktop's size (1280×800) and a phone's (390×844): the table talk beside the board with a
count of unread messages, the side panel scrolling on its own, the focus after Send and the
skip link, readable square names and door signs that fit their frames in every language, a
lobby that clears its form once a game is made, no nudge for the computer, the deadline said
once, a number field that shows its placeholder whole, and header links that keep their words
on one line. Each is measured on the page as drawn (boxes, computed colours, focus).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, BrowserContext, Page, expect

from service.plumbing.i18n.languages import LANGUAGES
from tests.service.helpers import token_of
from tests.support.live_service import LiveService
from tests.web.test_game_page import a_move, pick_move, read

API = "api/v1/games"
SIZES = {"1280": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}
WAIT_MS = 15_000
UNREAD = ".chat__unread"

# WCAG's relative luminance and contrast ratio of two computed "rgb(r, g, b)" colours.
CONTRAST = """
const channels = (rgb) => rgb.match(/[\\d.]+/g).slice(0, 3).map(Number);
const luminance = (rgb) => {
  const [r, g, b] = channels(rgb).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
"""


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app, page and API, on a fresh database for the test."""
    with LiveService(tmp_path) as live:
        yield live


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    """Run the test at a desktop's size and at a phone's."""
    return str(request.param)


@pytest.fixture
def context(browser: Browser, size: str) -> Iterator[BrowserContext]:
    """Return a fresh browser context of the test's size."""
    made = browser.new_context(viewport=SIZES[size])  # type: ignore[arg-type]
    try:
        yield made
    finally:
        made.close()


def create(service: LiveService, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Create a basic game (Ann to move, then Bob; a day a move); return the API's answer."""
    response = requests.post(f"{service.url}{API}", timeout=10, json={
        "seats": seats or [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}],
        "start_seat": 0, "move_time_limit": 86400})
    response.raise_for_status()
    return dict(response.json())


def open_game(context: BrowserContext, link: str) -> Page:
    """Open a game's link and wait for the board and the table talk."""
    page = context.new_page()
    page.goto(link)
    expect(page.locator("svg.board .monster")).to_have_count(1)
    expect(page.locator("#chat h2")).to_be_visible()
    return page


def post_message(service: LiveService, created: dict[str, Any], seat: int, text: str) -> None:
    """Write to the table as a seat, through the API."""
    response = requests.post(
        f"{service.url}{API}/{created['game']['id']}/messages", json={"text": text}, timeout=10,
        headers={"Authorization": f"Bearer {token_of(created['seats'][seat]['link'])}"})
    assert response.status_code == 201, response.text


def box(page: Page, selector: str) -> dict[str, float]:
    """Return an element's box on screen."""
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return {key: float(found[key]) for key in ("x", "y", "width", "height")}


def in_window(page: Page, selector: str) -> bool:
    """Whether the element's box is wholly in the window as it is scrolled now."""
    return bool(page.locator(selector).first.evaluate("""(e) => {
      const r = e.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0
        && r.right <= innerWidth;
    }"""))


def test_the_table_talk_counts_unread_messages_and_the_side_scrolls_on_its_own(
    context: BrowserContext, service: LiveService, size: str, artifacts_dir: Path
) -> None:
    created = create(service)
    bob = open_game(context, created["seats"][1]["link"])
    if size == "1280":
        # Beside the board, on screen as the page opens; the side panel scrolls by itself.
        board, chat = box(bob, "svg.board"), box(bob, "#chat")
        assert chat["x"] >= board["x"] + board["width"], (board, chat)
        assert in_window(bob, "#chat h2")
        side = bob.locator("#side")
        assert side.evaluate("(e) => getComputedStyle(e).overflowY") == "auto"
        assert side.evaluate("(e) => e.scrollHeight > e.clientHeight"), "nothing to scroll"
        side_box = box(bob, "#side")
        bob.mouse.move(side_box["x"] + side_box["width"] / 2, side_box["y"] + 200)
        bob.mouse.wheel(0, 2000)
        bob.wait_for_function("() => document.getElementById('side').scrollTop > 0")
        assert bob.evaluate("scrollY") == 0, "the page scrolled with the side panel"
        assert in_window(bob, "svg.board .monster"), "the board left the screen"
        assert not in_window(bob, "#chat h2")  # scrolled past: the talk is out of view
    else:
        assert not in_window(bob, "#chat h2")  # below the board on a phone
    expect(bob.locator(UNREAD)).to_be_hidden()

    post_message(service, created, 0, "Good luck!")
    post_message(service, created, 0, "And have fun.")
    unread = bob.locator(UNREAD)
    expect(unread).to_have_text("2 new messages at the table", timeout=WAIT_MS)
    assert in_window(bob, UNREAD), "the count is off the screen"
    bob.screenshot(path=str(artifacts_dir / f"layout-unread-{size}.png"))
    unread.click()
    expect(bob.locator("#chat-text")).to_be_focused()
    expect(unread).to_be_hidden()
    assert in_window(bob, "#chat .chat__line")

    # What was seen is kept: a reload counts only what came since, and one's own never.
    post_message(service, created, 1, "Thanks, Ann.")
    post_message(service, created, 0, "Your move soon.")
    bob.reload()
    expect(bob.locator("#chat .chat__line")).to_have_count(4)
    if size == "1280":  # the talk is on screen as the page opens: read at once
        expect(bob.locator(UNREAD)).to_be_hidden()
    else:
        expect(bob.locator(UNREAD)).to_have_text("1 new message at the table")


def test_after_send_the_focus_is_on_the_board_and_a_skip_link_passes_the_header(
    context: BrowserContext, service: LiveService, size: str
) -> None:
    created = create(service)
    link = created["seats"][0]["link"]
    ann = open_game(context, link)
    ann.keyboard.press("Tab")
    skip = ann.locator(".skip-link")
    expect(skip).to_be_focused()
    expect(skip).to_have_text("Skip to the content")
    assert in_window(ann, ".skip-link"), "the focused skip link is off the screen"
    ann.keyboard.press("Enter")
    expect(ann.locator("main")).to_be_focused()
    assert ann.url == link, "the skip link changed the address (and its token)"
    ann.keyboard.press("Tab")
    assert ann.evaluate("document.activeElement.closest('main') !== null")
    assert ann.evaluate("document.activeElement.closest('header') === null")

    view = read(service, created["game"]["id"], token_of(link))
    pick_move(ann, view, a_move(view))
    ann.get_by_role("button", name="Send", exact=True).click()
    expect(ann.locator("#log li")).to_have_count(1)
    expect(ann.locator("svg.board rect[data-cell]:focus")).to_have_count(1)


def test_square_names_are_readable_and_door_signs_fit_in_every_language(
    browser: Browser, service: LiveService, artifacts_dir: Path
) -> None:
    created = create(service)
    for language in LANGUAGES:
        context = browser.new_context(viewport=SIZES["1280"],  # type: ignore[arg-type]
                                      locale=language)
        try:
            page = open_game(context, created["seats"][0]["link"])
            names = page.evaluate("() => {" + CONTRAST + """
              const svg = document.querySelector("svg.board");
              const scale = svg.getScreenCTM().a;
              return [...svg.querySelectorAll(".cell__name")].map((name) => {
                const cell = name.previousElementSibling;
                return { square: cell.dataset.cell,
                  ratio: contrast(getComputedStyle(name).fill, getComputedStyle(cell).fill),
                  px: parseFloat(getComputedStyle(name).fontSize) * scale };
              });
            }""")
            assert len(names) == 156
            worst = min(names, key=lambda n: n["ratio"])
            assert worst["ratio"] >= 4.5, worst
            assert min(n["px"] for n in names) >= 8.5, names[0]
            doors = page.evaluate("""[...document.querySelectorAll("svg.board .door")]
              .map((door) => {
                const frame = door.querySelector(".door__frame").getBoundingClientRect();
                const sign = door.querySelector(".door__label").getBBox();
                const m = door.querySelector(".door__label").getScreenCTM();
                return { text: door.textContent, frame: [frame.left, frame.right],
                  sign: [m.a * sign.x + m.e, m.a * (sign.x + sign.width) + m.e],
                  px: m.a * parseFloat(getComputedStyle(door.querySelector(".door__label"))
                    .fontSize) };
              })""")
            assert len(doors) == 2
            for door in doors:
                (left, right), (start, end) = door["frame"], door["sign"]
                assert left < start and end < right, f"{language}: {door}"
                assert door["px"] >= 10, f"{language}: {door}"
            page.locator("svg.board").screenshot(
                path=str(artifacts_dir / f"layout-board-{language}.png"))
        finally:
            context.close()


def test_the_lobby_clears_its_form_once_a_game_is_made(page: Page, service: LiveService
                                                       ) -> None:
    page.goto(service.url)
    form = page.locator("#lobby form.create")
    names = form.locator("[name=name]")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bob")
    form.get_by_label("What to call the game (optional)").fill("Friday night")
    form.get_by_role("button", name="Create the game").click()
    expect(page.locator(".created-game")).to_have_count(1)
    first = page.locator(".created-game input.link").evaluate_all("bs => bs.map(b => b.value)")
    expect(names).to_have_count(2)
    expect(names.nth(0)).to_have_value("")
    expect(names.nth(1)).to_have_value("")
    expect(form.get_by_label("What to call the game (optional)")).to_have_value("")

    # A second Create makes no second game: the form asks for names, the links stay.
    form.get_by_role("button", name="Create the game").click()
    expect(page.locator("#alert")).to_contain_text("Seat 1: give the player's name")
    expect(page.locator(".created-game")).to_have_count(1)
    # A second game, made on purpose, shows its links above the first game's.
    names.nth(0).fill("Cleo")
    names.nth(1).fill("Dan")
    form.get_by_role("button", name="Create the game").click()
    expect(page.locator(".created-game")).to_have_count(2)
    kept = page.locator(".created-game").nth(1).locator("input.link")
    assert kept.evaluate_all("bs => bs.map(b => b.value)") == first


def test_no_nudge_for_the_computer_and_the_deadline_said_once(
    context: BrowserContext, service: LiveService, size: str
) -> None:
    # No worker runs here: the computer's move waits, so the computer stays to move.
    with_computer = create(service, [{"computer": "easy"}, {"name": "Bob"}])
    for link in (with_computer["seats"][1]["link"], with_computer["creator_link"]):
        page = open_game(context, link)
        expect(page.locator("#pace .pace-clock")).to_contain_text("left for this move")
        expect(page.locator(".pace-nudge")).to_have_count(0)
        expect(page.locator(".pace-nudged")).to_have_count(0)
        page.close()

    people = create(service)
    bob = open_game(context, people["seats"][1]["link"])
    expect(bob.locator(".pace-nudge")).to_have_text("Nudge \u2068Ann\u2069 (green)")
    # The deadline once, as the time left; the facts under the title do not say it again.
    side = bob.locator("#side").inner_text()
    assert side.count("left for this move") == 1, side
    assert "has until" not in side, side


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_missed_deadlines_field_shows_its_placeholder_whole(
    browser: Browser, service: LiveService, language: str
) -> None:
    created = create(service)
    context = browser.new_context(viewport=SIZES["390"], locale=language)  # type: ignore[arg-type]
    try:
        page = open_game(context, created["creator_link"])
        field = page.locator("#missed-limit")
        expect(field).to_be_visible()
        # The placeholder's width in the field's font, against the room for text (the field
        # less its padding, its border and the spin buttons' column).
        room, needed = field.evaluate("""(input) => {
          const s = getComputedStyle(input);
          const g = document.createElement("canvas").getContext("2d");
          g.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
          const spin = 16;
          return [input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)
            - spin, g.measureText(input.placeholder).width];
        }""")
        assert field.get_attribute("placeholder")
        assert needed <= room, f"{language}: the placeholder needs {needed} px, has {room}"
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_polish_header_keeps_each_link_on_one_line(
    browser: Browser, service: LiveService, size: str
) -> None:
    context = browser.new_context(viewport=SIZES[size], locale="pl")  # type: ignore[arg-type]
    try:
        page = context.new_page()
        page.goto(service.url)
        expect(page.locator("header nav a").first).to_have_text("Gra podstawowa")
        lines = page.locator("header nav a").evaluate_all(
            "links => links.map(a => [a.textContent, a.getClientRects().length])")
        assert len(lines) == 6
        broken = [text for text, count in lines if count != 1]
        assert not broken, f"broken across lines: {broken}"
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    finally:
        context.close()
