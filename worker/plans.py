"""The outbox's ``turn_plan`` handler: play the next step of a seat's turn plan.

The job names the game, the version at which the seat came to act, and the seat;
``service.features.plans.service.apply_plan`` acts only on the game at that version with that seat
to act, and submits through the one submission use case with an idempotency key of the
game and version, so a duplicate, late or repeated job changes nothing.
"""

from __future__ import annotations

from service.features.actions.service import submit_action
from service.features.plans.service import PLAN_JOB, apply_plan
from worker.jobs import DATABASE_RETRY, Job, handler


@handler(PLAN_JOB, DATABASE_RETRY)
def run_turn_plan(job: Job) -> None:
    """Play (or stop) the plan of the job's seat at the job's version (or do nothing)."""
    apply_plan(job.payload["game_id"], job.payload["version"], job.payload["seat"],
               submit_action)
