"""worker.schedule: the beat schedule sweeps the outbox at the configured interval."""

from __future__ import annotations

from datetime import timedelta

from service.config import DEFAULTS
from worker.schedule import beat_schedule
from worker.tasks import SWEEP_OUTBOX


def test_it_sweeps_the_outbox_every_configured_interval_and_drops_stale_sweeps() -> None:
    entry = beat_schedule({**DEFAULTS, "OUTBOX_SWEEP_SECONDS": 3})["sweep-outbox"]
    assert entry == {"task": SWEEP_OUTBOX, "schedule": timedelta(seconds=3),
                     "options": {"expires": 3.0}}
