"""Your games on this device and notifications on it, in real Chromium against the real
service: the lobby lists the games this browser opened, those waiting for you first, in one
request, and forgets a retired token; a game page links to the next game waiting for you; a
game opened without its token takes the kept one. The service worker registers; "Notify me
on this device" hands a subscription to the service; after a real move the worker sends
the push (encrypted, signed) to a push service on loopback (``tests/support/push_service.py``),
which checks and decrypts it, and what it decrypted is delivered to the service worker
through the DevTools protocol (``ServiceWorker.deliverPushMessage``): the notification shows
the right words; its click opens (or focuses) the right game; the manifest makes the page
installable.

Headless Chromium here has no network, so ``PushManager.subscribe`` cannot reach a push
service: the test makes the subscription at the loopback push service with the server's key
(as Chromium would at its vendor's), and an init script makes ``subscribe`` and
``getSubscription`` answer it. Nor does any protocol command click a notification: see
:data:`CLICK`. Everything else is the browser's own.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from cryptography.hazmat.primitives.asymmetric import ec
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect

from service.features.push import devices
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from tests.home.helpers import home_token
from tests.service.helpers import a_legal_action
from tests.support.browser import CHROMIUM_ARGS, DESKTOP, chromium_path, fits_390
from tests.support.live_service import LiveService
from tests.support.push_service import Browser as PushBrowser
from tests.support.push_service import PushService
from worker import relay

API = "api/v1"


def b64(data: bytes) -> str:
    """Return base64url without padding, as the Push API writes keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.fixture
def push_service() -> Iterator[PushService]:
    """A push service on loopback: it checks the worker's VAPID signature and decrypts."""
    pushes = PushService()
    pushes.start()
    try:
        yield pushes
    finally:
        pushes.stop()


@pytest.fixture
def service(tmp_path: Path, push_service: PushService) -> Iterator[LiveService]:
    """Serve the app with a VAPID key of its own, taking the loopback push service's
    endpoints."""
    scalar = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    with LiveService(tmp_path, VAPID_PRIVATE_KEY=b64(scalar.to_bytes(32, "big")),
                     PUSH_ALLOWED_ORIGINS=[push_service.origin]) as live:
        yield live


@pytest.fixture
def context(page: Page, service: LiveService) -> BrowserContext:
    """The page's browser context, allowed to show notifications for the service."""
    page.context.grant_permissions(["notifications"], origin=service.url.rstrip("/"))
    page.set_viewport_size(DESKTOP)
    return page.context


def create(service: LiveService, seats: list[dict[str, Any]], **spec: Any) -> dict[str, Any]:
    """Create a game through the API; return the creator's answer."""
    response = requests.post(f"{service.url}{API}/games", json={"seats": seats, **spec},
                             timeout=10)
    assert response.status_code == 201, response.text
    return response.json()


def seat_token(created: dict[str, Any], seat: int) -> str:
    """Return the token of a seat's link in a creator's answer."""
    [link] = [s["link"] for s in created["seats"] if s["seat"] == seat]
    return str(link).partition("#t=")[2]


def open_game(page: Page, service: LiveService, game_id: str, token: str) -> None:
    """Open a game's page with its token and wait until it is drawn (and kept)."""
    page.goto(f"{service.url}play/{game_id}#t={token}")
    expect(page.locator("#title")).not_to_be_empty()
    page.wait_for_function(
        "([id, token]) => (JSON.parse(localStorage.getItem('ff.device.games') ?? '[]'))"
        ".some((g) => g.gameId === id && g.token === token)", arg=[game_id, token])


def move(service: LiveService, game_id: str, token: str) -> None:
    """Submit a legal action for the seat whose token this is."""
    headers = {"Authorization": f"Bearer {token}"}
    view = requests.get(f"{service.url}{API}/games/{game_id}", headers=headers,
                        timeout=10).json()
    answer = requests.post(f"{service.url}{API}/games/{game_id}/actions", headers=headers,
                           json={"expected_version": view["version"],
                                 "action": a_legal_action(view)}, timeout=10)
    assert answer.status_code == 201, answer.text


