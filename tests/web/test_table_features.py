"""The table beyond one game on the page (docs/table.md), in real Chromium against the real
service: a takeback asked on one seat's page and agreed on the other's, the board going back
on both; a finished game's rematch asked and answered on two pages, "Open the rematch"
opening the new game (its links kept on the device), and the standings once the rematch's
game ended; the record downloaded as JSON and as text, and "Open a record" on the lobby
landing on the sandbox page (a broken record refused naming its entry).

Games are finished through the API (``play_to_the_end``), as the worker and the other seats
would; the pages do the rest. Screenshots go to ``artifacts_dir``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.live.helpers import HttpGame, bearer, make_game
from tests.records.test_export import play_to_the_end
from tests.service.helpers import NewGame, token_of
from tests.support.live_service import LiveService
from tests.web.test_game_page import isolated, watch_errors

WAIT_MS = 15_000
ANN, BOB = isolated("Ann"), isolated("Bob")


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveService]:
    """Serve the app, page and API, on a fresh database for the module."""
    with LiveService(tmp_path_factory.mktemp("table")) as live:
        yield live


def new_game(game: HttpGame) -> NewGame:
    """The API tests' view of a game made over HTTP (to play it with their helpers)."""
    return NewGame(id=game.id, body={}, creator_token=game.creator,
                   spectator_token=game.spectator, seat_tokens=dict(enumerate(game.seats)))


def finish(service: LiveService, game: NewGame) -> None:
    """Play the game to its end through the API, as its players and the worker would."""
    play_to_the_end(service.app, service.app.test_client(), game)


def seat_page(context: BrowserContext, service: LiveService, game_id: str, token: str) -> Page:
    page = context.new_page()
    page.goto(f"{service.url}play/{game_id}#t={token}")
    expect(page.locator("svg.board .monster")).to_have_count(1, timeout=WAIT_MS)
    return page


def kept(page: Page) -> list[dict[str, Any]]:
    """The games this browser keeps ("your games on this device")."""
    games: list[dict[str, Any]] = json.loads(
        page.evaluate("localStorage.getItem('ff.device.games') || '[]'"))
    return games


def test_a_takeback_asked_on_one_page_and_agreed_on_the_other_takes_the_board_back(
        browser: Browser, service: LiveService, artifacts_dir: Path) -> None:
    game = make_game(service.url)
    before = game.read()
    moved = game.play_one()  # Ann brings a figure in
    ann_context, bob_context = browser.new_context(), browser.new_context()
    try:
        ann = seat_page(ann_context, service, game.id, game.seats[0])
        errors = watch_errors(ann)
        undo = requests.get(game.url("/takeback"), timeout=10, headers=bearer(
            game.seats[0])).json()["would_undo"][0]
        notation, words = undo["notation"], undo["words"]
        panel = ann.locator(".takeback")
        expect(panel).to_contain_text("It would take back these moves:")
        expect(panel.locator(".takeback-moves li")).to_have_text(f"{words} {notation}")
        expect(panel).to_contain_text(f"{BOB} (red) must agree.")
        ann.get_by_role("button", name="Take back my move").click()
        expect(panel.locator(".takeback-waiting")).to_have_text(
            f"Waiting for {BOB} (red) to agree.")
        expect(panel.get_by_role("button", name="Withdraw")).to_be_visible()

        # Bob's page opened now shows the request (an open page hears of it through its
        # stream: the next test), and his yes takes Ann's move back.
        bob = seat_page(bob_context, service, game.id, game.seats[1])
        errors += watch_errors(bob)
        expect(bob.locator(".takeback")).to_contain_text(f"{ANN} (green) asks to take back "
                                                         "these moves:")
        expect(bob.locator(".takeback-moves li")).to_have_text(f"{words} {notation}")
        bob.screenshot(path=str(artifacts_dir / "web-takeback-asked.png"))
        bob.get_by_role("button", name="Agree").click()
        expect(bob.locator(".takeback")).to_be_hidden()
        expect(bob.locator("#log li").last).to_have_text(
            f"{ANN} (green) took back their move: the game is back where it was before it.")
        assert game.read()["version"] == moved["version"] + 1
        figure = notation.split(" +")[0].replace(" ", "")
        for page in (bob, ann):  # Ann's page hears the new version through its stream
            expect(page.locator(f'[data-figure="{figure}"]')).to_have_attribute(
                "aria-label", re.compile("waiting outside$"), timeout=WAIT_MS)
        expect(ann.locator("#actions .prompt")).to_have_text("Choose a figure to move.")
        expect(ann.locator(".takeback")).to_be_hidden()
        assert game.read()["position"]["figures"] == before["position"]["figures"]
        ann.screenshot(path=str(artifacts_dir / "web-takeback-done.png"))
        assert errors == []
    finally:
        ann_context.close()
        bob_context.close()


def test_an_open_page_of_the_seat_asked_hears_of_the_request(
        page: Page, service: LiveService) -> None:
    game = make_game(service.url)
    game.play_one()
    page.goto(f"{service.url}play/{game.id}#t={game.seats[1]}")
    expect(page.locator("#log li")).to_have_count(1, timeout=WAIT_MS)
    asked = requests.post(game.url("/takeback"), timeout=10, json={},
                          headers=bearer(game.seats[0]))
    assert asked.status_code == 201, asked.text
    # The stream tells a change within moments (without Redis the hub looks 10 times a second).
    expect(page.get_by_role("button", name="Agree")).to_be_visible(timeout=5_000)


