"""worker.tasks and worker.celery_app: tasks run the relay in the app context; the publisher
sends the relay task after a commit, never before and never for a rolled-back one."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import pytest
from celery import Celery
from flask import Flask

from service.plumbing import outbox
from service.plumbing.outbox import SENT
from service.plumbing.unit_of_work import write_transaction
from tests.support.redis_server import RedisServer
from tests.worker.helpers import add_rows, row
from worker.celery_app import celery_init_app
from worker.jobs import Job, handler
from worker.tasks import PING, RELAY_OUTBOX, SWEEP_OUTBOX

ran: list[int] = []


@handler("test_task_ok")
def record(job: Job) -> None:
    """Record the job's id."""
    ran.append(job.id)


def queued(redis_server: RedisServer) -> list[dict[str, Any]]:
    """Return the task messages waiting in Redis's default queue: name and arguments."""
    with redis_server.client() as client:
        raw = client.lrange("celery", 0, -1)
    messages = []
    for item in reversed(raw):  # kombu pushes to the head
        envelope = json.loads(item)
        args, _, _ = json.loads(base64.b64decode(envelope["body"]))
        messages.append({"task": envelope["headers"]["task"], "args": args})
    return messages


@pytest.fixture
def web_app(make_app: Callable[..., Flask], redis_server: RedisServer) -> Flask:
    """Return an app on the test database with its Celery app on the Redis broker."""
    app = make_app(CELERY_BROKER_URL=redis_server.url)
    celery_init_app(app)
    return app


def celery_of(app: Flask) -> Celery:
    """Return the Celery app ``celery_init_app`` attached to ``app``."""
    return app.extensions["celery"]


def test_a_commit_that_writes_rows_sends_the_relay_task_with_their_ids(
    web_app: Flask, redis_server: RedisServer,
) -> None:
    app = web_app
    with app.app_context(), write_transaction() as session:
        first = outbox.add(session, "test_task_ok", {}, "tasks:1")
        second = outbox.add(session, "test_task_ok", {}, "tasks:2")
        assert queued(redis_server) == []  # not before the commit
    assert queued(redis_server) == [{"task": RELAY_OUTBOX, "args": [[first, second]]}]


def test_a_rolled_back_transaction_sends_nothing(web_app: Flask,
                                                 redis_server: RedisServer) -> None:
    app = web_app
    with pytest.raises(RuntimeError), app.app_context(), write_transaction() as session:
        outbox.add(session, "test_task_ok", {}, "tasks:rolled-back")
        raise RuntimeError("the change failed")
    with app.app_context(), write_transaction():
        pass
    assert queued(redis_server) == []


def test_the_tasks_run_the_relay_and_the_sweep_in_the_app_context(web_app: Flask) -> None:
    app, celery_app = web_app, celery_of(web_app)
    ran.clear()
    first, second = add_rows(app, "test_task_ok", count=2)
    assert celery_app.tasks[RELAY_OUTBOX]([first]) == {first: SENT}
    assert celery_app.tasks[SWEEP_OUTBOX]() == {second: SENT}
    assert ran == [first, second]
    assert row(app, second)["status"] == SENT


def test_only_the_idempotent_tasks_are_acknowledged_late(web_app: Flask) -> None:
    tasks = celery_of(web_app).tasks
    assert (tasks[RELAY_OUTBOX].acks_late, tasks[SWEEP_OUTBOX].acks_late) == (True, True)
    assert tasks[PING].acks_late is False
    assert tasks[PING]() == "pong"
