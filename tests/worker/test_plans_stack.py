"""Turn plans through the real stack (gunicorn, Celery, Redis, PostgreSQL): plans chained
with nobody online, a plan broken by another player's push, a plan racing a direct
submission, and no plan in another seat's mail or in a webhook."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import requests

from deploy.production_shape import Stack
from tests.support.api_player import ApiGame
from tests.support.smtp_server import ReceivedMail, SmtpServer
from tests.support.webhook_receiver import WebhookReceiver

BROKEN = ("Your planned move green 5 +NNW no longer does what you planned: the stone on o9 "
          "was pushed away.")


def call(game: ApiGame, method: str, suffix: str, seat: int | None = None,
         token: str | None = None, **body: Any) -> requests.Response:
    """Send a request about the game as ``seat`` (or with ``token``)."""
    token = token or game.seat_tokens[seat if seat is not None else 0]
    return game.http.request(method, game.url(suffix), json=body or None, timeout=30,
                             headers={"Authorization": f"Bearer {token}"})


def move(game: ApiGame, seat: int, version: int, notation: str) -> requests.Response:
    return call(game, "POST", "/actions", seat, expected_version=version, notation=notation)


def plan(game: ApiGame, seat: int, *lines: str, flip_rest: bool = False) -> None:
    response = call(game, "PUT", "/plan", seat,
                    lines=[{"notation": line} for line in lines], flip_rest=flip_rest)
    assert response.status_code == 200, response.text


def actions(game: ApiGame) -> list[tuple[int, str]]:
    response = call(game, "GET", "/actions", token=game.spectator_token)
    assert response.status_code == 200, response.text
    return [(item["seat"], item["notation"]) for item in response.json()["items"]]


def wait(check: Callable[[], Any], what: str, timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.2)


def text_of(mail: ReceivedMail) -> str:
    """Return a received mail's headers and decoded text parts."""
    parts = [str(mail.message)]
    for part in mail.message.walk():
        if part.get_content_maintype() == "text":
            payload = part.get_payload(decode=True)
            if isinstance(payload, bytes):
                parts.append(payload.decode("utf-8", "replace"))
    return "\n".join(parts)


def stack_with_channels(make_stack: Callable[..., Stack], smtp_server: SmtpServer) -> Stack:
    return make_stack(SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                      WEBHOOK_ALLOW_PRIVATE="true")


def test_plans_of_two_seats_chain_without_anyone_online(
        make_stack: Callable[..., Stack], smtp_server: SmtpServer) -> None:
    stack = stack_with_channels(make_stack, smtp_server)
    game = ApiGame.create(stack.base_url)
    assert move(game, 0, 0, "green 4 +N").status_code == 201
    plan(game, 0, "green 5 +NNW", flip_rest=True)
    plan(game, 1, "red 4 +W", "red 5 +NN")  # red's turn: its plan starts at once

    view = game.wait_for_version(4, timeout=60)  # the monster phase, resolved by the worker
    assert view["phase"] == "figures" and view["position"]["game_turn"] == 2
    assert actions(game) == [(0, "green 4 +N"), (1, "red 4 +W"), (0, "green 5 +NNW"),
                             (1, "red 5 +NN")]
    for seat in (0, 1):  # the monster phase cleared both plans
        assert call(game, "GET", "/plan", seat).json()["lines"] == []


def test_a_plan_broken_by_a_push_stops_there_with_the_reason_and_stays_private(
        make_stack: Callable[..., Stack], smtp_server: SmtpServer,
        webhook_receiver: WebhookReceiver) -> None:
    stack = stack_with_channels(make_stack, smtp_server)
    game = ApiGame.create(stack.base_url)
    for token in (game.creator_token, game.seat_tokens[1]):
        hook = call(game, "POST", "/webhooks", token=token, url=webhook_receiver.url)
        assert hook.status_code == 201, hook.text
    assert move(game, 0, 0, "green 4 +N").status_code == 201
    plan(game, 0, "green 5 +NNW", flip_rest=True)
    assert move(game, 1, 1, "red 5 +NWNW").status_code == 201  # the stone on o9 to o8

    stopped = wait(lambda: call(game, "GET", "/plan", 0).json()["stopped"], "the plan stops")
    assert stopped == BROKEN
    assert call(game, "GET", "/plan", 0).json()["flip_rest"] is False  # the rest went too
    assert game.view()["version"] == 2 and len(actions(game)) == 2

    def to_ann() -> list[str]:
        return [text_of(mail) for mail in smtp_server.messages()
                if "ann@example.com" in mail.rcpt_tos and "Your move" in text_of(mail)]

    [mail] = wait(to_ann, "Ann's your-move mail")
    assert "the stone on o9 was pushed away" in mail.replace("=\n", "")
    time.sleep(1.0)  # let every other mail and webhook of the change go out
    for received in smtp_server.messages():
        if "ann@example.com" not in received.rcpt_tos:
            assert "green 5 +NNW" not in text_of(received)
    bodies = [request.body.decode() for request in webhook_receiver.requests()]
    assert bodies
    for body in bodies:
        assert "green 5 +NNW" not in body and "pushed away" not in body


def test_a_plan_racing_a_direct_submission_is_applied_once(
        make_stack: Callable[..., Stack], smtp_server: SmtpServer) -> None:
    stack = stack_with_channels(make_stack, smtp_server)
    for _ in range(3):
        game = ApiGame.create(stack.base_url)
        assert move(game, 0, 0, "green 4 +N").status_code == 201
        plan(game, 0, "green 5 +NNW")
        assert move(game, 1, 1, "red 4 +W").status_code == 201
        direct = move(game, 0, 2, "green 5 +NN")  # against the plan's job
        assert direct.status_code in (201, 409), direct.text
        wait(lambda game=game: game.view()["version"] >= 3, "green's move")
        time.sleep(0.5)
        mine = [notation for seat, notation in actions(game)[2:] if seat == 0]
        assert mine == (["green 5 +NN"] if direct.status_code == 201 else ["green 5 +NNW"])
        assert game.view()["version"] == 3
