"""The Celery tasks of the daily digest and of the daily mail, sent by beat (``worker.schedule``).

They run in the Flask app context (``celery_init_app``) and are idempotent: each seat's digest
is written once per period whatever how often the task runs (``service.features.mail.digest``),
each address's daily mail once per day of its own (``service.features.mail.daily_mail``).
"""

from __future__ import annotations

from celery import shared_task

from service.features.mail.daily_mail import send_daily_mails
from service.features.mail.digest import send_digests

SEND_DIGESTS = "worker.mail.tasks.send_digests"
SEND_DAILY_MAILS = "worker.mail.tasks.send_daily_mails"


@shared_task(name=SEND_DIGESTS, acks_late=True, ignore_result=True)
def send_digests_task() -> int:
    """Write the digest emails that are due now; return how many were written."""
    return send_digests()


@shared_task(name=SEND_DAILY_MAILS, acks_late=True, ignore_result=True)
def send_daily_mails_task() -> int:
    """Write the daily mails that are due now; return how many were written."""
    return send_daily_mails()
