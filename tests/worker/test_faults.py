"""Faults with the real parts: a worker killed with SIGKILL in the middle of a monster phase,
Redis restarted during a game, a webhook receiver answering 500 then 200; each ends with the
phase resolved, and its webhook taken, exactly once.

The kill lands mid-phase for certain through the fault-test settings of
``worker.monster_job``: the handler sleeps before resolving (the game still waits) or after
resolving (the game has moved on, the row is not yet marked sent) while the test kills the
worker's whole process group. A short lease lets the sweep take the row over soon after.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
import requests
from standardwebhooks.webhooks import Webhook

from deploy.production_shape import Stack
from service.plumbing.outbox import SENDING, SENT, Outbox
from tests.support.api_player import ApiGame
from tests.support.redis_server import RedisServer
from tests.support.webhook_receiver import WebhookReceiver
from tests.worker.stack_db import StackDatabase

LEASE_SECONDS = 3
SLEEP_SECONDS = 600  # far longer than the test: only the kill ends it


def monster_row(database: StackDatabase, game: ApiGame, version: int) -> Outbox | None:
    """Return the outbox row of the game's monster phase at ``version``, if written."""
    rows = database.outbox("monster_phase")
    return next((row for row in rows if row.dedupe_key == f"monster:{game.id}:{version}"),
                None)


@pytest.mark.parametrize("moment", ["BEFORE", "AFTER"])
def test_a_worker_killed_mid_phase_leaves_it_resolved_exactly_once_after_a_restart(
    moment: str, make_stack: Callable[..., Stack],
) -> None:
    stack = make_stack(celery_app="tests.support.slow_worker",
                       env={f"TEST_MONSTER_SLEEP_{moment}": str(SLEEP_SECONDS)},
                       OUTBOX_LEASE_SECONDS=LEASE_SECONDS,
                       MONSTER_PHASE_LEASE_SECONDS=LEASE_SECONDS)
    database = StackDatabase(stack)
    try:
        game = ApiGame.create(stack.base_url)
        version, _ = game.play_to_monster_phase()

        def claimed() -> bool:
            row = monster_row(database, game, version)
            return row is not None and row.status == SENDING and (
                moment == "BEFORE" or game.view()["version"] > version)

        database.wait_until(claimed, f"the worker asleep {moment.lower()} resolving")
        [worker] = stack.workers
        worker.kill()
        row = monster_row(database, game, version)
        assert row is not None and (row.status, row.attempts) == (SENDING, 1)
        expected = version if moment == "BEFORE" else version + 1
        assert game.view()["version"] == expected

        worker.env[f"TEST_MONSTER_SLEEP_{moment}"] = "0"
        worker.start()
        view = game.wait_for_version(version, timeout=60)
        assert (view["version"], view["phase"]) == (version + 1, "figures")
        done = database.wait_until(
            lambda: (r := monster_row(database, game, version)) and r.status == SENT and r,
            "the monster row sent")
        assert done.attempts == 2
        assert game.view()["version"] == version + 1
        events = database.event_types(game.id, version + 1)
        assert events.count("card") == 1 and events.count("turn") == 1
        keys = [row.dedupe_key for row in database.outbox()]
        assert len(keys) == len(set(keys))
    finally:
        database.close()


def test_after_redis_restarts_mid_game_the_sweep_still_resolves_the_monster_phase(
    make_stack: Callable[..., Stack], redis_server: RedisServer,
) -> None:
    stack = make_stack()
    database = StackDatabase(stack)
    try:
        game = ApiGame.create(stack.base_url)
        version, _ = game.play_to_monster_phase()
        game.wait_for_version(version, timeout=60)

        redis_server.stop()
        # The publisher cannot reach the broker: the move is accepted all the same, and its
        # job waits in the outbox.
        version, _ = game.play_to_monster_phase()
        row = monster_row(database, game, version)
        assert row is not None and row.status == "pending"
        redis_server.start()  # empty: the relay task of that commit is lost for good

        # Workers and beat reconnect with growing pauses (kombu: up to 30 s between tries),
        # so under load the first sweep after the restart can come well after a minute. A
        # worker can also die of the lost connection itself (kombu's redis transport raising
        # "'NoneType' object has no attribute 'hostname'" while it closes the dead channel,
        # celery/kombu#582); compose's `restart: unless-stopped` brings it back, and so does
        # this test.
        view = wait_restarting_workers(stack, game, version, timeout=240)
        assert (view["version"], view["phase"]) == (version + 1, "figures")
        done = database.wait_until(
            lambda: (r := monster_row(database, game, version)) and r.status == SENT and r,
            "the monster row sent")
        assert done.attempts == 1
        assert database.event_types(game.id, version + 1).count("card") == 1
        assert stack.web.is_running and stack.beat.is_running
    finally:
        database.close()


def wait_restarting_workers(stack: Stack, game: ApiGame, above: int,
                            timeout: float) -> dict:
    """Wait for the game to pass version ``above``, starting again any worker that exited
    (as the deployment's restart policy does)."""
    deadline = time.monotonic() + timeout
    while True:
        for worker in stack.workers:
            if not worker.is_running:
                worker.start()
        try:
            return game.wait_for_version(above, timeout=5)
        except TimeoutError:
            if time.monotonic() > deadline:
                raise


def test_a_receiver_answering_500_then_200_gets_the_webhook_once_more_on_the_retry(
    make_stack: Callable[..., Stack], webhook_receiver: WebhookReceiver,
) -> None:
    stack = make_stack(WEBHOOK_ALLOW_PRIVATE="true")
    database = StackDatabase(stack)
    try:
        game = ApiGame.create(stack.base_url)
        hook = requests.post(game.url("/webhooks"), timeout=30,
                             json={"url": webhook_receiver.url, "events": ["monster.resolved"]},
                             headers={"Authorization": f"Bearer {game.creator_token}"})
        assert hook.status_code == 201, hook.text
        webhook_receiver.respond_with(500, 200)
        version, _ = game.play_to_monster_phase()
        # Standard Webhooks' schedule: the second attempt about 5 s after the first.
        first, second = webhook_receiver.wait_for(2, timeout=60)
        assert first.headers["webhook-id"] == second.headers["webhook-id"]
        secret = hook.json()["secret"]
        for request in (first, second):
            body = Webhook(secret).verify(request.body, dict(request.headers.items()))
            assert (body["type"], body["version"]) == ("monster.resolved", version + 1)
        [row] = database.wait_until(
            lambda: [r for r in database.outbox("webhook") if r.status == SENT],
            "the webhook row sent")
        assert (row.attempts, row.last_error) == (2, None)
        time.sleep(2)  # a few more sweeps: nothing is sent again
        assert len(webhook_receiver.requests()) == 2
    finally:
        database.close()
