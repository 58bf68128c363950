"""The game page keeps up with the game, in real Chromium against the real service: a plan
another player's move stopped shows at once; the creator's host tools follow a seat its
player took back; a paused game offers no move; the log tells pauses and computer seats in
sentences, in the reader's language; during a monster replay only the seat to move reads
"Your move".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, Page, expect

import engine
from service.features.plans.matching import PlanInput, next_step, plan_lines, plannable
from tests.live.helpers import HttpGame, bearer, make_game
from tests.plans.helpers import run_plan_jobs
from tests.service.helpers import run_monster_jobs
from tests.support.live_service import LiveService
from tests.web.test_game_page import pick_move
from tests.web.test_plan_mode import plain_moves, plan_on_page, state_of

SIZES = {"desktop": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app, page and API, on a fresh database for the test."""
    with LiveService(tmp_path) as live:
        yield live


ERRORS: dict[Page, list[str]] = {}
"""The script errors of each page a test opened."""


def open_page(browser: Browser, service: LiveService, game: HttpGame, token: str,
              size: str = "desktop", locale: str = "en-GB") -> Page:
    """Open the game's page with ``token``, its script errors noted in ``ERRORS``."""
    page = browser.new_context(viewport=SIZES[size], locale=locale).new_page()
    errors = ERRORS.setdefault(page, [])
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{service.url}play/{game.id}#t={token}")
    return page


def post(game: HttpGame, path: str, token: str, **body: Any) -> dict[str, Any]:
    response = requests.post(game.url(path), timeout=10, headers=bearer(token), json=body)
    assert response.status_code in (200, 201), response.text
    return response.json()


def a_plan_ann_breaks(state: engine.GameState) -> tuple[dict[str, Any], dict[str, Any]]:
    """A move Bob (seat 1) may plan now, and a move of Ann's (seat 0) after which it no longer
    does what he planned: his plan stops when his turn comes."""
    for figure in plannable(state, 1, [])["figures"]:
        for planned in plain_moves(figure):
            lines = plan_lines(state, 1, [PlanInput(action={
                "type": "move", "figure": planned["figure"], "path": planned["path"]})])
            for theirs in engine.legal_actions(state)["figures"]:
                for move in theirs["moves"]:
                    action = engine.action_from_dict({"type": "move", "figure": move["figure"],
                                                      "path": move["path"]})
                    after = engine.apply_action(state, action, 0).state
                    if next_step(after, 1, lines, False).action is None:
                        return planned, move
    raise AssertionError("no move of Ann's stops a plan of Bob's")


def test_a_plan_that_another_move_stopped_shows_at_once(
        browser: Browser, service: LiveService) -> None:
    game = make_game(service.url)
    bob = open_page(browser, service, game, game.seats[1])
    try:
        expect(bob.locator("#title .turn")).to_contain_text("is to move")
        bob.get_by_label("Plan my moves").click()
        expect(bob.locator("#actions h2")).to_have_text("Plan your moves")
        planned, breaking = a_plan_ann_breaks(state_of(service, game))
        plan = requests.get(game.url("/plan"), timeout=10, headers=bearer(game.seats[1])).json()
        plan_on_page(bob, planned, plan)
        # Like a premove: the planned move's arrow and end, the figure drawn where it ends.
        name = engine.FigureId.parse(planned["figure"])
        end = bob.locator(f'rect[data-cell="{planned["to"]}"]')
        expect(bob.locator(".hl-plan-end")).to_have_count(1)
        expect(end).to_have_attribute("aria-label", re.compile(
            rf"^{planned['to']}: {name.colour} {name.number} .*is planned to end here"))
        bob.get_by_role("button", name="Save plan").click()
        expect(bob.locator("#plan .plan-saved")).to_have_text("Saved.")

        logged = bob.locator("#log li").count()
        post(game, "/actions", game.seats[0], expected_version=game.read()["version"],
             action={"type": "move", "figure": breaking["figure"], "path": breaking["path"]})
        # The page reads the game and the plan, still saved, before the worker comes to it.
        expect(bob.locator("#log li")).to_have_count(logged + 1)
        # Ann's move is marked: it came in from outside, so only its end.
        expect(bob.locator(f'rect[data-cell="{breaking["to"]}"]')).to_have_attribute(
            "aria-label", re.compile("the last move ended here"))
        expect(bob.locator("#plan .plan-saved")).to_have_text("Saved.")
        bob.wait_for_timeout(500)
        run_plan_jobs(service.app)
        stopped = requests.get(game.url("/plan"), timeout=10,
                               headers=bearer(game.seats[1])).json()["stopped"]
        assert stopped
        # No reload: the stop reaches the page through its live stream.
        expect(bob.locator("#plan .plan-stopped")).to_have_text(stopped)
        expect(bob.locator("#plan .plan-saved")).to_have_count(0)
        assert ERRORS[bob] == []
    finally:
        bob.context.close()


