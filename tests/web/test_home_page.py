"""The home page and the forms that send links, in real Chromium against the real service,
its mails sent by the worker's relay through the real SMTP test server: ask for a link to
all one's games, open it, play from it, sign out everywhere; "I lost my link" on the lobby
and the join page; after joining, keep the link, add an address, confirm it from the mail,
and have the link mailed. Screenshots at a desktop's size (1280×800) and a phone's (390×844)
go to ``artifacts_dir``; at 390 px no page scrolls sideways.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Page, expect

from service.plumbing.columns import utcnow
from tests.support.browser import DESKTOP, fits_390
from tests.support.live_service import LiveService
from tests.support.smtp_server import SmtpServer
from worker import relay

ANN, BOB = "ann@example.com", "bob@example.com"
ASKED = "If this address belongs to a player, a link to their games is on the way."


@pytest.fixture
def service(tmp_path: Path, smtp_server: SmtpServer) -> Iterator[LiveService]:
    """Serve the app, mailing through the SMTP test server."""
    with LiveService(tmp_path, SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port,
                     SMTP_TLS="none", SMTP_TIMEOUT=5,
                     MAIL_FROM="Fearsome Floors <ff@ff.example>") as live:
        yield live


def send_mail(service: LiveService) -> None:
    """Do the worker's part: relay every due outbox row until none is left (a request's job
    writes an email row, which the next round sends)."""
    with service.app.app_context():
        while relay.sweep(utcnow()):
            pass


def mail_to(smtp: SmtpServer, address: str, subject: str) -> str:
    """Return the plain text of the one mail to ``address`` whose subject has ``subject``."""
    found = [m.message for m in smtp.messages() if address in m.rcpt_tos
             and subject in str(m.message["Subject"])]
    assert len(found) == 1, [str(m.message["Subject"]) for m in smtp.messages()]
    message = found[0]
    assert isinstance(message, EmailMessage)
    body = message.get_body(("plain",))
    assert isinstance(body, EmailMessage)
    return str(body.get_content())


def link_in(text: str, pattern: str) -> str:
    """Return the one link of a mail's text that matches ``pattern``."""
    [link] = set(re.findall(pattern, text))
    return link


def create(service: LiveService, seats: list[dict[str, Any]], **spec: Any) -> dict[str, Any]:
    """Create a game through the API; return the creator's answer."""
    response = requests.post(f"{service.url}api/v1/games", timeout=10,
                             json={"seats": seats, **spec})
    assert response.status_code == 201, response.text
    return response.json()


def test_a_player_asks_for_their_games_opens_one_and_signs_out_everywhere(
        page: Page, service: LiveService, smtp_server: SmtpServer, artifacts_dir: Path) -> None:
    waits = create(service, [{"name": "Ann", "email": ANN}, {"name": "Bob"}],
                   name="Ann's turn", start_seat=0)
    create(service, [{"name": "Bob", "email": BOB}, {"name": "Ann", "email": ANN}],
           name="Bob's turn", start_seat=0)
    page.set_viewport_size(DESKTOP)
    page.goto(service.url)
    form = page.locator("form.ask-home")
    form.get_by_label("Your email address").fill(ANN)
    form.get_by_role("button", name="Email me the link").click()
    expect(form.locator(".said")).to_have_text(ASKED)
    page.screenshot(path=str(artifacts_dir / "web-lobby-links-desktop.png"), full_page=True)
    fits_390(page, artifacts_dir, "web-lobby-links")

    send_mail(service)
    text = mail_to(smtp_server, ANN, "Your games of Fearsome Floors")
    home = link_in(text, r"http://\S+/home#h=[A-Za-z0-9_-]+")
    page.goto(home)
    games = page.locator(".home-game")
    expect(games).to_have_count(2)
    expect(games.nth(0)).to_contain_text("Ann's turn")
    expect(games.nth(0).locator(".badge")).to_have_text("Your move")
    expect(games.nth(1)).to_contain_text("Bob's turn")
    expect(games.nth(1).locator(".state")).to_have_text("Waiting for \u2068Bob\u2069 (green).")
    expect(games.nth(1).locator(".badge")).to_have_count(0)
    expect(page.locator("#lobby")).to_contain_text(f"For {ANN}: 1 game waits for your move.")
    page.screenshot(path=str(artifacts_dir / "web-home-desktop.png"), full_page=True)
    fits_390(page, artifacts_dir, "web-home")

    games.nth(0).get_by_role("link", name="Ann's turn").click()
    expect(page).to_have_url(re.compile(rf"/play/{waits['game']['id']}#t="))
    expect(page.locator("#seat-email")).to_contain_text(f"Your email: {ANN}")

    page.goto(home)
    page.get_by_role("button", name="Sign out everywhere").click()
    expect(page.get_by_role("heading", name="Signed out everywhere")).to_be_visible()
    page.goto(service.url)  # the same link again, in a page of its own
    page.goto(home)
    expect(page.get_by_role("alert")).to_contain_text("This link to your games was signed out")
    expect(page.locator("form.ask-home")).to_be_visible()


