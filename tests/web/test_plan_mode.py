"""Plan mode on the game page, in real Chromium against the real service: Bob plans two moves
on the board while it is Ann's move, ticks "or flip" and saves; Ann moves through the API;
the worker's plan job (run in process) plays Bob's first line, and Bob's page shows it played
with the second line still planned. Screenshots at desktop and phone sizes go to
``artifacts_dir``; the phone's page does not scroll sideways.
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
from service.features.plans.matching import Line, PlanInput, next_step, plan_lines, plannable
from service.kernel.models import Game
from service.kernel.store import load_state
from service.plumbing.extensions import db
from tests.live.helpers import HttpGame, make_game
from tests.plans.helpers import run_plan_jobs
from tests.support.live_service import LiveService
from tests.web.test_game_page import pick_move

SIZES = {"desktop": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app, page and API, on a fresh database for the test."""
    with LiveService(tmp_path) as live:
        yield live


def state_of(service: LiveService, game: HttpGame) -> engine.GameState:
    with service.app.app_context():
        row = db.session.get(Game, game.id)
        assert row is not None
        state = load_state(row)
        db.session.rollback()
    assert state is not None
    return state


def plain_moves(figure: dict[str, Any]) -> list[dict[str, Any]]:
    """The figure's moves onto the board that push nothing, simplest first."""
    return sorted((m for m in figure["moves"] if m["to"] != "out" and not m["pushes"]),
                  key=lambda m: (len(m["path"]), m["path"]))


def two_lines(state: engine.GameState) -> list[dict[str, Any]]:
    """Two moves of Bob's (seat 1), of two figures, the second the same on the board as it
    is (which the page offers before saving) and after the first."""
    now = [m for f in plannable(state, 1, [])["figures"] for m in plain_moves(f)]
    first = now[0]
    line = Line(engine.Move(engine.FigureId.parse(first["figure"]), first["path"]))
    second = next(m for f in plannable(state, 1, [line])["figures"] for m in plain_moves(f)
                  if m in now and m["to"] != first["to"])
    return [first, second]


def ann_move_that_keeps(state: engine.GameState, planned: dict[str, Any]) -> dict[str, Any]:
    """A move of Ann's (seat 0) after which Bob's planned move still does what he planned."""
    lines = plan_lines(state, 1, [PlanInput(action={"type": "move", "figure": planned["figure"],
                                                   "path": planned["path"]})])
    for figure in engine.legal_actions(state)["figures"]:
        for move in figure["moves"]:
            action = engine.action_from_dict({"type": "move", "figure": move["figure"],
                                              "path": move["path"]})
            after = engine.apply_action(state, action, 0).state
            if next_step(after, 1, lines, False).action == lines[0].action:
                return move
    raise AssertionError("no move of Ann's keeps Bob's plan")


def plan_on_page(page: Page, move: dict[str, Any], plan: dict[str, Any]) -> None:
    pick_move(page, {"position": {"legal": plan["legal"]}}, move)
    page.get_by_role("button", name="Add to plan", exact=True).click()


@pytest.mark.parametrize("size", ["desktop", "390"])
def test_bob_plans_two_moves_out_of_turn_and_sees_the_first_played(
        browser: Browser, service: LiveService, artifacts_dir: Path, size: str) -> None:
    game = make_game(service.url)
    bob_token = game.seats[1]
    bob = browser.new_context(viewport=SIZES[size]).new_page()
    errors: list[str] = []
    bob.on("pageerror", lambda error: errors.append(str(error)))
    try:
        bob.goto(f"{service.url}play/{game.id}#t={bob_token}")
        expect(bob.locator("#title .turn")).to_contain_text("is to move")
        bob.get_by_label("Plan my moves").click()  # the panel is drawn anew: no check()
        expect(bob.get_by_label("Plan my moves")).to_be_checked()
        expect(bob.locator("#actions h2")).to_have_text("Plan your moves")

        state = state_of(service, game)
        first, second = two_lines(state)
        plan = requests.get(game.url("/plan"), timeout=10,
                            headers={"Authorization": f"Bearer {bob_token}"}).json()
        plan_on_page(bob, first, plan)
        expect(bob.locator("#plan .plan-line")).to_have_count(1)
        plan_on_page(bob, second, plan)
        expect(bob.locator("#plan .plan-line")).to_have_count(2)
        bob.locator("#plan-or-flip-0").click()
        expect(bob.locator("#plan-or-flip-0")).to_be_checked()
        expect(bob.locator("#plan .plan-saved")).to_have_text("Not saved yet.")
        bob.get_by_role("button", name="Save plan").click()
        expect(bob.locator("#plan .plan-saved")).to_have_text("Saved.")
        saved = requests.get(game.url("/plan"), timeout=10,
                             headers={"Authorization": f"Bearer {bob_token}"}).json()
        assert [line["action"]["path"] for line in saved["lines"]] == [
            first["path"], second["path"]]
        assert [line["or_flip"] for line in saved["lines"]] == [True, False]

        ann = ann_move_that_keeps(state, first)
        version = game.read()["version"]
        response = requests.post(game.url("/actions"), timeout=10,
                                 headers={"Authorization": f"Bearer {game.seats[0]}"},
                                 json={"expected_version": version,
                                       "action": {"type": "move", "figure": ann["figure"],
                                                  "path": ann["path"]}})
        assert response.status_code == 201, response.text
        assert run_plan_jobs(service.app) == 1
        assert game.read()["version"] == version + 2  # Ann's move, then Bob's first line

        name = engine.FigureId.parse(first["figure"])
        expect(bob.locator(f'rect[data-cell="{first["to"]}"]')).to_have_attribute(
            "aria-label", re.compile(rf"^{first['to']}: {name.colour} {name.number} "))
        expect(bob.locator("#plan .plan-line")).to_have_count(1)
        expect(bob.locator("#plan .plan-line")).to_contain_text(second["to"])
        bob.screenshot(path=str(artifacts_dir / f"web-plan-{size}.png"), full_page=True)
        width, inner = bob.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width <= inner, f"the page is {width} px wide in a {inner} px window"
        assert errors == []
    finally:
        bob.context.close()
