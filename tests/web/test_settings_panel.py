"""The game page's settings in real Chromium against the real service: a seat's email mode,
which of its emails are answered, and its webhooks (added, listed, deleted; a refused address
shows the server's reason); the creator's webhook with a format and events, its test ping,
delivery log and redelivery, to the real loopback receiver."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from playwright.sync_api import Page, expect

from service.features.webhooks.chat import FORMATS
from service.features.webhooks.messages import EVENT_TYPES
from tests.service.helpers import token_of
from tests.support.live_service import LiveService
from tests.support.webhook_receiver import WebhookReceiver
from tests.webhooks.helpers import run_webhook_jobs


@pytest.fixture
def service(tmp_path: Path) -> Iterator[LiveService]:
    """Serve the app; webhooks to loopback addresses allowed, as in a local run."""
    with LiveService(tmp_path, WEBHOOK_ALLOW_PRIVATE=True) as live:
        yield live


def open_seat(page: Page, service: LiveService) -> tuple[str, str]:
    """Create a game whose seat 0 has an email address; open its page; return id and token."""
    created = requests.post(f"{service.url}api/v1/games", timeout=10, json={
        "seats": [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}],
        "start_seat": 0}).json()
    link = created["seats"][0]["link"]
    page.goto(link)
    return created["game"]["id"], token_of(link)


def test_a_seat_sets_how_often_it_is_emailed(page: Page, service: LiveService) -> None:
    game_id, token = open_seat(page, service)
    mode = page.get_by_label("Email to ann@example.com")
    expect(mode).to_have_value("my_turn")  # one mail per turn by default (issue 35)
    expect(page.locator(".email-mode .hint").first).to_contain_text(
        "No email comes while you have this game open here")
    mode.select_option("every_event")
    expect(page.locator(".email-mode .saved").first).to_have_text("Saved.")
    stored = requests.get(f"{service.url}api/v1/games/{game_id}/notifications", timeout=10,
                          headers={"Authorization": f"Bearer {token}"}).json()
    assert stored["email_mode"] == "every_event"


def test_a_seat_chooses_an_answer_to_every_email_it_sends(page: Page,
                                                          service: LiveService) -> None:
    game_id, token = open_seat(page, service)
    answers = page.get_by_label("Answers to the emails you send to this game")
    expect(answers).to_have_value("needed")
    expect(page.locator(".email-mode .answers-hint")).to_contain_text("'answers all'")
    answers.select_option("every")
    expect(page.locator(".email-mode .saved").nth(1)).to_have_text("Saved.")
    stored = requests.get(f"{service.url}api/v1/games/{game_id}/notifications", timeout=10,
                          headers={"Authorization": f"Bearer {token}"}).json()
    assert (stored["answers"], stored["email_mode"]) == ("every", "my_turn")


def test_a_seat_adds_lists_and_deletes_a_webhook(page: Page, service: LiveService) -> None:
    game_id, token = open_seat(page, service)
    hook = f"{service.url}hooks/ann"
    expect(page.locator(".webhooks li")).to_have_text("No webhook yet.")
    page.get_by_label("Webhook URL").fill(hook)
    page.get_by_role("button", name="Add webhook").click()
    expect(page.locator(".webhooks li")).to_contain_text(hook)
    expect(page.locator("#settings .secret")).to_contain_text("Signing secret (shown once): ")
    listed = requests.get(f"{service.url}api/v1/games/{game_id}/webhooks", timeout=10,
                          headers={"Authorization": f"Bearer {token}"}).json()["items"]
    assert [h["url"] for h in listed] == [hook]

    page.get_by_role("button", name=f"Delete the webhook to {hook}").click()
    expect(page.locator(".webhooks li")).to_have_text("No webhook yet.")


def test_a_refused_webhook_address_shows_why(page: Page, tmp_path: Path) -> None:
    with LiveService(tmp_path) as strict:
        game_id, token = open_seat(page, strict)
        page.get_by_label("Webhook URL").fill("http://127.0.0.1:9/hook")
        page.get_by_role("button", name="Add webhook").click()
        refused = requests.post(f"{strict.url}api/v1/games/{game_id}/webhooks", timeout=10,
                                json={"url": "http://127.0.0.1:9/hook"},
                                headers={"Authorization": f"Bearer {token}"}).json()["error"]
        assert refused["code"] == "webhook/private_address"
        expect(page.get_by_role("alert")).to_have_text(
            f"The webhook was not added: {refused['message']}")
        expect(page.locator(".webhooks li")).to_have_text("No webhook yet.")


SIZES = {"desktop": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_the_creator_adds_a_discord_webhook_pings_it_and_sends_a_failed_message_again(
        page: Page, service: LiveService, webhook_receiver: WebhookReceiver,
        artifacts_dir: Path, size: str) -> None:
    created = requests.post(f"{service.url}api/v1/games", timeout=10, json={
        "seats": [{"name": "Ann"}, {"name": "Bob"}], "name": "Friday night"}).json()
    game_id, token = created["game"]["id"], token_of(created["creator_link"])
    page.set_viewport_size(SIZES[size])
    page.goto(created["creator_link"])
    hook = webhook_receiver.url
    page.get_by_label("Webhook URL").fill(hook)
    page.get_by_label("Format").select_option(label="Discord channel")
    for words in ("the game starts", "a player moves", "the monster moves",
                  "a message at the table", "a player is nudged",
                  "a seat misses too many deadlines", "a player asks to take back a move",
                  "a takeback is refused or withdrawn", "a move is taken back",
                  "a rematch is asked for", "a rematch starts, or does not"):
        page.get_by_label(words).uncheck()
    page.get_by_role("button", name="Add webhook").click()
    expect(page.locator(".webhook .hint")).to_have_text(
        "Discord channel; hears a move is due, the game ends.")
    [listed] = requests.get(f"{service.url}api/v1/games/{game_id}/webhooks", timeout=10,
                            headers={"Authorization": f"Bearer {token}"}).json()["items"]
    assert (listed["url"], listed["format"], listed["events"]) == (
        hook, "discord", ["move.due", "game.over"])

    webhook_receiver.respond_with(500, 200)
    page.get_by_role("button", name=f"Send a test ping to {hook}").click()
    log = page.locator(".delivery")
    expect(log).to_contain_text("Nothing sent yet")
    assert run_webhook_jobs(service.app) == ["pending"]
    log.get_by_role("button", name="Refresh the log").click()
    failed = log.locator("li.failed")
    expect(failed).to_contain_text("test ping · attempt 1 · HTTP 500 · failed: HTTP 500")
    failed.get_by_role("button", name="Send the message of attempt 1", exact=False).click()
    expect(failed).to_contain_text("Sent again: see the log in a moment.")
    assert run_webhook_jobs(service.app) == ["sent", "sent"]  # the retry, and the one sent again
    log.get_by_role("button", name="Refresh the log").click()
    expect(log.locator("li.ok")).to_have_count(2)
    expect(log.locator("li.ok").first).to_contain_text("· HTTP 200 · delivered")
    page.screenshot(path=str(artifacts_dir / f"web-webhooks-panel-{size}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]

    received = webhook_receiver.requests()
    assert len({r.headers["webhook-id"] for r in received}) == 1 and len(received) == 3
    content = received[-1].json()["content"]
    assert content.startswith("Fearsome Floors, Friday night: this is a test ping")
    watch = f"Watch the game: <{service.url}play/{game_id}#t="
    assert watch in content and "{spectator-token}" not in content
    spectator = content.split("#t=", 1)[1].rstrip(">")
    seen = requests.get(f"{service.url}api/v1/games/{game_id}", timeout=10,
                        headers={"Authorization": f"Bearer {spectator}"}).json()
    assert seen["viewer"]["kind"] == "spectator"


def test_the_panel_offers_the_formats_and_events_the_api_takes() -> None:
    source = (Path(__file__).parents[2] / "web/js/view/hooks.js").read_text()
    listed = re.findall(r'\["([a-z]+(?:\.[a-z]+)?)", \(\) => t\("', source)
    assert listed == [*FORMATS, *EVENT_TYPES]
