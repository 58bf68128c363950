"""The outbox's ``email`` handler: build the message, send it, say whether a failure is final.

The payload's links are sealed (``service.plumbing.sealing``): they are unsealed here, in memory,
just before the message is built, and the relay drops the sealed values once the row is done.

It runs in the worker's app context (the relay calls it there) and reads the mail settings
from ``current_app.config``. Delivery is at least once: a retried job carries the same
Message-ID, and in the embedded default it overwrites the same ``.eml`` file.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta
from pathlib import Path

from flask import current_app

from service.features.mail.deliveries import is_superseded, record_attempt
from service.plumbing import request_ids
from service.plumbing.sealing import Unsealable, unseal
from worker.jobs import Job, Retry, TransportError, handler
from worker.mail.message import BadMessage, build_message
from worker.mail.transport import SmtpRefused, SmtpSettings, send_smtp, write_eml

logger = logging.getLogger(__name__)

# 1 min, 2, 4 ... up to 1 h between tries; given up after 10 tries (about 5 hours).
EMAIL_RETRY = Retry(max_attempts=10, first=timedelta(minutes=1), cap=timedelta(hours=1))


def mail_dir() -> Path:
    """Return the folder of the embedded default: ``MAIL_DIR``, else ``instance/mail``."""
    configured = current_app.config.get("MAIL_DIR")
    return Path(configured) if configured else Path(current_app.instance_path) / "mail"


@handler("email", EMAIL_RETRY)
def deliver_email(job: Job) -> None:
    """Send the email of ``job`` and record the attempt in the mail log; raise
    ``TransportError`` (permanent or not) when it fails. A held-back confirmation that a later
    mail to the same reader made useless is not sent (its payload's ``superseded_by``)."""
    prefix = job.payload.get("superseded_by")
    if isinstance(prefix, str) and is_superseded(job.id, prefix):
        logger.info("outbox row %s not sent: a later mail to its reader took its place", job.id)
        return
    started = time.monotonic()
    try:
        send_email(job)
    except TransportError as error:
        record_attempt(job.id, job.attempt, str(error), _since(started))
        raise
    record_attempt(job.id, job.attempt, None, _since(started))


def _since(started: float) -> int:
    return round((time.monotonic() - started) * 1000)


def send_email(job: Job) -> None:
    """Build and send the email of ``job``; raise ``TransportError`` when it fails."""
    config = current_app.config
    try:
        settings = SmtpSettings.from_config(config)
    except ValueError as error:
        raise TransportError(str(error)) from error  # fixed in the configuration, then sent
    try:
        payload = unseal(job.payload)
    except Unsealable as error:
        raise TransportError(str(error), permanent=True) from error
    try:
        message = build_message(payload, job.dedupe_key, config["MAIL_FROM"])
    except BadMessage as error:
        raise TransportError(str(error), permanent=True) from error
    if job.request_id:  # the request the mail follows from, for the operator's logs
        message[request_ids.HEADER] = job.request_id
    if settings is None:
        try:
            write_eml(message, mail_dir())
        except OSError as error:
            raise TransportError(f"cannot write to {mail_dir()}: {error}") from error
        return
    try:
        send_smtp(message, settings)
    except SmtpRefused as error:
        raise TransportError(str(error), permanent=error.permanent) from error
    except OSError as error:
        raise TransportError(f"cannot reach {settings.host}:{settings.port}: {error}") from error
