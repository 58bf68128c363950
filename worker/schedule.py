"""The beat schedule: which periodic task beat sends, and how often.

Exactly one beat process runs (``deploy/``). Each entry names a task by its registered name;
the module defining that task must be in ``worker.celery_app.TASK_MODULES`` so workers know
it. Intervals come from the app's configuration where a test or deployment may want another.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from worker.deadlines import CHECK_DEADLINES
from worker.mail.tasks import SEND_DAILY_MAILS, SEND_DIGESTS
from worker.retention import PRUNE
from worker.tables import START_REMATCHES
from worker.tasks import SWEEP_OUTBOX

SWEEP_EXPIRY_FLOOR_SECONDS = 60.0


def beat_schedule(config: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Return Celery's ``beat_schedule`` for an app configured with ``config``."""
    sweep_every = timedelta(seconds=config["OUTBOX_SWEEP_SECONDS"])
    return {
        # Rows whose relay task was lost (broker down, publisher failed), retries that came
        # due, claims whose worker died. A sweep not started within a minute (or its
        # interval, if longer) is dropped, so sweeps do not pile up while no worker runs; a
        # shorter expiry would drop every sweep of a worker slower than that to pick one up.
        "sweep-outbox": {
            "task": SWEEP_OUTBOX,
            "schedule": sweep_every,
            "options": {"expires": max(SWEEP_EXPIRY_FLOOR_SECONDS,
                                       sweep_every.total_seconds())},
        },
        # The daily digests (service.features.mail.digest): each run writes those that came due.
        "mail-digests": {
            "task": SEND_DIGESTS,
            "schedule": timedelta(seconds=config["MAIL_DIGEST_CHECK_SECONDS"]),
        },
        # One mail a day for all an address's games (service.features.mail.daily_mail): each
        # run writes those whose hour has come in their time zone; a run older than its
        # interval is dropped, the next one does the same work.
        "mail-daily": {
            "task": SEND_DAILY_MAILS,
            "schedule": timedelta(seconds=config["MAIL_DAILY_CHECK_SECONDS"]),
            "options": {"expires": float(config["MAIL_DAILY_CHECK_SECONDS"])},
        },
        # Move deadlines (worker.deadlines): reminders due and sub-turns whose time ran out.
        # A check older than its interval is dropped: the next one does the same work.
        "check-deadlines": {
            "task": CHECK_DEADLINES,
            "schedule": timedelta(seconds=config["DEADLINE_CHECK_SECONDS"]),
            "options": {"expires": float(config["DEADLINE_CHECK_SECONDS"])},
        },
        # Rematches whose time to answer is over start with those who said yes
        # (worker.tables); a check older than its interval is dropped.
        "start-rematches": {
            "task": START_REMATCHES,
            "schedule": timedelta(seconds=config["DEADLINE_CHECK_SECONDS"]),
            "options": {"expires": float(config["DEADLINE_CHECK_SECONDS"])},
        },
        # Retention (service.retention): idempotency keys, done outbox rows, delivery logs,
        # inbound mail past their time. A run not started within its interval is dropped.
        "prune": {
            "task": PRUNE,
            "schedule": timedelta(seconds=config["RETENTION_CHECK_SECONDS"]),
            "options": {"expires": float(config["RETENTION_CHECK_SECONDS"])},
        },
    }
