"""The sandbox page, the monster preview and a seat's notes, in real Chromium against the real
service (docs/table.md): "Try it in a sandbox" from a game's page at the position its
permalink shows, opened in a new tab; there one person moves a seat, hands both seats to the
computer (which plays up to the monster's turn), chooses the monster's card and goes back in
the history, with the monster's walk for each card drawn on the board all along. A game made
in the lobby with the monster preview (and no takebacks) draws the walks after a move is
chosen, before Send. A seat's notes are saved, read back after a reload, and no one else's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, Page, expect

from tests.live.helpers import bearer, make_game
from tests.service.helpers import token_of
from tests.support.live_service import LiveService
from tests.web.test_game_page import a_move, isolated, pick_move, watch_errors

WAIT_MS = 15_000


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveService]:
    """Serve the app, page and API, on a fresh database for the module."""
    with LiveService(tmp_path_factory.mktemp("sandbox")) as live:
        yield live


def sandbox_of(service: LiveService, page: Page) -> dict[str, Any]:
    """The sandbox a sandbox page shows, read through the API with the page's token."""
    sandbox_id = page.url.split("/sandbox/")[1].split("#")[0]
    response = requests.get(f"{service.url}api/v1/sandboxes/{sandbox_id}", timeout=10,
                            headers=bearer(token_of(page.url)))
    response.raise_for_status()
    sandbox: dict[str, Any] = response.json()
    return sandbox


