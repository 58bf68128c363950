"""A plan saved while the move that hands the turn to its seat is being made: whichever
commits first, the plan starts at that turn (PostgreSQL, where writers run side by side; the
plan locks the game's row and the move reads ``has_plans`` back from its own UPDATE)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from flask import Flask

from service import create_app
from service.migrate import upgrade
from tests.plans.helpers import TWO, put_plan, run_plan_jobs
from tests.service.conftest import app_config, dispose, wipe
from tests.service.helpers import a_legal_action, create_game, read, submit

ROUNDS = 12


def both_at_once(*calls: Callable[[], object]) -> list[object]:
    """Run the calls in threads released together; return their results in order."""
    ready = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index: int, call: Callable[[], object]) -> None:
        ready.wait()
        results[index] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


@pytest.fixture
def pg_app(postgres_url: str) -> Iterator[Flask]:
    """An app on PostgreSQL only: SQLite runs one writer at a time, there is no race there."""
    app = create_app(app_config(postgres_url))
    upgrade(app)
    wipe(app)
    yield app
    dispose(app)


def one_round(app: Flask) -> None:
    """Ann's move and Bob's standing plan at once; Bob's plan must play his next sub-turn."""
    client, other = app.test_client(), app.test_client()
    game = create_game(client, seats=TWO)
    view = read(client, game, game.spectator_token)
    assert view["to_move"] == 0
    moved, planned = both_at_once(
        lambda: submit(client, game, 0, view["version"], action=a_legal_action(view)),
        lambda: put_plan(other, game, 1, flip_rest=True))
    assert moved.status_code == 201, moved.get_data(as_text=True)  # type: ignore[union-attr]
    assert planned.status_code == 200, planned.get_data(as_text=True)  # type: ignore[union-attr]
    assert run_plan_jobs(app) >= 1
    after = read(client, game, game.spectator_token)
    # Bob's standing plan flipped a figure for him: the turn is Ann's again.
    assert after["version"] == view["version"] + 2, after


def test_a_plan_saved_during_the_move_that_hands_its_seat_the_turn_starts_then(
        pg_app: Flask) -> None:
    for _ in range(ROUNDS):
        one_round(pg_app)
