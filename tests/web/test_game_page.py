"""The lobby and the game page in real Chromium against the real service.

The Flask app serves the page and the API on a loopback port (``LiveService``, a fresh SQLite
database). Two players, each in a browser context of their own, create a basic game in the
lobby and play its first turns by clicking on the board; the test then resolves the monster
phase as the worker would (``service.kernel.monster.resolve_monster_phase``, through the API tests'
``run_monster_jobs``) and both pages, polling, replay it. On the way: a forged illegal path
shows the server's error, a tab left behind redraws with a notice. Screenshots of the board
go to ``artifacts_dir``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, Page, Route, expect

from tests.service.helpers import a_legal_action, distance_to_exit, run_monster_jobs, token_of
from tests.support.live_service import LiveService

API = "api/v1/games"
TURN_PROMPT = "Choose a figure to move."
BACK_TO_THE_GAME = "Stop the replay and show the game as it is now"
WAIT_MS = 15_000  # a page polls every 3 s; give it a few rounds


def isolated(name: str) -> str:
    """Return a player's name as the page shows it, isolated from the text around it."""
    return f"\u2068{name}\u2069"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app, page and API, on a fresh database for the test."""
    with LiveService(tmp_path) as live:
        yield live


def read(service: LiveService, game_id: str, token: str) -> dict[str, Any]:
    """Read the game through the API as the token's holder."""
    response = requests.get(f"{service.url}{API}/{game_id}",
                            headers={"Authorization": f"Bearer {token}"}, timeout=10)
    response.raise_for_status()
    return response.json()


def watch_errors(page: Page) -> list[str]:
    """Collect the page's script errors and console errors."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def create_in_lobby(page: Page, service: LiveService) -> dict[str, str]:
    """Create a basic game for Ann and Bob, Ann starting, in the lobby; return its links."""
    page.goto(service.url)
    page.get_by_label("Name").nth(0).fill("Ann")
    page.get_by_label("Name").nth(1).fill("Bob")
    page.get_by_label("Start player").select_option(label="Seat 1")
    page.get_by_role("button", name="Create the game").click()
    expect(page.get_by_role("heading", name="Your game's links")).to_be_focused()
    links = page.locator("input.link").evaluate_all(
        "boxes => boxes.map(b => [b.dataset.kind, b.value])")
    seats = [url for kind, url in links if kind == "seat"]
    by_kind = dict(links)
    assert len(seats) == 2 and set(by_kind) == {"seat", "spectator", "creator"}
    expect(page.locator('[data-kind="creator-secret"]')).to_have_text(token_of(by_kind["creator"]))
    return {"ann": seats[0], "bob": seats[1], "spectator": by_kind["spectator"]}


def a_move(view: dict[str, Any]) -> dict[str, Any]:
    """Return the legal move (not out through the exit) that ends nearest the exit."""
    moves = [m for f in view["position"]["legal"]["figures"] for m in f["moves"]
             if m["to"] != "out"]
    return min(moves, key=lambda m: (distance_to_exit(m["to"]), m["path"]))


def pick_move(page: Page, view: dict[str, Any], move: dict[str, Any]) -> None:
    """Select the move's figure on the board, its destination, and the path among several."""
    figure = next(f for f in view["position"]["legal"]["figures"]
                  if f["figure"] == move["figure"])
    if figure["where"] == "outside":
        page.locator(f'[data-figure="{move["figure"]}"]').click()
    else:
        page.locator(f'rect[data-cell="{figure["where"]}"]').click()
    expect(page.locator(".hl-destination").first).to_be_attached()
    page.locator(f'rect[data-cell="{move["to"]}"]').click()
    choices = page.locator(".choices button")
    if choices.count():
        choices.filter(has_text=re.compile(rf"^{re.escape(move['path'])}:")).click()


