"""Comfort and access on the game page, in real Chromium against the real service, at a
desktop's size (1280×800) and a phone's (390×844).

Each test measures what a player meets: no sideways scrolling, squares big enough to tap with
Send beside the board, a keyboard's focus ring inside its square (compared pixel by pixel),
a Tab order of only what the viewer may choose, errors in players' words that replace each
other, a status instead of "your move" for those who only watch, and the turn signals (the
tab's title, its icon, a browser notification). Screenshots go to ``artifacts_dir``.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support.live_service import LiveService
from tests.web.test_game_page import (
    API,
    TURN_PROMPT,
    WAIT_MS,
    a_move,
    isolated,
    pick_move,
    read,
    watch_errors,
)

SIZES = {"desktop": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}
MIN_SQUARE_PX = 32
YOUR_MOVE = "(Your move) "
BROKEN_LINK = re.compile(r"^This link does not open a game: it may be incomplete or replaced\. "
                         r"Ask the game's creator for a new link, or use "
                         r"\"Lost your link to a game\?\"")
TECHNICAL = re.compile(r"Bearer|Authorization|token|header|Idempotency|version \d", re.I)

# The tab in the background and the notifications the page sends, seen from the test. The
# page's own code runs unchanged: it reads document.hidden and constructs a Notification.
SPY = """
(() => {
  window.__hidden = false;
  Object.defineProperty(Document.prototype, "hidden", { get: () => window.__hidden });
  window.__notes = [];
  if (window.Notification) {
    const Real = window.Notification;
    window.Notification = class extends Real {
      constructor(title, options = {}) {
        window.__notes.push([title, options.body]);
        super(title, options);
      }
    };
  }
})();
"""

# What changed between two screenshots of the same clip: the box around the pixels that differ.
DIFF_BOX = """async ([before, after]) => {
  const load = (b64) => new Promise((done) => {
    const img = new Image();
    img.onload = () => done(img);
    img.src = "data:image/png;base64," + b64;
  });
  const pixels = (img) => {
    const canvas = document.createElement("canvas");
    canvas.width = img.width;
    canvas.height = img.height;
    const g = canvas.getContext("2d");
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, img.width, img.height).data;
  };
  const [a, b] = await Promise.all([load(before), load(after)]);
  const [pa, pb] = [pixels(a), pixels(b)];
  let box = null;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = 4 * (y * a.width + x);
      const d = Math.abs(pa[i] - pb[i]) + Math.abs(pa[i + 1] - pb[i + 1])
        + Math.abs(pa[i + 2] - pb[i + 2]);
      if (d > 24) {
        box = box ?? { left: x, top: y, right: x, bottom: y };
        box.left = Math.min(box.left, x); box.right = Math.max(box.right, x);
        box.top = Math.min(box.top, y); box.bottom = Math.max(box.bottom, y);
      }
    }
  }
  return box;
}"""


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


def create_game(service: LiveService) -> dict[str, Any]:
    """Create a basic game of Ann (to move, with an email) and Bob; return the API's answer."""
    response = requests.post(f"{service.url}{API}", timeout=10, json={
        "seats": [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}],
        "start_seat": 0})
    response.raise_for_status()
    return response.json()


def open_page(context: BrowserContext, link: str) -> Page:
    """Open a game's link in a new tab of the context and wait for the board."""
    page = context.new_page()
    page.goto(link)
    expect(page.locator("svg.board .monster")).to_have_count(1)
    return page


def box(page: Page, selector: str) -> dict[str, float]:
    """Return an element's box on screen."""
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def scroll_width(page: Page) -> tuple[int, int]:
    """Return the page's scrolling width and the window's inner width."""
    return page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")


def on_screen(page: Page, found: dict[str, float]) -> bool:
    """Whether a box is wholly inside the window as it is scrolled now."""
    width, height = page.evaluate("[window.innerWidth, window.innerHeight]")
    return (found["x"] >= 0 and found["y"] >= 0 and found["x"] + found["width"] <= width
            and found["y"] + found["height"] <= height)