def test_a_paused_game_offers_no_move_and_the_log_says_so_in_words(
        browser: Browser, service: LiveService) -> None:
    game = make_game(service.url)
    view = game.read(game.seats[0])
    figure = view["position"]["legal"]["figures"][0]
    ann = open_page(browser, service, game, game.seats[0])
    watcher = open_page(browser, service, game, game.spectator, locale="de-DE")
    try:
        expect(ann.locator("#actions h2")).to_have_text("Your move")
        expect(watcher.locator("#title .turn")).to_be_visible()
        ann.wait_for_timeout(1500)  # the streams open
        post(game, "/pause", game.creator)
        expect(ann.locator("#title .turn")).to_contain_text("paused")
        expect(ann.locator("#actions h2")).to_have_count(0)
        ann.locator(f'[data-figure="{figure["figure"]}"]').click()
        expect(ann.locator(".hl-destination")).to_have_count(0)
        expect(ann.locator("#log")).to_contain_text("The game was paused.")
        expect(watcher.locator("#log")).to_contain_text("Das Spiel wurde pausiert.")
        for page in (ann, watcher):
            expect(page.locator("#log")).not_to_contain_text("paused:")
            expect(page.locator("#log")).not_to_contain_text(": paused")

        post(game, "/resume", game.creator)
        expect(ann.locator("#log")).to_contain_text("The game was resumed.")
        expect(ann.locator("#actions h2")).to_have_text("Your move")
        pick_move(ann, view, figure["moves"][0])
        assert ERRORS[ann] == [] and ERRORS[watcher] == []
    finally:
        ann.context.close()
        watcher.context.close()


def test_the_creator_s_page_follows_a_seat_its_player_took_back(
        browser: Browser, service: LiveService) -> None:
    game = make_game(service.url)
    creator = open_page(browser, service, game, game.creator)
    try:
        tools = creator.locator(".host-tools")
        tools.get_by_label("Who plays seat 2 (Bob (red))").select_option(
            label="the computer (hard)")
        taken = tools.get_by_label("Who plays seat 2 (Bob (red, computer: hard))")
        expect(taken).to_have_value("hard")
        expect(creator.locator("#log")).to_contain_text(
            "The creator handed the seat of \u2068Bob\u2069 (red) to the computer (hard).")

        response = requests.delete(game.url("/seats/1/computer"), timeout=10,
                                   headers=bearer(game.seats[1]))
        assert response.status_code == 200, response.text
        # No reload: the host tools follow what the live stream brings.
        expect(tools.get_by_label("Who plays seat 2 (Bob (red))")).to_have_value("")
        expect(creator.locator("#log")).to_contain_text(
            "\u2068Bob\u2069 (red) took the seat back from the computer.")
        expect(creator.locator("#log")).not_to_contain_text("computer_seat")

        post(game, "/pause", game.creator)
        expect(tools.get_by_role("button", name="Resume the game")).to_be_visible()
        assert ERRORS[creator] == []
    finally:
        creator.context.close()


def test_during_a_monster_replay_only_the_seat_to_move_reads_your_move(
        browser: Browser, service: LiveService) -> None:
    game = make_game(service.url)
    pages = [open_page(browser, service, game, token) for token in game.seats]
    try:
        for page in pages:
            expect(page.locator("#title .turn")).to_be_visible()
        while game.read()["phase"] == "figures":
            game.play_one()
        assert run_monster_jobs(service.app) == 1
        to_move = game.read()["to_move"]
        for seat, page in enumerate(pages):
            expect(page.locator("#replay h2")).to_have_text("The monster's turn")
            expect(page.locator("#actions h2")).to_have_text(
                "Your move" if seat == to_move else "A replay")
    finally:
        for page in pages:
            page.context.close()


