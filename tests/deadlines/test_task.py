"""worker.deadlines.check_deadlines_task: the beat task checks at the service clock's time."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from service import create_app
from tests.deadlines.conftest import SettableClock
from tests.deadlines.helpers import LIMIT, event_types, new_timed_game
from tests.service.conftest import app_config
from worker.celery_app import celery_init_app
from worker.deadlines import CHECK_DEADLINES, check_deadlines_task


def run_task(app: Flask) -> dict[str, list[str]]:
    """Run the task's body as a worker does, in the app's context."""
    with app.app_context():
        return check_deadlines_task.run()


def test_the_task_acts_on_what_is_due_by_the_service_clock(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    assert run_task(app) == {"expired": [], "reminded": []}
    clock.advance(seconds=LIMIT)
    assert run_task(app) == {"expired": [game.id], "reminded": []}
    assert run_task(app) == {"expired": [], "reminded": []}
    clock.advance(seconds=LIMIT * 3 / 4)
    assert run_task(app) == {"expired": [], "reminded": [game.id]}
    assert event_types(app, game) == ["timeout", "flip", "reminder"]


def test_beat_sends_the_check_every_minute_to_workers_that_know_the_task(app: Flask) -> None:
    other = create_app(app_config(app.config["DATABASE_URL"]))
    celery = celery_init_app(other)
    entry = celery.conf.beat_schedule["check-deadlines"]
    assert (entry["task"], entry["schedule"]) == (CHECK_DEADLINES, timedelta(seconds=60))
    assert CHECK_DEADLINES in celery.tasks
