"""End to end: an HTTP move that ends a figure phase, a real Celery worker on a real Redis
resolving the monster phase, and the players hearing of it by SMTP and a signed webhook."""

from __future__ import annotations

from collections.abc import Callable

import requests
from standardwebhooks.webhooks import Webhook

from deploy.production_shape import Stack
from service.plumbing.outbox import SENT
from tests.support.api_player import ApiGame
from tests.support.smtp_server import SmtpServer
from tests.support.webhook_receiver import WebhookReceiver
from tests.worker.stack_db import StackDatabase


def test_a_worker_resolves_the_monster_phase_and_everyone_hears_of_it_once(
    make_stack: Callable[..., Stack], smtp_server: SmtpServer,
    webhook_receiver: WebhookReceiver,
) -> None:
    stack = make_stack(SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                       WEBHOOK_ALLOW_PRIVATE="true")
    database = StackDatabase(stack)
    try:
        game = ApiGame.create(stack.base_url)
        hook = requests.post(game.url("/webhooks"), timeout=30,
                             json={"url": webhook_receiver.url, "events": ["monster.resolved"]},
                             headers={"Authorization": f"Bearer {game.creator_token}"})
        assert hook.status_code == 201, hook.text
        version, _ = game.play_to_monster_phase()

        view = game.wait_for_version(version, timeout=60)
        assert (view["version"], view["phase"]) == (version + 1, "figures")
        assert database.event_types(game.id, version + 1)[0] == "card"

        [request] = webhook_receiver.wait_for(1, timeout=60)
        body = Webhook(hook.json()["secret"]).verify(request.body, dict(request.headers.items()))
        assert (body["type"], body["game_id"], body["version"]) == (
            "monster.resolved", game.id, version + 1)

        def settled() -> list[object]:
            rows = database.outbox()
            return rows if rows and all(row.status == SENT for row in rows) else []

        rows = database.wait_until(settled, "every outbox row sent")
        assert [row.dedupe_key for row in rows if row.kind == "monster_phase"] == [
            f"monster:{game.id}:{version}"]
        emails = [row for row in rows if row.kind == "email"]
        assert emails, "the game's moves and monster phase should have written emails"
        received = smtp_server.wait_for(len(emails), timeout=30)
        message_ids = {mail.message["Message-ID"] for mail in received}
        assert len(received) == len(message_ids) == len(emails)
        assert sorted(row.payload["to"] for row in emails) == sorted(
            to for mail in received for to in mail.rcpt_tos)
        assert len(webhook_receiver.requests()) == 1
    finally:
        database.close()