def test_the_lobby_lists_this_devices_games_waiting_first_in_one_request(
        page: Page, context: BrowserContext, service: LiveService, artifacts_dir: Path,
        push_service: PushService) -> None:
    write_subscription(context, service, push_service)
    yours = create(service, [{"name": "Ann"}, {"name": "Bob"}], name="Yours", start_seat=0)
    theirs = create(service, [{"name": "Bob"}, {"name": "Ann"}], name="Theirs", start_seat=0)
    retired = create(service, [{"name": "Cy"}, {"name": "Ann"}], name="Retired", start_seat=0)
    kept = [(theirs, 1), (yours, 0), (retired, 1)]
    for created, seat in kept:
        open_game(page, service, created["game"]["id"], seat_token(created, seat))
    invite = requests.post(f"{service.url}{API}/games/{retired['game']['id']}/seats/1/invite",
                           headers={"Authorization": f"Bearer {retired['creator_token']}"},
                           timeout=10)
    assert invite.status_code == 201, invite.text

    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.method) if "/my-games" in r.url else None)
    page.goto(service.url)
    games = page.locator(".my-games .home-game")
    expect(games).to_have_count(2)
    expect(games.nth(0)).to_contain_text("Yours")
    expect(games.nth(0).locator(".badge")).to_have_text("Your move")
    expect(games.nth(1)).to_contain_text("Theirs")
    expect(games.nth(1).locator(".state")).to_have_text("Waiting for \u2068Bob\u2069 (green).")
    assert asked == ["POST"]
    page.screenshot(path=str(artifacts_dir / "web-my-games-desktop.png"), full_page=True)
    fits_390(page, artifacts_dir, "web-my-games")

    # One tap turns notifications on for every seat listed, each through its own token.
    mine = page.locator(".my-games")
    mine.get_by_role("button", name="Notify me on this device").click()
    expect(mine.locator(".push-state")).to_have_text("This device gets notifications.")
    for created, seat in ((yours, 0), (theirs, 1)):
        settings = requests.get(
            f"{service.url}{API}/games/{created['game']['id']}/push", timeout=10,
            headers={"Authorization": f"Bearer {seat_token(created, seat)}"}).json()
        assert (settings["devices"], settings["channels"]) == (1, "both")
    left = page.evaluate("JSON.parse(localStorage.getItem('ff.device.games'))"
                         ".map((g) => g.gameId)")
    assert sorted(left) == sorted([yours["game"]["id"], theirs["game"]["id"]])

    # On a game that does not wait for you: the next one that does.
    open_game(page, service, theirs["game"]["id"], seat_token(theirs, 1))
    nxt = page.get_by_role("link", name=re.compile("^Next game waiting for you: "))
    expect(nxt).to_have_text("Next game waiting for you: \u2068Yours\u2069")
    nxt.click()
    expect(page).to_have_url(re.compile(rf"/play/{yours['game']['id']}#t="))
    expect(page.locator("#actions .prompt")).to_be_visible()

    # Opened with no token in the address (as a notification's click opens it).
    page.goto(f"{service.url}play/{theirs['game']['id']}")
    expect(page.get_by_text("You play red, as \u2068Ann\u2069.")).to_be_visible()


def test_a_retired_kept_token_opened_without_a_fragment_is_forgotten(
        page: Page, context: BrowserContext, service: LiveService) -> None:
    game = create(service, [{"name": "Cy"}, {"name": "Ann"}], start_seat=0)
    open_game(page, service, game["game"]["id"], seat_token(game, 1))
    requests.post(f"{service.url}{API}/games/{game['game']['id']}/seats/1/invite",
                  headers={"Authorization": f"Bearer {game['creator_token']}"},
                  timeout=10).raise_for_status()
    page.goto(f"{service.url}play/{game['game']['id']}")
    expect(page.get_by_role("alert")).to_be_visible()
    assert page.evaluate("localStorage.getItem('ff.device.games')") == "[]"