def test_lost_link_forms_on_the_lobby_and_the_join_page_mail_new_links(
        page: Page, service: LiveService, smtp_server: SmtpServer, artifacts_dir: Path) -> None:
    created = create(service, [{"name": "Ann", "email": ANN}, {"open": True}])
    page.goto(created["invite_link"])
    form = page.locator("form.lost-link")
    form.get_by_label("Your email address").fill(ANN)
    form.get_by_role("button", name="Email me my links").click()
    expect(form.locator(".said")).to_have_text(
        "If this address belongs to a player, their links are on the way.")
    page.screenshot(path=str(artifacts_dir / "web-join-lost-link-desktop.png"), full_page=True)
    fits_390(page, artifacts_dir, "web-join-lost-link")
    send_mail(service)
    link = link_in(mail_to(smtp_server, ANN, "Your links"), r"http://\S+/play/\S+")
    page.goto(link)
    expect(page.locator("#seat-email")).to_contain_text(f"Your email: {ANN}")

    page.goto(service.url)
    page.locator("form.lost-link").get_by_role("button", name="Email me my links").click()
    expect(page.get_by_role("alert")).to_have_text("Give your email address.")


def test_after_joining_the_page_says_keep_the_link_and_mails_it_once_an_address_is_confirmed(
        page: Page, service: LiveService, smtp_server: SmtpServer, artifacts_dir: Path) -> None:
    created = create(service, [{"name": "Ann", "email": ANN}, {"open": True}])
    page.set_viewport_size(DESKTOP)
    page.goto(created["invite_link"])
    page.get_by_label("Your name").fill("Bob")
    page.get_by_role("button", name="Join").click()
    expect(page).to_have_url(re.compile(r"/play/.+#t="))
    seat_link = page.url
    expect(page.locator("#notice")).to_contain_text("You have joined the game.")
    panel = page.locator("#seat-email")
    expect(panel.locator(".keep")).to_have_text(
        "You have joined the game. This page's address is your key to your seat: bookmark "
        "it now, or email it to yourself.")
    expect(panel).to_contain_text("This seat has no email address.")
    panel.get_by_label("Your email address").fill(BOB)
    panel.get_by_role("button", name="Add email").click()
    expect(panel.locator("form.add-email .said")).to_contain_text(f"We sent a link to {BOB}")
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "web-seat-email-desktop.png"), full_page=True)
    fits_390(page, artifacts_dir, "web-seat-email")

    send_mail(service)
    confirm = link_in(mail_to(smtp_server, BOB, "Confirm your email address"),
                      r"http://\S+/home#c=[A-Za-z0-9_-]+")
    assert [str(m.message["Subject"]) for m in smtp_server.messages() if BOB in m.rcpt_tos
            ] == [str(m.message["Subject"]) for m in smtp_server.messages()
                  if "Confirm your email address" in str(m.message["Subject"])]  # nothing else
    page.goto(confirm)
    expect(page.locator(".confirmed")).to_contain_text(f"now go to {BOB}")
    page.screenshot(path=str(artifacts_dir / "web-email-confirmed-desktop.png"), full_page=True)
    fits_390(page, artifacts_dir, "web-email-confirmed")
    send_mail(service)
    mailed = link_in(mail_to(smtp_server, BOB, "Your link to the game"), r"http://\S+/play/\S+")
    assert mailed.partition("#t=")[0] == seat_link.partition("#t=")[0]

    page.goto(seat_link)
    expect(panel.locator(".keep")).to_have_text(
        "This page's address is your key to your seat: keep it (bookmark it).")
    expect(panel).to_contain_text(f"Your email: {BOB}")
    panel.get_by_role("button", name="Email me this link").click()
    expect(panel.locator(".said").first).to_have_text(f"Your link is on its way to {BOB}.")
    send_mail(service)
    sent = [m for m in smtp_server.messages() if BOB in m.rcpt_tos
            and "Your link to the game" in str(m.message["Subject"])]
    assert len(sent) == 2
    last = sent[-1].message
    assert isinstance(last, EmailMessage)
    body = last.get_body(("plain",))
    assert isinstance(body, EmailMessage)
    assert link_in(str(body.get_content()), r"http://\S+/play/\S+") == seat_link


def test_a_broken_home_link_says_so_and_offers_a_new_one(page: Page,
                                                        service: LiveService) -> None:
    page.goto(f"{service.url}home#h={'A' * 48}")
    expect(page.get_by_role("alert")).to_contain_text("This link to your games is not valid")
    expect(page.locator("form.ask-home")).to_be_visible()
    page.goto(f"{service.url}home#c={'A' * 43}")
    expect(page.get_by_role("alert")).to_contain_text("This confirmation link is not valid")
