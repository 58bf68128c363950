"""Tests of tests/support/webhook_receiver.py: a real HTTP server records requests."""

from __future__ import annotations

import pytest
import requests

from tests.support.webhook_receiver import WebhookReceiver


def test_it_records_a_post_with_its_body(webhook_receiver: WebhookReceiver) -> None:
    response = requests.post(
        webhook_receiver.url + "hooks/game?id=1",
        json={"game": 1, "event": "turn"},
        headers={"X-Signature": "abc"},
        timeout=10,
    )
    assert response.status_code == 200
    [request] = webhook_receiver.wait_for(1)
    assert (request.method, request.path) == ("POST", "/hooks/game?id=1")
    assert request.headers["X-Signature"] == "abc"
    assert request.json() == {"game": 1, "event": "turn"}


def test_it_answers_with_the_statuses_it_was_told_in_turn(
    webhook_receiver: WebhookReceiver,
) -> None:
    webhook_receiver.respond_with(500, 503, 204)
    statuses = [
        requests.post(webhook_receiver.url, data=b"x", timeout=10).status_code for _ in range(4)
    ]
    assert statuses == [500, 503, 204, 204]


def test_it_refuses_connections_while_stopped(webhook_receiver: WebhookReceiver) -> None:
    webhook_receiver.stop()
    with pytest.raises(requests.ConnectionError):
        requests.post(webhook_receiver.url, data=b"x", timeout=10)
