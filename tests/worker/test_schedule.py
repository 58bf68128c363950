"""worker.schedule: the beat schedule sweeps the outbox at the configured interval."""

from __future__ import annotations

from datetime import timedelta

from service.plumbing.config import DEFAULTS
from worker.schedule import beat_schedule
from worker.tasks import SWEEP_OUTBOX


def test_it_sweeps_the_outbox_every_configured_interval_and_drops_sweeps_a_minute_old(
) -> None:
    entry = beat_schedule({**DEFAULTS, "OUTBOX_SWEEP_SECONDS": 3})["sweep-outbox"]
    assert entry == {"task": SWEEP_OUTBOX, "schedule": timedelta(seconds=3),
                     "options": {"expires": 60.0}}


def test_a_sweep_interval_over_a_minute_keeps_a_sweep_until_the_next() -> None:
    entry = beat_schedule({**DEFAULTS, "OUTBOX_SWEEP_SECONDS": 300})["sweep-outbox"]
    assert entry["options"] == {"expires": 300.0}
