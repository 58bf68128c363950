"""The spectator link of a chat message, through the production shape: a real Celery worker
on a real Redis fills in the token of the link the service wrote without it, a Slack channel's
receiver gets it signed, and the link opens the game for watching on the service's own
address."""

from __future__ import annotations

import re
from collections.abc import Callable

import requests
from standardwebhooks.webhooks import Webhook

from deploy.production_shape import Stack
from tests.support.webhook_receiver import WebhookReceiver
from tests.worker.conftest import make_stack  # noqa: F401 - the fixture
from tests.worker.stack_db import StackDatabase

LINK = re.compile(r"\n<(\S+)\|Watch the game>$")


def test_a_worker_sends_a_slack_message_whose_link_opens_the_game_for_watching(
    make_stack: Callable[..., Stack],  # noqa: F811 - the imported fixture
    webhook_receiver: WebhookReceiver,
) -> None:
    stack = make_stack(WEBHOOK_ALLOW_PRIVATE="true")
    database = StackDatabase(stack)
    try:
        created = requests.post(f"{stack.base_url}/api/v1/games", timeout=30, json={
            "seats": [{"name": "Ann"}, {"open": True}], "name": "Friday night"}).json()
        game_id = created["game"]["id"]
        url = f"{stack.base_url}/api/v1/games/{game_id}"
        hook = requests.post(f"{url}/webhooks", timeout=30, json={
            "url": webhook_receiver.url, "format": "slack", "events": ["game.started"]},
            headers={"Authorization": f"Bearer {created['creator_token']}"})
        assert hook.status_code == 201, hook.text
        joined = requests.post(f"{url}/join", timeout=30, json={
            "invite_code": created["invite_code"], "name": "Bob"})
        assert joined.status_code == 201, joined.text

        [request] = webhook_receiver.wait_for(1, timeout=60)
        body = Webhook(hook.json()["secret"]).verify(request.body, dict(request.headers.items()))
        assert body["text"].startswith("Fearsome Floors, Friday night: the game has started")
        found = LINK.search(body["text"])
        assert found is not None, body["text"]
        link = found.group(1)
        # The service's public address, as in every link it hands out.
        public = created["spectator_link"].partition("/play/")[0]
        assert link.startswith(f"{public}/play/{game_id}#t=")
        token = link.split("#t=", 1)[1]
        seen = requests.get(url, timeout=30,
                            headers={"Authorization": f"Bearer {token}"}).json()
        assert seen["viewer"]["kind"] == "spectator" and seen["name"] == "Friday night"
        assert all(token not in str(row.payload) for row in database.outbox())
    finally:
        database.close()
