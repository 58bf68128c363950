"""Computer players on the page, in real Chromium against the real service: the lobby makes a
seat the computer's, the game page says which seats the computer plays and shows its moves,
and the creator's host tools hand a seat to the computer and back."""

from __future__ import annotations

import re
from pathlib import Path

import requests
from playwright.sync_api import Page, expect
from sqlalchemy import select

from service.features.computer.service import COMPUTER_JOB
from service.plumbing.outbox import Outbox
from service.plumbing.unit_of_work import read_transaction
from tests.service.helpers import token_of
from tests.support.live_service import LiveService
from tests.web.test_game_page import isolated, read, service
from worker import relay

WAIT_MS = 15_000  # a page polls every few seconds; give it a few rounds

__all__ = ["service"]


def run_computer_jobs(service: LiveService) -> int:
    """Do what the worker does with the computer's pending jobs; return how many ran."""
    with service.app.app_context():
        with read_transaction() as session:
            ids = list(session.scalars(select(Outbox.id).where(
                Outbox.kind == COMPUTER_JOB, Outbox.status == "pending")))
        relay.relay(ids)
    return len(ids)


def test_the_lobby_seats_the_computer_and_the_page_says_so(
        page: Page, service: LiveService, artifacts_dir: Path) -> None:
    page.goto(service.url)
    page.get_by_label("Name").nth(0).fill("Ann")
    second = page.locator("fieldset.seat").nth(1)
    second.get_by_label("Played by").select_option(label="the computer (normal)")
    expect(second.get_by_label("Email (optional)")).to_be_disabled()
    page.get_by_label("Start player").select_option(label="Seat 2")
    page.get_by_role("button", name="Create the game").click()
    seat_link = page.locator('input.link[data-kind="seat"]').first
    expect(seat_link).to_have_value(re.compile(r"/play/"))
    ann_link = seat_link.input_value()
    game_id = ann_link.split("/play/")[1].split("#")[0]
    view = read(service, game_id, token_of(ann_link))
    assert [(s["name"], s["computer"]) for s in view["seats"]] == [("Ann", None),
                                                                   ("Computer", "normal")]
    assert view["to_move"] == 1
    assert run_computer_jobs(service) == 1  # the worker's part: the computer opens

    page.goto(ann_link)
    expect(page.locator(".computer-seats")).to_have_text(
        f"Played by the computer: {isolated('Computer')} (red, normal).")
    expect(page.locator(".log")).to_contain_text("The computer, playing", timeout=WAIT_MS)
    page.screenshot(path=str(artifacts_dir / "web-computer-seat.png"), full_page=True)


def test_the_creator_hands_a_seat_to_the_computer_and_back(
        page: Page, service: LiveService) -> None:
    response = requests.post(f"{service.url}api/v1/games", timeout=10, json={
        "seats": [{"name": "Ann"}, {"name": "Bob"}], "start_seat": 0})
    created = response.json()
    game_id = created["game"]["id"]
    page.goto(created["creator_link"])
    tools = page.locator(".host-tools")
    who = tools.get_by_label("Who plays seat 2 (Bob (red))")
    who.select_option(label="the computer (hard)")
    expect(tools.get_by_label("Who plays seat 2 (Bob (red, computer: hard))")).to_have_value(
        "hard")
    assert read(service, game_id, created["creator_token"])["seats"][1]["computer"] == "hard"
    tools.get_by_label("Who plays seat 2 (Bob (red, computer: hard))").select_option(
        label="a person")
    expect(tools.get_by_label("Who plays seat 2 (Bob (red))")).to_have_value("")
    assert read(service, game_id, created["creator_token"])["seats"][1]["computer"] is None