def test_the_page_fits_its_width_and_its_squares_can_be_tapped(
    context: BrowserContext, service: LiveService, size: str, artifacts_dir: Path
) -> None:
    created = create_game(service)
    game_id = created["game"]["id"]
    ann_link = created["seats"][0]["link"]
    # A seat's page has the email drop-down that overflowed; the creator's, the webhooks.
    for link, last in ((ann_link, "#settings h2"), (created["spectator_link"], "#title .turn"),
                       (created["creator_link"], "#settings h2")):
        page = open_page(context, link)
        expect(page.locator(last).last).to_be_visible()  # the panels are drawn
        width, inner = scroll_width(page)
        assert width <= inner, f"{link}: the page is {width} px wide in a {inner} px window"
        page.close()
    lobby = context.new_page()
    lobby.goto(service.url)
    expect(lobby.get_by_role("button", name="Create the game")).to_be_visible()
    width, inner = scroll_width(lobby)
    assert width <= inner, f"the lobby is {width} px wide in a {inner} px window"

    ann = open_page(context, ann_link)
    errors = watch_errors(ann)
    square = box(ann, 'rect[data-cell="h5"]')
    assert square["width"] >= MIN_SQUARE_PX, f"squares are {square['width']:.1f} px wide"
    view = read(service, game_id, created["seats"][0]["link"].split("#t=")[1])
    move = a_move(view)
    pick_move(ann, view, move)
    send = ann.get_by_role("button", name="Send", exact=True)
    expect(send).to_be_visible()
    # Send is on the screen together with the square the move goes to.
    destination = box(ann, f'rect[data-cell="{move["to"]}"]')
    assert on_screen(ann, destination), destination
    assert on_screen(ann, box(ann, "#actions button.primary")), "Send is off the screen"
    # and so are Flip and Cancel
    for button in ann.locator("#actions .buttons button").all():
        found = button.bounding_box()
        assert found is not None and on_screen(ann, found), button.text_content()
    width, inner = scroll_width(ann)
    assert width <= inner
    ann.screenshot(path=str(artifacts_dir / f"web-comfort-{size}.png"))

    zoom = ann.get_by_role("button", name="Bigger squares")
    if size == "390":
        # The squares are big and the board pans; without the zoom the whole board shows.
        expect(zoom).to_have_attribute("aria-pressed", "true")
        board = box(ann, "svg.board")
        assert board["width"] > SIZES[size]["width"], "zoomed, the board is wider than the screen"
        zoom.click()
        expect(zoom).to_have_attribute("aria-pressed", "false")
        assert box(ann, "svg.board")["width"] <= SIZES[size]["width"]
        assert box(ann, 'rect[data-cell="h5"]')["width"] < MIN_SQUARE_PX
        ann.screenshot(path=str(artifacts_dir / f"web-comfort-{size}-whole-board.png"))
        zoom.click()
        expect(zoom).to_have_attribute("aria-pressed", "true")
    else:
        expect(zoom).to_be_hidden()
    width, inner = scroll_width(ann)
    assert width <= inner
    assert errors == []


def test_a_keyboard_focus_ring_stays_inside_its_square(
    context: BrowserContext, service: LiveService, size: str, artifacts_dir: Path
) -> None:
    created = create_game(service)
    page = open_page(context, created["seats"][1]["link"])
    page.locator('rect[data-cell="h6"]').focus()
    page.keyboard.press("ArrowDown")  # by key, so the focus shows: h7
    cell = page.locator('rect[data-cell="h7"]')
    expect(cell).to_be_focused()
    cell.scroll_into_view_if_needed()
    square = box(page, 'rect[data-cell="h7"]')
    width, height = page.evaluate("[window.innerWidth, window.innerHeight]")
    side = square["width"]
    # Three squares around it on every side: the old outline covered seven by seven.
    left, top = max(0, square["x"] - 3 * side), max(0, square["y"] - 3 * side)
    clip = {"x": left, "y": top, "width": min(width - left, 7 * side),
            "height": min(height - top, 7 * side)}
    focused = base64.b64encode(page.screenshot(clip=clip)).decode()
    page.screenshot(path=str(artifacts_dir / f"web-comfort-focus-{size}.png"), clip=clip)
    page.evaluate("document.activeElement.blur()")
    unfocused = base64.b64encode(page.screenshot(clip=clip)).decode()
    drawn = page.evaluate(DIFF_BOX, [unfocused, focused])
    assert drawn is not None, "the focused square shows no focus ring"
    ring = {"left": clip["x"] + drawn["left"], "right": clip["x"] + drawn["right"] + 1,
            "top": clip["y"] + drawn["top"], "bottom": clip["y"] + drawn["bottom"] + 1}
    slack = 2
    assert ring["left"] >= square["x"] - slack and ring["top"] >= square["y"] - slack
    assert ring["right"] <= square["x"] + side + slack, (ring, square)
    assert ring["bottom"] <= square["y"] + square["height"] + slack, (ring, square)


