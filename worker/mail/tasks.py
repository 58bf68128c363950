"""The Celery task of the daily digest, sent by beat (``worker.schedule``).

It runs in the Flask app context (``celery_init_app``) and is idempotent: each seat's digest
is written once per period whatever how often the task runs (``service.features.mail.digest``).
"""

from __future__ import annotations

from celery import shared_task

from service.features.mail.digest import send_digests

SEND_DIGESTS = "worker.mail.tasks.send_digests"


@shared_task(name=SEND_DIGESTS, acks_late=True, ignore_result=True)
def send_digests_task() -> int:
    """Write the digest emails that are due now; return how many were written."""
    return send_digests()
