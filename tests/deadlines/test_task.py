"""worker.deadlines.check_deadlines_task: the beat task checks at the service clock's time."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.deadlines.conftest import SettableClock
from tests.deadlines.helpers import LIMIT, event_types, new_timed_game
from worker.deadlines import check_deadlines_task


def run_task(app: Flask) -> dict[str, list[str]]:
    """Call the task's function as a worker does, in the app's context."""
    with app.app_context():
        return check_deadlines_task()


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
