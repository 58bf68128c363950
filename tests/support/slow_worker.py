"""The fault tests' Celery app: the service's own, whose monster-phase handler sleeps
``TEST_MONSTER_SLEEP_BEFORE`` seconds before resolving, or ``TEST_MONSTER_SLEEP_AFTER``
after resolving and before the relay records the job done, or holds the game's row locked
in a transaction for ``TEST_MONSTER_HOLD_LOCK`` seconds before resolving (as a resolution
under way does), so that a test can kill the worker, or cut its host off, at that very
point. Start a worker with ``celery --app tests.support.slow_worker``
(``make_stack(celery_app=...)``); production code knows nothing of it.
"""

from __future__ import annotations

import os
import time

from flask import current_app
from sqlalchemy import select

import worker
import worker.monster_job  # the service's handler is registered first: this one replaces it
from service.kernel.models import Game
from service.kernel.monster import resolve_monster_phase
from service.plumbing.outbox import MONSTER_PHASE
from service.plumbing.unit_of_work import write_transaction
from worker.jobs import DATABASE_RETRY, Job, handler


@handler(MONSTER_PHASE, DATABASE_RETRY)
def run_monster_phase_slowly(job: Job) -> None:
    """Resolve the monster phase as the service does, with the configured sleeps around."""
    time.sleep(float(os.environ.get("TEST_MONSTER_SLEEP_BEFORE", "0")))
    hold = float(os.environ.get("TEST_MONSTER_HOLD_LOCK", "0"))
    if hold:  # as the phase's own transaction: the same idle limit (keep the hold below it)
        with write_transaction(current_app.config["MONSTER_PHASE_IDLE_SECONDS"]) as session:
            session.execute(select(Game.id).where(Game.id == job.payload["game_id"])
                            .with_for_update())
            time.sleep(hold)
    resolve_monster_phase(job.payload["game_id"], job.payload["version"])
    time.sleep(float(os.environ.get("TEST_MONSTER_SLEEP_AFTER", "0")))


celery = worker.celery
