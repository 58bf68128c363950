"""The Celery tasks of the outbox: relay rows after a commit, sweep the outbox periodically.

Tasks take row ids, never objects, and run in the Flask app context (``celery_init_app``).
Both are idempotent (the relay claims each row with a conditional UPDATE), so they are
acknowledged late: a task whose worker dies is delivered again. The work itself is
``worker.relay``'s, which tests call directly.
"""

from __future__ import annotations

from celery import shared_task
from flask import current_app

from worker import relay

RELAY_OUTBOX = "worker.tasks.relay_outbox"
SWEEP_OUTBOX = "worker.tasks.sweep_outbox"
PING = "worker.tasks.ping"


@shared_task(name=RELAY_OUTBOX, acks_late=True, ignore_result=True)
def relay_outbox(ids: list[int]) -> dict[int, str]:
    """Claim and run the outbox rows ``ids`` that are due (sent right after their commit)."""
    return relay.relay(ids)


@shared_task(name=SWEEP_OUTBOX, acks_late=True, ignore_result=True)
def sweep_outbox() -> dict[int, str]:
    """Relay the outbox rows due now (beat sends this every few seconds): a batch here, and
    up to ``OUTBOX_SWEEP_BATCHES - 1`` more handed to ``relay_outbox`` tasks for every worker.
    A handed-out task not started before the next sweep expires unrun: that sweep hands its
    rows out again, so the queue never holds more than a sweep's worth."""
    every = float(current_app.config["OUTBOX_SWEEP_SECONDS"])

    def hand_out(ids: list[int]) -> None:
        current_app.extensions["celery"].send_task(RELAY_OUTBOX, args=(ids,), expires=every)

    return relay.sweep(batches=int(current_app.config["OUTBOX_SWEEP_BATCHES"]),
                       hand_out=hand_out)


@shared_task(name=PING, ignore_result=False)
def ping() -> str:
    """Do nothing and answer: the round trip through broker and worker (benchmark, checks)."""
    return "pong"