def tab_stops(page: Page, count: int = 40) -> list[str]:
    """Press Tab from the top of the page and name each thing it stops on."""
    page.locator("header h1 a").focus()
    stops = []
    for _ in range(count):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("""() => {
          const e = document.activeElement;
          if (e.dataset.figure) return "figure " + e.dataset.figure;
          if (e.dataset.cell) return "cell";
          if (e.dataset.door) return "door";
          return e.tagName.toLowerCase();
        }"""))
    return stops


def test_tab_visits_only_what_the_viewer_may_choose(
    context: BrowserContext, service: LiveService, size: str
) -> None:
    created = create_game(service)
    game_id = created["game"]["id"]
    ann_token = created["seats"][0]["link"].split("#t=")[1]
    legal = read(service, game_id, ann_token)["position"]["legal"]["figures"]
    choosable = {f["figure"] for f in legal if f["where"] == "outside"}
    assert choosable and all(f.startswith("green") for f in choosable)

    ann = open_page(context, created["seats"][0]["link"])
    expect(ann.locator("#actions .prompt")).to_have_text(TURN_PROMPT)
    stops = tab_stops(ann)
    figures = {s.removeprefix("figure ") for s in stops if s.startswith("figure ")}
    assert figures == choosable, stops
    assert stops.count("cell") <= 2 and "svg" not in stops and "door" not in stops, stops

    for link in (created["seats"][1]["link"], created["spectator_link"]):
        watcher = open_page(context, link)
        expect(watcher.locator("#title .turn")).to_have_text(
            f"{isolated('Ann')} (green) is to move.")
        stops = tab_stops(watcher)
        assert not [s for s in stops if s.startswith("figure ")], stops
        assert "svg" not in stops and "door" not in stops, stops


