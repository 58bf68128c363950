"""The outbox's ``monster_phase`` handler: resolve the monster phase a player's move called for.

The job names the game and the version at which its figure phase ended;
``service.kernel.monster.resolve_monster_phase`` acts only on the game at that version in the
monster phase, so a duplicate or late job, or one run again after its worker was killed,
changes nothing.
"""

from __future__ import annotations

from service.kernel.monster import resolve_monster_phase
from service.plumbing.outbox import MONSTER_PHASE
from worker.jobs import DATABASE_RETRY, Job, handler


@handler(MONSTER_PHASE, DATABASE_RETRY)
def run_monster_phase(job: Job) -> None:
    """Resolve the monster phase of the job's game at the job's version (or do nothing)."""
    resolve_monster_phase(job.payload["game_id"], job.payload["version"])
