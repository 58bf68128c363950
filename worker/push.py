"""The handler of ``push`` outbox rows: encrypt, sign, POST to each of the seat's devices.

Each device's push service gets the message encrypted for that device (RFC 8291,
aes128gcm, by pywebpush) and signed for its origin (RFC 8292, ``service.plumbing.vapid``),
with ``TTL``, ``Urgency`` and a ``Topic`` (RFC 8030: a message sent again replaces the one
still waiting). The POST goes through the webhooks' transport: the endpoint is judged again
(https, public addresses, unless its origin is listed in ``PUSH_ALLOWED_ORIGINS``), the
connection goes to the address checked, no redirect is followed, the whole request has
``PUSH_TIMEOUT`` seconds. Every attempt is a row of the delivery log. 2xx: delivered. 404
or 410: the subscription is gone, dropped, not tried again. Another 4xx, or an endpoint now
refused: given up for that device. 429, 5xx, no answer: the job is tried again, for the
devices that did not take it yet. The mail that waited for the push is then settled: not
sent once a device took it; sent at once when none can.
"""

from __future__ import annotations

import hashlib
import http.client
import json
from datetime import timedelta

from flask import current_app
from pywebpush import WebPusher

from service.features.push import deliveries
from service.features.push.deliveries import GONE, Target
from service.features.push.endpoints import is_listed, refusal
from service.features.push.notices import TALK
from service.features.webhooks.addresses import RefusedTarget
from service.plumbing import vapid
from service.plumbing.outbox import PUSH
from service.plumbing.vapid import b64url
from worker.jobs import Job, Retry, TransportError, handler
from worker.webhooks import transport

RETRY = Retry(max_attempts=6, first=timedelta(seconds=10), cap=timedelta(minutes=30))
"""A push is news: tried again soon, and given up within about an hour."""

SHOWN = ("title", "body", "url", "tag", "game_id")


def message_of(payload: dict[str, object]) -> bytes:
    """Return what a device decrypts: the notification's words and where it leads, no secret."""
    return json.dumps({name: payload[name] for name in SHOWN if name in payload},
                      ensure_ascii=False, separators=(",", ":")).encode()


@handler(PUSH, retry=RETRY)
def deliver(job: Job) -> None:
    """Push the job's message to each device of its seat that has not taken it yet."""
    payload = job.payload
    game_id, seat = str(payload["game_id"]), int(payload["seat"])
    failures = []
    for target in deliveries.targets(job.id, game_id, seat):
        status, error, again = send(target, message_of(payload), payload, job.dedupe_key)
        deliveries.record(job.id, job.attempt, game_id, seat, target.id, status, error)
        if error is not None and again:
            failures.append(error)
    delivered = deliveries.was_delivered(job.id)
    mail = payload.get("mail")
    last_try = job.attempt >= RETRY.max_attempts
    if isinstance(mail, int) and (delivered or not failures or last_try):
        deliveries.settle_mail(mail, delivered=delivered)
    if failures:  # tried again for the devices that did not take it
        raise TransportError("; ".join(failures))


def send(target: Target, message: bytes, payload: dict[str, object], key: str
         ) -> tuple[int | None, str | None, bool]:
    """POST one encrypted message to a device's push service; return the answer's status
    (None: no answer), the error (None: delivered) and whether trying again can help."""
    endpoint = target.subscription.endpoint
    config = current_app.config
    problem = refusal(endpoint)
    if problem is not None:
        return None, f"push/invalid_endpoint: {problem}", False
    body = WebPusher(target.subscription.as_info()).encode(message, "aes128gcm")["body"]
    headers = {
        "Authorization": vapid.authorization(endpoint),
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        "TTL": str(int(config["PUSH_TTL_SECONDS"])),
        "Urgency": "normal" if payload.get("topic") == TALK else "high",
        "Topic": b64url(hashlib.sha256(key.encode()).digest()[:24]),
    }
    try:
        status = transport.post(endpoint, body, headers, timeout=float(config["PUSH_TIMEOUT"]),
                                allow_private=is_listed(endpoint))
    except RefusedTarget as refused:
        return None, f"{refused.code}: {refused}", False
    except (OSError, http.client.HTTPException) as error:
        return None, f"{type(error).__name__}: {error}".rstrip(": "), True
    if 200 <= status < 300:
        return status, None, False
    if status in GONE:
        return status, f"HTTP {status}: the subscription is gone; dropped", False
    if status == 429 or status >= 500:
        return status, f"HTTP {status}", True
    return status, f"HTTP {status}: refused by the push service", False