def test_errors_are_in_players_words_and_a_new_one_replaces_the_old(
    context: BrowserContext, service: LiveService, size: str, artifacts_dir: Path
) -> None:
    created = create_game(service)
    game_id = created["game"]["id"]
    page = context.new_page()
    for broken in (f"play/{game_id}#t=not-the-token", f"play/{game_id}", f"play/{game_id}#t="):
        page.goto("about:blank")
        page.goto(service.url + broken)
        expect(page.get_by_role("alert")).to_have_text(BROKEN_LINK)
    page.screenshot(path=str(artifacts_dir / f"web-comfort-broken-link-{size}.png"))
    page.goto(f"{service.url}play/NoSuchGame00000000000#t=abc")
    expect(page.get_by_role("alert")).to_have_text(re.compile("^There is no game with this id"))

    ann_token = created["seats"][0]["link"].split("#t=")[1]
    page.goto(created["seats"][0]["link"])
    expect(page.locator("#actions .prompt")).to_have_text(TURN_PROMPT)
    view = read(service, game_id, ann_token)
    answers = iter([
        (500, "server/error", "Something went wrong on our side; please try again later."),
        (429, "rate/limited", "Too many requests; try again after the Retry-After delay."),
    ])

    def refuse(route: Any) -> None:
        status, code, message = next(answers)
        route.fulfill(status=status, json={"error": {"code": code, "message": message,
                                                     "details": {}}})

    page.route(f"**/{API}/{game_id}/actions", refuse)
    messages = page.locator("#alert, #notice")
    shown = page.locator("#alert:visible, #notice:visible")
    pick_move(page, view, a_move(view))
    page.get_by_role("button", name="Send", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text(
        "Not sent: Something went wrong on our side. Try again later.")
    page.get_by_role("button", name="Send", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text(
        "Not sent: Too many tries in a short time: wait a minute, then try again.")
    page.unroute(f"**/{API}/{game_id}/actions")
    # The game changes (the creator pauses it) and the page cannot read it: the notice
    # replaces the alert, it does not stand beside it.
    page.route(f"**/{API}/{game_id}", lambda route: route.abort("connectionrefused"))
    creator = {"Authorization": f"Bearer {created['creator_token']}"}
    assert requests.post(f"{service.url}{API}/{game_id}/pause", headers=creator,
                         timeout=10).status_code == 200
    notice = page.locator("#notice")
    expect(notice).to_contain_text("The page could not check for news", timeout=WAIT_MS)
    expect(page.locator("#alert")).to_be_hidden()
    expect(shown).to_have_count(1)
    for text in messages.all_text_contents():
        assert not TECHNICAL.search(text), text
    page.screenshot(path=str(artifacts_dir / f"web-comfort-errors-{size}.png"))
    page.unroute(f"**/{API}/{game_id}")
    assert requests.post(f"{service.url}{API}/{game_id}/resume", headers=creator,
                         timeout=10).status_code == 200
    expect(notice).to_be_hidden(timeout=WAIT_MS)
    expect(shown).to_have_count(0)


def test_spectators_and_the_creator_see_whose_move_it_is_not_your_move(
    context: BrowserContext, service: LiveService, size: str, artifacts_dir: Path
) -> None:
    created = create_game(service)
    pages = {who: open_page(context, link) for who, link in (
        ("ann", created["seats"][0]["link"]), ("bob", created["seats"][1]["link"]),
        ("spectator", created["spectator_link"]), ("creator", created["creator_link"]))}
    ann_to_move = f"{isolated('Ann')} (green) is to move."
    expect(pages["ann"].locator("#title .turn")).to_have_text("It is your move.")
    expect(pages["ann"].locator("#actions h2")).to_have_text("Your move")
    for who in ("bob", "spectator", "creator"):
        page = pages[who]
        expect(page.locator("#title .turn")).to_have_text(ann_to_move)
        expect(page.get_by_text(re.compile("your move", re.I))).to_have_count(0)
        expect(page.locator("#actions")).to_be_hidden()
        assert not page.title().startswith(YOUR_MOVE), (who, page.title())
    pages["spectator"].screenshot(path=str(artifacts_dir / f"web-comfort-spectator-{size}.png"))

    paused = requests.post(f"{service.url}{API}/{created['game']['id']}/pause", timeout=10,
                           headers={"Authorization": f"Bearer {created['creator_token']}"})
    assert paused.status_code == 200, paused.text
    for who in ("ann", "spectator", "creator"):
        expect(pages[who].locator("#title .turn")).to_have_text(
            re.compile("^The game is paused"), timeout=WAIT_MS)
        assert not pages[who].title().startswith(YOUR_MOVE), who


def favicon(page: Page) -> str:
    """Return the address of the page's icon."""
    return str(page.locator("link[rel~=icon]").get_attribute("href"))


def test_the_tab_and_a_notification_tell_the_player_it_became_their_move(
    context: BrowserContext, service: LiveService, size: str, artifacts_dir: Path
) -> None:
    created = create_game(service)
    game_id = created["game"]["id"]
    ann_token = created["seats"][0]["link"].split("#t=")[1]
    context.add_init_script(SPY)
    ann = open_page(context, created["seats"][0]["link"])
    bob = open_page(context, created["seats"][1]["link"])
    errors = watch_errors(ann) + watch_errors(bob)
    title = f"{created['game']['name']} — Ann, Bob · Fearsome Floors by mail"
    expect(ann).to_have_title(YOUR_MOVE + title)
    expect(bob).to_have_title(title)
    assert favicon(ann).startswith("data:image/png") and favicon(bob).startswith("data:image/png")
    assert favicon(ann) != favicon(bob), "the icon of a tab whose move it is has its badge"
    idle_icon = favicon(bob)

    # Bob allows notifications, with the button (the browser asks only on a click).
    ask = bob.get_by_role("button", name="Tell me when it is my move")
    expect(ask).to_be_visible()
    expect(ann.get_by_role("button", name="Tell me when it is my move")).to_be_visible()
    context.grant_permissions(["notifications"], origin=service.url.rstrip("/"))
    ask.click()
    expect(bob.locator("#signals")).to_have_text(
        "You get a browser notification when it becomes your move.")
    bob.screenshot(path=str(artifacts_dir / f"web-comfort-signals-{size}.png"))

    # Bob's tab goes to the background; Ann moves (through the API): Bob's page learns it.
    bob.evaluate("window.__hidden = true")
    view = read(service, game_id, ann_token)
    move = a_move(view)
    moved = requests.post(f"{service.url}{API}/{game_id}/actions", timeout=10,
                          headers={"Authorization": f"Bearer {ann_token}"},
                          json={"expected_version": view["version"], "action": {
                              "type": "move", "figure": move["figure"], "path": move["path"]}})
    assert moved.status_code == 201, moved.text
    expect(bob).to_have_title(re.compile("^" + re.escape(YOUR_MOVE)), timeout=WAIT_MS)
    expect(ann).to_have_title(title, timeout=WAIT_MS)
    assert favicon(bob) != idle_icon and favicon(ann) == idle_icon
    game_title = bob.locator("#title .game-title").text_content() or ""
    plain = game_title.replace("\u2068", "").replace("\u2069", "")
    assert bob.evaluate("window.__notes") == [["Your move", f"It is your move in {plain}."]]
    # Ann, looking at her tab, gets no notification (and never allowed them).
    assert ann.evaluate("window.__notes") == []
    assert errors == []