def test_a_sandbox_from_a_permalink_is_moved_handed_to_the_computer_and_taken_back(
        browser: Browser, service: LiveService, artifacts_dir: Path) -> None:
    game = make_game(service.url)
    game.play_one()
    game.play_one()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors = watch_errors(page)
        page.goto(f"{service.url}play/{game.id}#t={game.seats[0]}&v=1")
        expect(page.locator("#replay h2")).to_have_text("The whole game", timeout=WAIT_MS)
        with context.expect_page() as opened:
            page.get_by_role("button", name="Try it in a sandbox").click()
        tab = opened.value
        errors += watch_errors(tab)
        tab.wait_for_url(re.compile(r"/sandbox/[^/#]+#t=."))
        expect(page.get_by_role("link", name="Open the sandbox")).to_be_visible()
        history = tab.locator(".sandbox-history li")
        expect(history).to_have_count(2, timeout=WAIT_MS)  # the start and Ann's move: v=1
        sandbox = sandbox_of(service, tab)
        assert (sandbox["version"], sandbox["game_id"]) == (1, game.id)
        assert game.read()["version"] == 2, "the game itself is not touched"

        # The monster's walk for each card is listed and the chosen one drawn on the board.
        walks = tab.locator(".walks")
        expect(walks.locator(".walk-cards button")).to_have_count(len(sandbox["walks"]))
        expect(tab.locator(".layer--walks polyline").first).to_be_attached()
        card = sandbox["walks"][0]["card"]
        walks.locator(f'[data-card="{card}"]').click()
        expect(walks.locator(f'[data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
        expect(walks.locator(".walk-chosen")).to_have_text(re.compile(
            rf"^With {card} the monster ends on {sandbox['walks'][0]['square']} and eats "))

        # Bob's move, made on the board as on a game page.
        expect(tab.locator("#actions h2")).to_have_text(f"{isolated('Bob')} (red) to move")
        pick_move(tab, sandbox, a_move(sandbox))
        tab.get_by_role("button", name="Send", exact=True).click()
        expect(history).to_have_count(3)
        expect(history.last).to_contain_text(f"{isolated('Bob')} (red): red ")

        # The computer plays both seats up to the monster's turn, whose card is ours.
        tab.get_by_label(f"{isolated('Ann')} (green)", exact=True).select_option("easy")
        expect(tab.get_by_label(f"{isolated('Ann')} (green)", exact=True)).to_have_value("easy")
        tab.get_by_label(f"{isolated('Bob')} (red)", exact=True).select_option("easy")
        monster = tab.locator(".sandbox-monster")
        expect(monster.get_by_role("heading", name="Monster's turn")).to_be_visible(
            timeout=WAIT_MS)
        tab.screenshot(path=str(artifacts_dir / "web-sandbox-monster.png"), full_page=True)
        cards = sandbox_of(service, tab)["cards"]
        number = next(c for c in ("7", "8", "5", "10") if c in cards)
        monster.get_by_role("button", name=f"Turn up {number}", exact=True).click()
        expect(history.filter(has_text=f"The monster turns up {number}")).to_have_count(1)
        after = sandbox_of(service, tab)
        assert after["computer"] == {"0": "easy", "1": "easy"}

        # Back to Bob's move: what came after it is gone.
        history.nth(2).get_by_role("button", name=re.compile("^Go back here")).click()
        expect(history).to_have_count(3)
        expect(history.last).to_contain_text("(now)")
        assert sandbox_of(service, tab)["version"] == 2
        tab.screenshot(path=str(artifacts_dir / "web-sandbox-back.png"), full_page=True)
        assert errors == []
    finally:
        context.close()


def test_the_monster_preview_chosen_in_the_lobby_draws_the_walks_after_a_move_is_chosen(
        page: Page, service: LiveService, artifacts_dir: Path) -> None:
    errors = watch_errors(page)
    page.goto(service.url)
    form = page.locator("form.create")
    form.get_by_label("Name").nth(0).fill("Ann")
    form.get_by_label("Name").nth(1).fill("Bob")
    form.get_by_label("Start player").select_option(label="Seat 1")
    form.get_by_label("Takebacks").select_option("off")
    form.get_by_label(re.compile("Monster preview")).check()
    form.get_by_role("button", name="Create the game").click()
    link = page.locator('.created-game input[data-kind="seat"]').first.input_value()
    game_id = link.split("/play/")[1].split("#")[0]
    view = requests.get(f"{service.url}api/v1/games/{game_id}", timeout=10,
                        headers=bearer(token_of(link))).json()
    assert (view["monster_preview"], view["takebacks"]) == (True, "off")

    previews: list[dict[str, Any]] = []
    page.on("request", lambda r: previews.append(json.loads(r.post_data or "{}"))
            if r.url.endswith("/preview") else None)
    page.goto(link)
    expect(page.locator("#status")).to_contain_text("basic game, monster preview")
    preview = page.locator(".monster-preview")
    expect(preview).to_contain_text("from the board as it is", timeout=WAIT_MS)
    expect(page.locator(".layer--walks polyline").first).to_be_attached()
    move = a_move(view)
    pick_move(page, view, move)
    expect(preview).to_contain_text("after this move")
    assert {"action": {"type": "move", "figure": move["figure"], "path": move["path"]}} \
        in previews
    expect(preview.locator(".walk-cards button").first).to_be_visible()
    expect(page.locator(".takeback")).to_be_hidden()
    page.screenshot(path=str(artifacts_dir / "web-monster-preview.png"))
    page.get_by_role("button", name="Send", exact=True).click()
    expect(preview).to_be_hidden()  # Bob's move now: the preview is the player to move's
    assert errors == []


def test_a_seats_notes_are_saved_read_back_and_seen_by_no_one_else(
        page: Page, service: LiveService) -> None:
    game = make_game(service.url)
    errors = watch_errors(page)
    page.goto(f"{service.url}play/{game.id}#t={game.seats[0]}")
    notes = page.get_by_label("Notes about this game")
    expect(notes).to_have_value("", timeout=WAIT_MS)
    expect(page.locator(".notes")).to_contain_text("Private: only you read them")
    notes.fill("Bob keeps his 5 back.\nWatch the crystal.")
    expect(page.locator("#note-count")).to_have_text("40 of 4000 characters")
    page.get_by_role("button", name="Save my notes").click()
    expect(page.locator(".notes .saved")).to_have_text("Saved.")
    page.reload()
    expect(page.get_by_label("Notes about this game")).to_have_value(
        "Bob keeps his 5 back.\nWatch the crystal.", timeout=WAIT_MS)

    page.get_by_label("Notes about this game").fill("x" * 4001)
    page.get_by_role("button", name="Save my notes").click()
    expect(page.locator("#alert")).to_have_text("Your notes were not saved: Your notes have "
                                                "4001 characters; they may have at most 4000.")
    for token in (game.seats[1], game.creator):
        page.goto(f"{service.url}play/{game.id}#t={token}")
        expect(page.locator("#log")).to_contain_text("Nothing has happened yet.",
                                                     timeout=WAIT_MS)
        if token == game.seats[1]:
            expect(page.get_by_label("Notes about this game")).to_have_value("")
        else:
            expect(page.locator(".notes")).to_have_count(0)
    assert [e for e in errors if "status of 422" not in e] == []  # the note too long