SUBSCRIPTION = """
(() => {
  // The subscription a push service would have given (see the module's docstring), kept in
  // localStorage as the browser keeps its own across pages.
  const KEY = "test.push.subscription";
  const keys = %s;
  const endpoint = %s;
  const make = (serverKey) => ({
    endpoint, expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(serverKey).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
    unsubscribe: async () => { localStorage.removeItem(KEY); return true; },
  });
  PushManager.prototype.subscribe = async function (options) {
    const serverKey = Array.from(new Uint8Array(options.applicationServerKey));
    localStorage.setItem(KEY, JSON.stringify(serverKey));
    return make(serverKey);
  };
  PushManager.prototype.getSubscription = async function () {
    const held = localStorage.getItem(KEY);
    return held ? make(JSON.parse(held)) : null;
  };
})();
"""


def write_subscription(context: BrowserContext, service: LiveService,
                       push_service: PushService) -> PushBrowser:
    """Make the browser's Push API hand over a subscription the test made at the loopback
    push service with the server's key (as Chromium would at its vendor's); return it."""
    key = requests.get(f"{service.url}{API}/push/key", timeout=10).json()["public_key"]
    device = push_service.subscribe(key)
    held = device.to_json()
    context.add_init_script(SUBSCRIPTION % (json.dumps(held["keys"]),
                                            json.dumps(held["endpoint"])))
    return device


def registration_id(page: Page, cdp: CDPSession, scope: str) -> str:
    """Return the id of the service worker registration of ``scope``, as the ServiceWorker
    domain reports it once enabled (its events come while the page is waited on)."""
    found: dict[str, str] = {}

    def seen(event: dict[str, Any]) -> None:
        for registration in event["registrations"]:
            if registration["scopeURL"] == scope and not registration["isDeleted"]:
                found["id"] = registration["registrationId"]

    cdp.on("ServiceWorker.workerRegistrationUpdated", seen)
    cdp.send("ServiceWorker.enable")
    for _ in range(100):
        if "id" in found:
            return found["id"]
        page.wait_for_timeout(50)
    raise AssertionError("no registration reported")


def pushed(service: LiveService, push_service: PushService, device: PushBrowser) -> bytes:
    """Do the worker's part (relay every due outbox row: the push is encrypted, signed and
    POSTed to the loopback push service), and return the one message the push service
    decrypted for ``device``."""
    with service.app.app_context():
        while relay.sweep(utcnow()):
            pass
    push_service.wait_for(1)
    [message] = push_service.received(device)
    return message.plaintext


def deliver(page: Page, cdp: CDPSession, service: LiveService, registration: str,
            message: bytes) -> None:
    """Hand ``message`` to the service worker as its push service would (decrypted), and
    wait until it shows the one notification."""
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": service.url.rstrip("/"), "registrationId": registration,
        "data": message.decode()})
    page.wait_for_function(f"({NOTIFICATIONS})().then((n) => n.length === 1)")


