"""Takebacks and rematches through the real stack: the API asks, a real Celery worker on a
real Redis sends the mails to the SMTP server and the signed webhooks to the receiver."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import requests
from standardwebhooks.webhooks import Webhook

from deploy.production_shape import Stack
from tests.support.api_player import ApiGame
from tests.support.smtp_server import SmtpServer
from tests.support.webhook_receiver import WebhookReceiver

ANN_AND_BOB = [{"name": "Ann", "email": "ann@example.com"},
               {"name": "Bob", "email": "bob@example.com"}]


def post(game: ApiGame, path: str, token: str, **body: Any) -> dict[str, Any]:
    """POST ``body`` to the game's ``path`` with ``token``; it must succeed."""
    response = game.http.post(game.url(path), json=body, timeout=30,
                              headers={"Authorization": f"Bearer {token}"})
    assert response.status_code in (200, 201), response.text
    answer: dict[str, Any] = response.json()
    return answer


def hook(game: ApiGame, receiver: WebhookReceiver, *events: str) -> str:
    """Add the creator's webhook for ``events``; return its secret."""
    made = post(game, "/webhooks", game.creator_token, url=receiver.url, events=list(events))
    return str(made["secret"])


def verified(receiver: WebhookReceiver, secret: str, count: int) -> list[dict[str, Any]]:
    """Return the first ``count`` webhook bodies, each signature checked."""
    return [Webhook(secret).verify(r.body, dict(r.headers.items()))
            for r in receiver.wait_for(count, timeout=60)]


def mail_about(smtp_server: SmtpServer, words: str, timeout: float = 60) -> list[Any]:
    """Wait until a mail whose subject holds ``words`` came; return every such mail."""
    deadline = time.monotonic() + timeout
    while True:
        found = [m for m in smtp_server.messages() if words in str(m.message["Subject"])]
        if found:
            return found
        assert time.monotonic() < deadline, f"no mail about {words!r} came"
        time.sleep(0.1)


def hooked_game(make_stack: Callable[..., Stack], smtp_server: SmtpServer,
                receiver: WebhookReceiver, *events: str) -> tuple[ApiGame, str]:
    """Start a stack that mails to ``smtp_server``; return a game of Ann and Bob there, with
    the creator's webhook for ``events`` (and its secret)."""
    stack = make_stack(SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                       WEBHOOK_ALLOW_PRIVATE="true")
    game = ApiGame.create(stack.base_url, seats=ANN_AND_BOB, name="Friday night")
    return game, hook(game, receiver, *events)


def play_to_the_end(game: ApiGame) -> None:
    """Play random legal moves, the worker playing the monster, until the game is over."""
    rng = random.Random(8)
    view = game.view()
    deadline = time.monotonic() + 240
    while view["status"] == "active":
        assert time.monotonic() < deadline, "the game did not end in time"
        if view["phase"] == "monster":
            view = game.wait_for_version(view["version"])
            continue
        game.play_one(view, rng)
        view = game.view()


def test_a_takeback_asks_by_mail_and_tells_the_webhooks(
    make_stack: Callable[..., Stack], smtp_server: SmtpServer,
    webhook_receiver: WebhookReceiver,
) -> None:
    game, secret = hooked_game(make_stack, smtp_server, webhook_receiver, "takeback.asked",
                               "takeback.made")
    smtp_server.wait_for(2, timeout=60)
    post(game, "/actions", game.seat_tokens[0], expected_version=0, notation="green 5 +NN")
    asked = post(game, "/takeback", game.seat_tokens[0], expected_version=1)
    assert asked["status"] == "asked"
    [mail] = mail_about(smtp_server, "take back")
    assert mail.rcpt_tos == ("bob@example.com",)
    assert str(mail.message["Subject"]) == "[Friday night] Ann (green) asks to take back a move"
    assert "Ann (green): green 5 +NN" in mail.message.get_body(("plain",)).get_content()
    done = post(game, "/takeback/answer", game.seat_tokens[1], agree=True)
    assert done["status"] == "done"
    bodies = verified(webhook_receiver, secret, 2)
    assert [b["type"] for b in bodies] == ["takeback.asked", "takeback.made"]
    assert bodies[1]["data"] == {"seat": 0, "from_version": 1, "to_version": 0}
    assert bodies[1]["text"] == ("Fearsome Floors, Friday night: Ann (green) took back their "
                                 "last move, and the game is again as it was before it.")
    view = game.view()
    assert view["version"] == 2 and view["to_move"] == 0


def test_a_rematch_asks_by_mail_and_mails_the_new_games_links(
    make_stack: Callable[..., Stack], smtp_server: SmtpServer,
    webhook_receiver: WebhookReceiver,
) -> None:
    game, secret = hooked_game(make_stack, smtp_server, webhook_receiver, "rematch.asked",
                               "rematch.decided")
    play_to_the_end(game)
    asked = post(game, "/rematch", game.seat_tokens[1])
    assert asked["rematch"]["waiting"] == [0]
    [mail] = mail_about(smtp_server, "rematch")
    assert mail.rcpt_tos == ("ann@example.com",)
    assert "Bob (red) asks for a rematch" in mail.message.get_body(("plain",)).get_content()
    started = post(game, "/rematch/answer", game.seat_tokens[0], play=True)["rematch"]
    assert started["status"] == "started"
    new_id = started["game_id"]
    deadline = time.monotonic() + 60
    while sum(new_id in m.message.get_body(("plain",)).get_content()
              for m in smtp_server.messages()) < 2:
        assert time.monotonic() < deadline, "the new game's invitations did not come"
        time.sleep(0.1)
    bodies = verified(webhook_receiver, secret, 2)
    assert [b["type"] for b in bodies] == ["rematch.asked", "rematch.decided"]
    assert bodies[1]["data"] == {"status": "started", "game_id": new_id}
    link = post(game, "/rematch/links", game.seat_tokens[0])["link"]
    token = link.split("#t=", 1)[1]
    view = requests.get(f"{game.base_url}/api/v1/games/{new_id}", timeout=30,
                        headers={"Authorization": f"Bearer {token}"}).json()
    assert view["start_seat"] == 1 and [s["name"] for s in view["seats"]] == ["Ann", "Bob"]
