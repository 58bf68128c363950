"""The web page's demo in real Chromium: the board, choosing a move, the monster's replay.

The page is served as static files from ``web/``; its data are the engine-made files in
``web/demo/`` (``web/tests/make_fixtures.py``), which the tests read too, so they follow
whatever position the fixtures hold.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.static_site import StaticSite

WEB = Path(__file__).resolve().parents[2] / "web"
DEMOS = ("basic", "experienced", "placement", "monster", "game")
DIRECTIONS = {"N": "north", "E": "east", "S": "south", "W": "west"}
ARROW_KEYS = {"N": "ArrowUp", "E": "ArrowRight", "S": "ArrowDown", "W": "ArrowLeft"}


def demo(name: str) -> dict:
    """Return the data the demo page shows."""
    return json.loads((WEB / "demo" / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def site() -> Iterator[StaticSite]:
    """Serve ``web/`` for the module's tests."""
    with StaticSite(WEB) as server:
        yield server


def movable_figure(view: dict) -> tuple[dict, dict[str, list[dict]]]:
    """Return the figure on the board with the most moves ending on one square, and its moves
    by destination."""
    best = None
    for figure in view["legal"]["figures"]:
        if figure["where"] == "outside":
            continue
        ends: dict[str, list[dict]] = {}
        for move in figure["moves"]:
            ends.setdefault(move["to"], []).append(move)
        most = max((len(m) for m in ends.values()), default=0)
        if best is None or most > best[0]:
            best = (most, figure, ends)
    assert best is not None and best[0] > 1, "the demo shows a choice among pushes"
    return best[1], best[2]


def open_demo(page: Page, site: StaticSite, name: str) -> list[str]:
    """Open a demo; return the list the page's errors will be collected in."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{site.url}?demo={name}")
    expect(page.locator("svg.board")).to_be_visible()
    return errors


@pytest.mark.parametrize("name", DEMOS)
def test_it_draws_each_demo_on_a_board_of_156_cells_without_errors(
    page: Page, site: StaticSite, name: str
) -> None:
    errors = open_demo(page, site, name)
    expect(page.locator("svg.board rect[data-cell]")).to_have_count(156)
    expect(page.locator("svg.board .monster")).to_have_count(1)
    assert errors == []


def test_it_shows_the_destinations_of_a_clicked_figure_and_sends_a_chosen_move(
    page: Page, site: StaticSite, artifacts_dir: Path
) -> None:
    figure, ends = movable_figure(demo("basic")["view"])
    open_demo(page, site, "basic")

    page.click(f'rect[data-cell="{figure["where"]}"]')
    expect(page.locator(".hl-destination")).to_have_count(len(ends))
    expect(page.locator(".hl-selected")).to_have_count(1)
    square, moves = max(ends.items(), key=lambda item: len(item[1]))
    expect(page.locator(f'rect[data-cell="{square}"]')).to_have_attribute(
        "aria-label", re.compile(rf"^{square}: .*; a destination, {len(moves)} ways to push$"))
    screenshot = artifacts_dir / "web-demo-destinations.png"
    page.screenshot(path=str(screenshot))

    page.click(f'rect[data-cell="{square}"]')
    choices = page.locator(".choices button")
    expect(choices).to_have_count(len(moves))
    expect(page.locator("button.primary")).to_have_count(0)
    choices.nth(1).click()
    expect(page.locator(".hl-push")).to_have_count(
        sum(1 for p in moves[1]["pushes"] if p["to"] is not None))
    page.screenshot(path=str(artifacts_dir / "web-demo-preview.png"))
    page.click("button.primary")
    sent = {"type": "move", "figure": figure["figure"], "path": moves[1]["path"]}
    expect(page.locator("#sent")).to_contain_text(json.dumps(sent, separators=(",", ":")))
    expect(page.locator(".hl-destination")).to_have_count(0)
    assert screenshot.stat().st_size > 0


def test_it_can_be_played_with_the_keyboard(page: Page, site: StaticSite) -> None:
    figure, _ = movable_figure(demo("basic")["view"])
    open_demo(page, site, "basic")
    expect(page.locator('rect[data-cell][tabindex="0"]')).to_have_count(1)

    page.locator('rect[data-cell="p11"]').focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    focused = page.evaluate("document.activeElement.dataset.cell")
    assert focused == "o10"
    expect(page.locator('rect[data-cell="o10"]')).to_have_attribute("tabindex", "0")

    page.locator(f'rect[data-cell="{figure["where"]}"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(".hl-selected")).to_have_count(1)
    name = f"{figure['figure'][:-1]} {figure['figure'][-1]} showing {figure['shows']}"
    expect(page.locator(f'rect[data-cell="{figure["where"]}"]')).to_have_attribute(
        "aria-label", re.compile(rf"^{figure['where']}: {name}; selected"))
    step = next(m["path"] for m in figure["moves"] if m["path"] in ARROW_KEYS)
    page.keyboard.press(ARROW_KEYS[step])
    page.keyboard.press("Enter")
    expect(page.locator(".hl-chosen")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(".hl-selected")).to_have_count(0)


def test_it_plays_the_monster_phase_and_skips_to_its_end(
    page: Page, site: StaticSite, artifacts_dir: Path
) -> None:
    data = demo("monster")
    open_demo(page, site, "monster")
    expect(page.locator(".caption")).to_have_text("The figures have moved; the monster's turn.")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator(".caption")).to_contain_text("The monster draws", timeout=5000)
    page.get_by_role("button", name="Pause").click()
    page.get_by_role("button", name="Skip to the end").click()
    counter = page.locator(".counter")
    expect(counter).to_have_text(re.compile(r"^Step (\d+) of \1$"))
    done = next(e for e in data["events"] if e["type"] == "monster_done")
    square = done["square"]
    expect(page.locator(f'rect[data-cell="{square}"]')).to_have_attribute(
        "aria-label", re.compile(rf"^{square}: the monster facing {DIRECTIONS[done['facing']]}"))
    page.screenshot(path=str(artifacts_dir / "web-demo-monster.png"))
    # Back past the frames after the stop, one for each event (the next turn, or the end of
    # a stage and of the game).
    for _ in data["events"][data["events"].index(done) + 1:]:
        page.get_by_role("button", name="One step back").click()
    expect(page.locator(".caption")).to_contain_text("The monster stops on")


def test_a_step_that_uses_a_decision_links_to_the_rules_page(page: Page, site: StaticSite) -> None:
    # The demo's monster takes a teleporter: that frame's caption says why, with a link.
    events = demo("monster")["events"]
    assert any(e["type"] == "teleport" for e in events), "the demo's monster takes a teleporter"
    open_demo(page, site, "monster")
    why = page.locator('.caption a[href="/rules?lang=en#teleport"]', has_text="why?")
    for _ in events:
        if why.count():
            break
        page.get_by_role("button", name="One step on").click()
    expect(why).to_have_count(1)
    expect(page.locator(".caption")).to_contain_text("teleport")
    page.goto(f"{site.url}rules.html#teleport")
    expect(page.locator("section#teleport h3")).to_contain_text("Looking after a teleporter")