NOTIFICATIONS = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return (await registration.getNotifications()).map((n) => ({
    title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url }));
}"""


def test_a_seat_turns_notifications_on_and_a_push_shows_and_opens_its_game(
        page: Page, context: BrowserContext, service: LiveService, artifacts_dir: Path,
        push_service: PushService) -> None:
    device = write_subscription(context, service, push_service)
    game = create(service, [{"name": "Ann"}, {"name": "Bob"}], name="Friday game",
                  start_seat=1, move_time_limit=3600)
    game_id, ann = game["game"]["id"], seat_token(game, 0)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/push" in r.url else None)
    open_game(page, service, game_id, ann)

    # The service worker registers at the root, without asking anything.
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == service.url
    panel = page.locator(".push-settings")
    expect(panel.locator(".push-state")).to_have_text("This device gets no notifications.")
    assert not any(url.endswith("/push/subscription") for url in asked)

    panel.get_by_role("button", name="Notify me on this device").click()
    expect(panel.locator(".push-state")).to_have_text("This device gets notifications.")
    expect(panel.get_by_role("button")).to_have_text("Stop notifications on this device")
    # A seat that heard by mail alone now hears on its device too, as the service answered.
    expect(panel.get_by_label("Tell me about this game")).to_have_value("both")
    settings = requests.get(f"{service.url}{API}/games/{game_id}/push", timeout=10,
                            headers={"Authorization": f"Bearer {ann}"}).json()
    assert settings["devices"] == 1
    with service.app.app_context():
        [kept] = devices.current_devices(db.session, game_id, 0)
        assert devices.opened(kept).endpoint == device.endpoint  # as the test made it
    panel.get_by_label("Tell me about this game").select_option("push")
    expect(panel.locator(".saved").first).to_have_text("Saved.")
    settings = requests.get(f"{service.url}{API}/games/{game_id}/push", timeout=10,
                            headers={"Authorization": f"Bearer {ann}"}).json()
    assert settings["channels"] == "push"
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "web-push-settings-desktop.png"), full_page=True)
    fits_390(page, artifacts_dir, "web-push-settings")

    # Bob moves: the service writes Ann's push, the worker sends it to the push service,
    # which checks and decrypts it; Chromium receives what Ann's device would.
    move(service, game_id, seat_token(game, 1))
    message = pushed(service, push_service, device)
    words = json.loads(message)
    assert words["title"] == "Friday game" and words["url"] == f"/play/{game_id}"
    page.goto(service.url)  # the game's page is closed: the notification must open it
    cdp = context.new_cdp_session(page)
    registration = registration_id(page, cdp, service.url)
    deliver(page, cdp, service, registration, message)
    [shown] = page.evaluate(NOTIFICATIONS)
    assert shown == {"title": "Friday game", "body": words["body"], "tag": game_id,
                     "url": f"/play/{game_id}"}
    assert re.fullmatch(r"It is your move \(turn 1, stage 1\): 59 minutes left\.", shown["body"])

    # The click, with no window of the game open: the game opens, with the kept token.
    [worker] = context.service_workers
    assert worker.evaluate(CLICK) == [["open", f"{service.url}play/{game_id}"]]
    assert page.evaluate(NOTIFICATIONS) == []  # the click closed it
    page.goto(f"{service.url}play/{game_id}")  # what the click opens
    expect(page.get_by_text("You play green, as \u2068Ann\u2069.")).to_be_visible()

    # Again, with the game's page open (as the click left it): that window is focused.
    deliver(page, cdp, service, registration, message)
    assert worker.evaluate(CLICK) == [["focus", f"{service.url}play/{game_id}"]]

    # And off again: the service forgets this device for the seat.
    panel.get_by_role("button", name="Stop notifications on this device").click()
    expect(panel.locator(".push-state")).to_have_text("This device gets no notifications.")
    settings = requests.get(f"{service.url}{API}/games/{game_id}/push", timeout=10,
                            headers={"Authorization": f"Bearer {ann}"}).json()
    assert settings["devices"] == 0


CLICK = """async () => {
  // The notification Chromium shows, clicked as the worker hears a click: a NotificationEvent
  // dispatched in the worker. No protocol command clicks a notification, and Chromium lets
  // openWindow() and focus() act only within a click the browser itself delivers, so those
  // two are recorded instead of done; everything before them is the worker's own.
  const [notification] = await self.registration.getNotifications();
  const asked = [];
  const focus = WindowClient.prototype.focus;
  self.clients.openWindow = async (url) => { asked.push(["open", url]); return null; };
  WindowClient.prototype.focus = async function () {
    asked.push(["focus", this.url]);
    return this;
  };
  try {
    const event = new NotificationEvent("notificationclick", { notification });
    let work = null;
    // waitUntil() refuses an event the browser did not send: keep the promise instead.
    Object.defineProperty(event, "waitUntil", { value: (promise) => { work = promise; } });
    self.dispatchEvent(event);
    await work;
  } finally {
    delete self.clients.openWindow;
    WindowClient.prototype.focus = focus;
  }
  return asked;
}"""


def test_permission_is_asked_only_from_the_tap_and_a_refusal_shows_as_blocked(
        page: Page, service: LiveService) -> None:
    game = create(service, [{"name": "Ann"}, {"name": "Bob"}], start_seat=0)
    asked: list[str] = []
    page.expose_function("noteAsked", lambda: asked.append("permission"))
    page.add_init_script("""
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => { window.noteAsked(); return ask(...args); };
    """)
    page.goto(f"{service.url}play/{game['game']['id']}#t={seat_token(game, 0)}")
    panel = page.locator(".push-settings")
    expect(panel.locator(".push-state")).to_have_text("This device gets no notifications.")
    assert asked == [] and page.evaluate("Notification.permission") == "default"
    # Headless Chromium answers the prompt as a reader who refuses.
    panel.get_by_role("button", name="Notify me on this device").click()
    expect(panel.locator(".push-state")).to_have_text(re.compile("^This browser blocks "))
    assert asked == ["permission"]


IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")


def test_on_an_iphone_outside_the_home_screen_the_page_says_how_in_the_readers_language(
        browser: Browser, service: LiveService) -> None:
    game = create(service, [{"name": "Ann"}, {"name": "Bob"}], start_seat=0)
    context = browser.new_context(user_agent=IPHONE, locale="de-DE")
    try:
        page = context.new_page()
        page.goto(f"{service.url}play/{game['game']['id']}#t={seat_token(game, 0)}")
        panel = page.locator(".push-settings")
        expect(panel.get_by_role("heading")).to_have_text("Benachrichtigungen auf diesem Gerät")
        expect(panel.locator(".push-state")).to_have_text(
            "Auf einem iPhone oder iPad gibt es Benachrichtigungen, sobald diese Seite auf "
            "deinem Home-Bildschirm liegt: tippe auf „Teilen“, dann auf „Zum "
            "Home-Bildschirm“, und öffne das Spiel von dort.")
        expect(panel.get_by_role("button", name="Auf diesem Gerät benachrichtigen")).to_be_hidden()
        expect(panel.get_by_label("Über dieses Spiel benachrichtigen")).to_have_value("mail")
    finally:
        context.close()


def test_the_manifest_makes_the_page_installable(browser: Browser, service: LiveService,
                                                 tmp_path: Path) -> None:
    # A context of its own on a profile folder: Chromium installs nothing from an incognito
    # one, which every new_context() is.
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=chromium_path(), args=CHROMIUM_ARGS,
        headless=True)
    try:
        page = context.new_page()
        page.goto(service.url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == f"{service.url}manifest.webmanifest"
        assert not manifest["errors"], manifest["errors"]
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
    for size in (192, 512):
        icon = requests.get(f"{service.url}icons/icon-{size}.png", timeout=10)
        assert icon.headers["Content-Type"] == "image/png"
        assert icon.content[16:24] == size.to_bytes(4, "big") * 2  # the PNG's width, height


def test_the_mailed_home_list_turns_notifications_on_for_every_game_under_way(
        page: Page, context: BrowserContext, service: LiveService,
        push_service: PushService) -> None:
    device = write_subscription(context, service, push_service)
    first = create(service, [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}],
                   name="Friday game")
    second = create(service, [{"name": "Cleo"}, {"name": "Ann", "email": "ann@example.com"}],
                    name="Sunday game")
    token = home_token(service.app, service.app.test_client(), "ann@example.com")
    page.goto(f"{service.url}home#h={token}")
    expect(page.locator(".home-game")).to_have_count(2)
    box = page.locator(".home-push")
    expect(box.locator(".push-state")).to_have_text("This device gets no notifications.")
    box.get_by_role("button", name="Notify me on this device").click()
    expect(box.locator(".push-state")).to_have_text("This device gets notifications.")
    # Each of Ann's seats has this device now, as the service keeps it.
    with service.app.app_context():
        for game, seat in ((first, 0), (second, 1)):
            [kept] = devices.current_devices(db.session, game["game"]["id"], seat)
            assert devices.opened(kept).endpoint == device.endpoint
        db.session.rollback()
