"""The fault tests' Celery app: the service's own, whose monster-phase handler sleeps
``TEST_MONSTER_SLEEP_BEFORE`` seconds before resolving, or ``TEST_MONSTER_SLEEP_AFTER``
after resolving and before the relay records the job done, so that a test can kill the
worker at that very point. Start a worker with ``celery --app tests.support.slow_worker``
(``make_stack(celery_app=...)``); production code knows nothing of it.
"""

from __future__ import annotations

import os
import time

import worker
import worker.monster_job  # the service's handler is registered first: this one replaces it
from service.monster import resolve_monster_phase
from service.outbox import MONSTER_PHASE
from worker.jobs import DATABASE_RETRY, Job, handler


@handler(MONSTER_PHASE, DATABASE_RETRY)
def run_monster_phase_slowly(job: Job) -> None:
    """Resolve the monster phase as the service does, with the configured sleeps around."""
    time.sleep(float(os.environ.get("TEST_MONSTER_SLEEP_BEFORE", "0")))
    resolve_monster_phase(job.payload["game_id"], job.payload["version"])
    time.sleep(float(os.environ.get("TEST_MONSTER_SLEEP_AFTER", "0")))


celery = worker.celery
