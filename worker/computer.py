"""The outbox's ``computer_move`` handler: the computer plays its seat's move.

The job names the game, the version at which the seat came to act, and the seat;
``service.features.computer.service.play_computer_move`` acts only on the game at that version with
that seat to act and still the computer's, and submits through the one submission use case
with an idempotency key of the game and version, so a duplicate, late or repeated job
changes nothing. The bot thinks here, in the worker, never in a web request.
"""

from __future__ import annotations

from service.features.actions.service import submit_action
from service.features.computer.service import COMPUTER_JOB, play_computer_move
from worker.jobs import DATABASE_RETRY, Job, handler


@handler(COMPUTER_JOB, DATABASE_RETRY)
def run_computer_move(job: Job) -> None:
    """Play the computer's move for the job's seat at the job's version (or do nothing)."""
    play_computer_move(job.payload["game_id"], job.payload["version"], job.payload["seat"],
                       submit_action)