def play_a_move(page: Page, service: LiveService, game_id: str, token: str) -> dict[str, Any]:
    """Play the seat's move through the page: pick it, see its preview, send it."""
    expect(page.locator("#actions .prompt")).to_have_text(TURN_PROMPT, timeout=WAIT_MS)
    view = read(service, game_id, token)
    move = a_move(view)
    logged = page.locator("#log li").count()
    pick_move(page, view, move)
    expect(page.locator(".hl-chosen")).to_have_count(1)
    page.get_by_role("button", name="Send", exact=True).click()
    expect(page.locator("#log li")).to_have_count(logged + 1)
    after = read(service, game_id, token)
    assert after["version"] > view["version"]
    return move


def test_two_players_play_the_first_turns_and_watch_the_monster(
    browser: Browser, service: LiveService, artifacts_dir: Path
) -> None:
    ann_context, bob_context = browser.new_context(), browser.new_context()
    try:
        ann, bob = ann_context.new_page(), bob_context.new_page()
        errors = watch_errors(ann) + watch_errors(bob)
        links = create_in_lobby(ann, service)
        game_id = links["ann"].split("/play/")[1].split("#")[0]
        tokens = {"ann": token_of(links["ann"]), "bob": token_of(links["bob"])}
        ann.goto(links["ann"])
        bob.goto(links["bob"])
        expect(ann.get_by_text(f"You play green, as {isolated('Ann')}.")).to_be_visible()
        expect(bob.get_by_text(f"You play red, as {isolated('Bob')}.")).to_be_visible()
        expect(bob.locator("#title .turn")).to_have_text(f"{isolated('Ann')} (green) is to move.")
        expect(bob.locator("#actions")).to_be_empty()
        ann.screenshot(path=str(artifacts_dir / "web-game-start.png"))

        play_a_move(ann, service, game_id, tokens["ann"])
        # Bob's page learns of it by polling, and the log tells Ann's move, notation beside.
        expect(bob.locator("#actions .prompt")).to_have_text(TURN_PROMPT, timeout=WAIT_MS)
        expect(bob.locator("#log li").first).to_have_text(re.compile(
            f"^{isolated('Ann')} \\(green\\) brought green \\d in at p11.*\\. green \\d \\+"))
        expect(bob.locator("#log li .log__notation").first).to_have_text(
            re.compile(r"^green \d \+[NESW]*$"))

        forged_illegal_path_shows_the_error(bob, service, game_id, tokens["bob"], artifacts_dir)
        play_a_move(bob, service, game_id, tokens["bob"])
        stale_tab_redraws_with_a_notice(ann_context, links["ann"], service, game_id,
                                        tokens["ann"], artifacts_dir)

        players = {0: (ann, tokens["ann"]), 1: (bob, tokens["bob"])}
        for _ in range(12):
            view = read(service, game_id, tokens["ann"])
            if view["phase"] == "monster":
                break
            page, token = players[view["to_move"]]
            play_a_move(page, service, game_id, token)
        else:
            pytest.fail("the figure phase did not end in 12 moves")
        ann.screenshot(path=str(artifacts_dir / "web-game-before-monster.png"))

        assert run_monster_jobs(service.app) == 1
        after = read(service, game_id, tokens["ann"])
        assert after["phase"] == "figures"
        for page in (ann, bob):
            expect(page.locator("#replay h2")).to_have_text("The monster's turn", timeout=WAIT_MS)
            expect(page.locator("#replay .caption")).to_contain_text("The monster")
        bob.get_by_role("button", name="Pause").click()
        bob.screenshot(path=str(artifacts_dir / "web-game-monster-replay.png"))
        for page in (ann, bob):
            expect(page.locator("#actions .prompt")).to_contain_text("A replay is on the board")
            page.get_by_role("button", name=BACK_TO_THE_GAME).click()
        monster = after["position"]["monster"]["square"]
        expect(bob.locator(f'rect[data-cell="{monster}"]')).to_have_attribute(
            "aria-label", re.compile(rf"^{monster}: the monster facing "))
        expect(bob.locator("#log .log__monster")).to_have_count(1)
        expect(bob.locator("#log .log__monster")).to_contain_text(
            f"stops on {monster} facing")

        # Whoever starts the new turn can play on; the whole game can be stepped through.
        page, token = players[after["to_move"]]
        expect(page.locator("#actions .prompt")).to_have_text(TURN_PROMPT, timeout=WAIT_MS)
        ann.get_by_role("button", name="Step through the game").click()
        expect(ann.locator("#replay h2")).to_have_text("The whole game")
        ann.get_by_role("button", name="One step back").click()
        expect(ann.locator("#replay .counter")).to_have_text(re.compile(r"^Step \d+ of \d+$"))
        ann.screenshot(path=str(artifacts_dir / "web-game-viewer.png"))
        assert errors == []
    finally:
        ann_context.close()
        bob_context.close()