def test_a_rematch_asked_and_answered_on_two_pages_opens_the_new_game_with_its_standings(
        browser: Browser, service: LiveService, artifacts_dir: Path) -> None:
    game = make_game(service.url)
    finish(service, new_game(game))
    ann_context, bob_context = browser.new_context(), browser.new_context()
    try:
        ann = seat_page(ann_context, service, game.id, game.seats[0])
        errors = watch_errors(ann)
        rematch = ann.locator(".rematch")
        expect(rematch).to_contain_text("Ask everyone for another game")
        expect(ann.locator(".table-standings")).to_be_hidden()  # no table before a rematch
        rematch.get_by_role("button", name="Rematch", exact=True).click()
        expect(rematch).to_contain_text(f"{ANN} asked for a rematch.")
        expect(rematch).to_contain_text(re.compile(
            rf"Still asked: {BOB}\. It starts by \w{{3}}, \w{{3}} \d+, .* with those who "
            r"said yes\."))
        standings = ann.locator(".table-standings")
        expect(standings).to_contain_text("After 1 finished game of this table.")
        expect(standings.locator("tbody tr")).to_have_count(2)

        bob = seat_page(bob_context, service, game.id, game.seats[1])
        errors += watch_errors(bob)
        expect(bob.locator(".rematch")).to_contain_text(f"Still asked: {BOB}.")
        bob.get_by_role("button", name="I play").click()
        expect(bob.locator(".rematch")).to_contain_text("The rematch has started.")
        bob.screenshot(path=str(artifacts_dir / "web-rematch-started.png"), full_page=True)
        bob.get_by_role("button", name="Open the rematch").click()
        bob.wait_for_url(lambda url: "/play/" in url and game.id not in url)
        expect(bob.get_by_text(f"You play red, as {BOB}.")).to_be_visible(timeout=WAIT_MS)
        rematch_id = bob.url.split("/play/")[1].split("#")[0]
        assert rematch_id != game.id
        bob_token = token_of(bob.url)
        assert {(g["gameId"], g["token"]) for g in kept(bob)} >= {(rematch_id, bob_token)}

        # Ann's page learns of the start when opened again; her links are hers and the
        # creator's (she asked), both kept on her device.
        ann.reload()
        ann.get_by_role("button", name="Open the rematch").click()
        ann.wait_for_url(lambda url: rematch_id in url)
        expect(ann.get_by_text(f"You play green, as {ANN}.")).to_be_visible(timeout=WAIT_MS)
        mine = {g["kind"]: g["token"] for g in kept(ann) if g["gameId"] == rematch_id}
        assert set(mine) == {"seat", "creator"} and mine["seat"] == token_of(ann.url)

        finish(service, NewGame(id=rematch_id, body={}, creator_token=mine["creator"],
                                spectator_token=mine["creator"],
                                seat_tokens={0: mine["seat"], 1: bob_token}))
        bob.reload()
        standings = bob.locator(".table-standings")
        expect(standings).to_contain_text("After 2 finished games of this table.",
                                          timeout=WAIT_MS)
        # Rated best first: who won the two games decides, as the API says.
        table = requests.get(f"{service.url}api/v1/games/{rematch_id}/table",
                             headers=bearer(bob_token), timeout=10).json()
        order = [isolated(line["name"]) for line in table["standings"]["lines"]]
        assert sorted(order) == sorted([ANN, BOB])
        expect(standings.locator("tbody tr th")).to_have_text(order, ignore_case=False)
        expect(standings.locator("tbody tr").first.locator("td").first).to_have_text("2")
        expect(standings.locator(".head-to-head li")).to_have_text(
            re.compile(rf"^({ANN} and {BOB}|{BOB} and {ANN}): 2 games; "))
        bob.screenshot(path=str(artifacts_dir / "web-standings.png"), full_page=True)
        assert errors == []
    finally:
        ann_context.close()
        bob_context.close()


def test_the_record_downloads_and_a_record_opens_as_a_sandbox_from_the_lobby(
        page: Page, service: LiveService, tmp_path: Path, artifacts_dir: Path) -> None:
    game = make_game(service.url)
    for _ in range(3):
        game.play_one()
    errors = watch_errors(page)
    page.goto(f"{service.url}play/{game.id}#t={game.seats[0]}")
    with page.expect_download() as json_download:
        page.get_by_role("button", name="Download the record").click()
    record = json.loads(Path(json_download.value.path()).read_text(encoding="utf-8"))
    assert record["format"] == "fearsome-floors-record"
    assert [entry["version"] for entry in record["entries"]] == [1, 2, 3]
    assert json_download.value.suggested_filename.endswith(".json")
    with page.expect_download() as text_download:
        page.get_by_role("button", name="Download as text").click()
    assert text_download.value.suggested_filename.endswith(".txt")
    text = Path(text_download.value.path()).read_text(encoding="utf-8")
    assert "Ann (green)" in text and "Bob (red)" in text

    broken = tmp_path / "broken.json"
    record["entries"][1]["version"] = 9
    broken.write_text(json.dumps(record), encoding="utf-8")
    page.goto(service.url)
    form = page.locator("form.open-record")
    form.get_by_label("Record file").set_input_files(str(broken))
    form.get_by_role("button", name="Open in a sandbox").click()
    expect(page.locator("#alert")).to_have_text(re.compile(
        r"^This record cannot be opened: entry 2: .*9"))

    form.get_by_label("Record file").set_input_files(json_download.value.path())
    form.get_by_role("button", name="Open in a sandbox").click()
    expect(page).to_have_url(re.compile(r"/sandbox/[^/#]+#t=."))
    expect(page.locator("svg.board .monster")).to_have_count(1, timeout=WAIT_MS)
    expect(page.locator(".sandbox-history li")).to_have_count(4)  # the start and three moves
    expect(page.locator(".sandbox-history li.is-now")).to_contain_text("(now)")
    page.screenshot(path=str(artifacts_dir / "web-record-sandbox.png"))
    assert [e for e in errors if "status of 422" not in e] == []  # the broken record's
