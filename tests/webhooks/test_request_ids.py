"""A webhook carries, in X-Request-Id, the id of the request that caused it, through the
real relay to the real receiver."""

from __future__ import annotations

from flask import Flask

from tests.support.webhook_receiver import WebhookReceiver
from tests.webhooks.helpers import hook, open_game, run_webhook_jobs, start


def test_a_webhook_names_the_request_it_follows_from(sending_app: Flask,
                                                     webhook_receiver: WebhookReceiver) -> None:
    client = sending_app.test_client()
    game = open_game(client)
    hook(client, game, game.creator_token, webhook_receiver.url + "hook")
    client.environ_base["HTTP_X_REQUEST_ID"] = "join-42"
    start(client, game)
    assert run_webhook_jobs(sending_app) == ["sent", "sent"]
    assert [r.headers["X-Request-Id"] for r in webhook_receiver.wait_for(2)] == ["join-42"] * 2