IN_SIGHT = """() => {
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1
    && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  const bar = document.querySelector("#replay").getBoundingClientRect();
  const pan = document.querySelector(".board-pan").getBoundingClientRect();
  const monster = document.querySelector("svg.board .monster").getBoundingClientRect();
  const above = { ...screen, bottom: bar.top };
  const back = [...document.querySelectorAll("#replay button")]
    .find((b) => b.textContent === "Back to the game").getBoundingClientRect();
  const caption = document.querySelector("#replay .caption").getBoundingClientRect();
  return { monster: inside(monster, pan) && inside(monster, above),
    back: inside(back, screen), caption: inside(caption, screen),
    wide: document.documentElement.scrollWidth <= innerWidth };
}"""


def test_on_a_phone_the_monster_replay_fits_and_the_board_follows_the_monster(
        browser: Browser, service: LiveService, artifacts_dir: Path) -> None:
    game = make_game(service.url)
    bob = open_page(browser, service, game, game.seats[1], size="390")
    try:
        expect(bob.locator("#title .turn")).to_be_visible()
        while game.read()["phase"] == "figures":
            game.play_one()
        assert run_monster_jobs(service.app) == 1
        expect(bob.locator("#replay h2")).to_have_text("The monster's turn")
        bob.get_by_role("button", name="Play again from the start").click()
        bob.get_by_role("button", name="Pause").click()  # then step by step, from the first
        counter = bob.locator("#replay .counter")
        expect(counter).to_contain_text("Step 1 of")
        steps = int(counter.inner_text().rsplit(" ", 1)[1])
        for step in range(1, steps):
            bob.wait_for_timeout(700)  # the monster glides, the frame pans
            seen = bob.evaluate(IN_SIGHT)
            assert seen == {"monster": True, "back": True, "caption": True, "wide": True}, (
                f"step {step} of {steps}: {seen}")
            if step == steps // 2:
                bob.screenshot(path=str(artifacts_dir / "web-replay-390.png"))
            bob.get_by_role("button", name="One step on").click()
        bob.get_by_role("button", name="Stop the replay and show the game as it is now").click()
        expect(bob.locator("#replay .counter")).to_contain_text(f"Step {steps} of {steps}")
        assert ERRORS[bob] == []
    finally:
        bob.context.close()


def test_a_log_line_opens_the_step_through_there_and_its_link_opens_it_again(
        browser: Browser, service: LiveService) -> None:
    game = make_game(service.url)
    played = [game.play_one() for _ in range(3)]
    events = requests.get(game.url("/events"), timeout=10,
                          headers=bearer(game.spectator)).json()["items"]
    third = next(i["event"] for i in events
                 if i["action_seq"] == 3 and i["event"]["type"] == "move")
    name = engine.FigureId.parse(third["figure"])
    where = f'rect[data-cell="{third["to"]}"]'
    standing = re.compile(rf"^{third['to']}: {name.colour} {name.number} ")
    ann = open_page(browser, service, game, game.seats[0])
    try:
        expect(ann.locator(where)).to_have_attribute("aria-label", standing)
        line = ann.locator("#log li a.log__at").nth(1)
        line.click()
        expect(ann.locator("#replay h2")).to_have_text("The whole game")
        version = played[1]["version"]
        assert ann.url.endswith(f"&v={version}")
        assert line.get_attribute("href") == ann.url
        # The board is the game after the second action: the third's figure is not there yet.
        expect(ann.locator(where)).not_to_have_attribute("aria-label", standing)
        counter = ann.locator("#replay .counter")
        expect(counter).not_to_have_text("")
        at = counter.inner_text()
        assert not at.startswith("Step 1 of"), at
        ann.wait_for_timeout(1500)  # paused there: it does not play on
        expect(counter).to_have_text(at)

        # The link opens the same position for another reader of the game.
        spectator = browser.new_context(viewport=SIZES["desktop"]).new_page()
        spectator.goto(f"{service.url}play/{game.id}#t={game.spectator}&v={version}")
        expect(spectator.locator("#replay h2")).to_have_text("The whole game")
        expect(spectator.locator("#replay .counter")).to_have_text(at)
        expect(spectator.locator(where)).not_to_have_attribute("aria-label", standing)
        spectator.context.close()
        assert ERRORS[ann] == []
    finally:
        ann.context.close()