def forged_illegal_path_shows_the_error(page: Page, service: LiveService, game_id: str,
                                        token: str, artifacts_dir: Path) -> None:
    """Send a move whose path the test rewrote on the wire: the server's refusal shows."""
    before = read(service, game_id, token)

    def forge(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        body["action"]["path"] = "+" + "N" * 9  # no figure walks nine squares
        route.continue_(post_data=json.dumps(body))

    page.route(f"**/{API}/{game_id}/actions", forge)
    move = a_move(before)
    pick_move(page, before, move)
    page.get_by_role("button", name="Send", exact=True).click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Not sent: ")
    refused = requests.post(f"{service.url}{API}/{game_id}/actions", timeout=10,
                            headers={"Authorization": f"Bearer {token}"},
                            json={"expected_version": before["version"], "action": {
                                "type": "move", "figure": move["figure"], "path": "+" + "N" * 9}})
    assert refused.status_code == 422
    expect(alert).to_have_text("Not sent: " + refused.json()["error"]["message"])
    page.screenshot(path=str(artifacts_dir / "web-game-illegal-path.png"))
    page.unroute(f"**/{API}/{game_id}/actions")
    assert read(service, game_id, token)["version"] == before["version"]
    # The refused move stays selected, to choose again; Cancel drops it.
    expect(page.locator(".hl-chosen")).to_have_count(1)
    page.get_by_role("button", name="Cancel", exact=True).click()


def stale_tab_redraws_with_a_notice(context: Any, link: str, service: LiveService, game_id: str,
                                    token: str, artifacts_dir: Path) -> None:
    """A second tab of the seat, deaf to news, sends on a view one move old."""
    stale = context.new_page()
    # It hears nothing: its live stream is refused and its timers wait, so it neither
    # reopens the stream nor polls, and does not catch up by itself.
    stale.route(lambda url: url.split("?")[0].endswith("/live"),
                lambda route: route.abort("connectionrefused"))
    stale.clock.install()
    stale.goto(link)
    expect(stale.locator("#actions .prompt")).to_have_text(TURN_PROMPT)
    view = read(service, game_id, token)
    fresh = context.pages[0]
    play_a_move(fresh, service, game_id, token)
    pick_move(stale, view, a_move(view))
    stale.get_by_role("button", name="Send", exact=True).click()
    expect(stale.get_by_role("status")).to_contain_text("The game moved on while you were choosing")
    expect(stale.locator("#title .turn")).to_have_text(f"{isolated('Bob')} (red) is to move.")
    expect(stale.locator("#actions")).to_be_empty()
    expect(stale.locator("#log li").last).to_have_text(
        fresh.locator("#log li").last.text_content() or "")
    stale.screenshot(path=str(artifacts_dir / "web-game-stale-tab.png"))
    stale.close()


def test_a_tile_of_the_experienced_game_is_placed_through_the_page(
    page: Page, service: LiveService, artifacts_dir: Path
) -> None:
    created = requests.post(f"{service.url}{API}", timeout=10, json={
        "seats": [{"name": "Ann"}, {"name": "Bob"}], "options": {"experienced": True},
        "start_seat": 0}).json()
    game_id = created["game"]["id"]
    view = created["game"]
    assert view["phase"] == "placement"
    seat = view["position"]["legal"]["seat"]
    link = next(s["link"] for s in created["seats"] if s["seat"] == seat)
    errors = watch_errors(page)
    page.goto(link)
    expect(page.locator("#actions .prompt")).to_have_text("Choose a tile to place.")
    tiles = {t["tile"]: t for t in view["position"]["legal"]["tiles"]}
    teleporter = tiles["teleporter_A"]
    square = teleporter["squares"][0]["square"]
    page.get_by_role("button", name=f"teleporter A ×{teleporter['left']}").click()
    expect(page.locator("#actions .prompt")).to_have_text("Choose the square for the tile.")
    page.locator(f'rect[data-cell="{square}"]').click()
    page.get_by_role("button", name="arrow south").click()
    page.screenshot(path=str(artifacts_dir / "web-game-placement.png"))
    page.get_by_role("button", name="Send", exact=True).click()
    expect(page.locator("#log li")).to_have_count(1)
    expect(page.locator("#log li")).to_contain_text("teleporter")
    after = read(service, game_id, token_of(link))
    assert after["version"] == view["version"] + 1
    placed = [t for t in after["position"]["teleporters"] if t["square"] == square]
    assert placed and placed[0]["arrow"] == "S"
    assert errors == []


def test_an_open_seat_is_taken_with_the_invitation_from_the_lobby(
    browser: Browser, service: LiveService
) -> None:
    ann_context, cy_context = browser.new_context(), browser.new_context()
    try:
        ann, cy = ann_context.new_page(), cy_context.new_page()
        errors = watch_errors(ann) + watch_errors(cy)
        ann.goto(service.url)
        ann.get_by_label("Name").nth(0).fill("Ann")
        second = ann.locator("fieldset.seat").nth(1)
        second.get_by_role("checkbox", name=re.compile("^open")).check()
        ann.get_by_role("button", name="Create the game").click()
        invite = ann.locator('input.link[data-kind="invite"]')
        expect(invite).to_have_value(re.compile(r"/join/[^#]+#code=.+"))
        invitation = invite.input_value()
        ann.locator('input.link[data-kind="seat"]').evaluate("box => location.assign(box.value)")
        expect(ann.locator(".title .info").nth(1)).to_have_text(
            "Waiting for 1 more player to join; the game starts when every seat is taken.")

        cy.goto(invitation)
        cy.get_by_label("Your name").fill("Cy")
        cy.get_by_role("button", name="Join").click()
        expect(cy.get_by_text(f"You play red, as {isolated('Cy')}.")).to_be_visible()
        expect(cy.locator("svg.board")).to_be_visible()
        # Ann's page, polling, sees the game start.
        expect(ann.locator(".title .game-title")).to_have_text(re.compile(
            rf"^{isolated('Game .{6}')} — {isolated('Ann')}, {isolated('Cy')}$"), timeout=WAIT_MS)
        expect(ann.locator("svg.board .monster")).to_have_count(1)
        assert errors == []
    finally:
        ann_context.close()
        cy_context.close()


def test_a_page_that_cannot_reach_the_server_says_so_and_recovers(
    page: Page, service: LiveService
) -> None:
    created = requests.post(f"{service.url}{API}", timeout=10, json={
        "seats": [{"name": "Ann"}, {"name": "Bob"}], "start_seat": 0}).json()
    game_id = created["game"]["id"]
    page.goto(created["seats"][1]["link"])
    expect(page.locator("#title .turn")).to_have_text(f"{isolated('Ann')} (green) is to move.")
    page.route(f"**/{API}/{game_id}", lambda route: route.abort("connectionrefused"))
    # Ann moves: the page hears of it through its stream, and cannot read the game.
    ann = token_of(created["seats"][0]["link"])
    view = read(service, game_id, ann)
    requests.post(f"{service.url}{API}/{game_id}/actions", timeout=10,
                  headers={"Authorization": f"Bearer {ann}"},
                  json={"expected_version": view["version"],
                        "action": a_legal_action(view)}).raise_for_status()
    notice = page.get_by_role("status")
    expect(notice).to_contain_text("The page could not check for news", timeout=WAIT_MS)
    page.unroute(f"**/{API}/{game_id}")
    expect(notice).to_be_hidden(timeout=WAIT_MS)
    expect(page.locator("#log li")).to_have_count(1)
