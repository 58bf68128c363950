"""The handler of ``webhook`` outbox rows: sign, send, log the attempt, judge the answer.

Each attempt is one row of the delivery log, whatever its end. A 2xx answer is done; 410
Gone disables the endpoint and gives the message up; a refused address (private, or a name
that no longer resolves to a public one) gives it up too; anything else (another status, a
timeout, a refused connection) is tried again on the Standard Webhooks schedule. The
message keeps its ``webhook-id`` across attempts and redeliveries; each attempt is signed
with the time it is sent, and a chat message gets its spectator link's token then
(``service.features.webhooks.spectator``). Runs in the Flask app context the relay provides.
"""

from __future__ import annotations

import http.client
import json
import time
from datetime import timedelta

from flask import current_app

from service.features.webhooks import signing, spectator
from service.features.webhooks.addresses import RefusedTarget, allows_private
from service.features.webhooks.deliveries import GONE, Attempt, record_attempt, target_of
from service.plumbing import request_ids
from service.plumbing.outbox import WEBHOOK
from worker.jobs import Job, Retry, TransportError, handler
from worker.webhooks import transport

# Standard Webhooks' schedule: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
RETRY = Retry(max_attempts=8, delays=(
    timedelta(seconds=5), timedelta(minutes=5), timedelta(minutes=30), timedelta(hours=2),
    timedelta(hours=5), timedelta(hours=10), timedelta(hours=10)))

def encode(body: object) -> bytes:
    """Return the bytes sent (and signed) for a message body: compact UTF-8 JSON."""
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


@handler(WEBHOOK, retry=RETRY)
def deliver(job: Job) -> None:
    """Send one webhook message; raise ``TransportError`` unless the receiver took it."""
    endpoint_id = job.payload["endpoint_id"]
    target = target_of(endpoint_id)
    if target is None:
        raise TransportError(f"webhook {endpoint_id} was deleted or disabled; not sent",
                             permanent=True)
    url, secret = target
    body = encode(spectator.fill(job.payload["body"], job.payload.get("game_id", "")))
    headers = signing.headers(secret, job.payload["message_id"], int(time.time()), body)
    if job.request_id:  # the request the webhook follows from, for the operator's logs
        headers[request_ids.HEADER] = job.request_id
    attempt, permanent = send(url, body, headers)
    record_attempt(job.id, job.attempt, job.payload, attempt)
    if attempt.ok:
        return
    raise TransportError(attempt.error or "not delivered",
                         permanent=permanent or attempt.status_code == GONE)


def send(url: str, body: bytes, headers: dict[str, str]) -> tuple[Attempt, bool]:
    """POST the message; return the attempt and whether a failure is permanent."""
    config = current_app.config
    started = time.monotonic()
    try:
        status = transport.post(url, body, headers, timeout=config["WEBHOOK_TIMEOUT"],
                                allow_private=allows_private(config["WEBHOOK_ALLOW_PRIVATE"]))
    except RefusedTarget as refused:
        return Attempt(None, None, f"{refused.code}: {refused}"), True
    except (OSError, http.client.HTTPException) as error:
        elapsed = round((time.monotonic() - started) * 1000)
        return Attempt(None, elapsed, f"{type(error).__name__}: {error}".rstrip(": ")), False
    elapsed = round((time.monotonic() - started) * 1000)
    if 200 <= status < 300:
        return Attempt(status, elapsed, None), False
    problem = f"HTTP {status}"
    if status == GONE:
        problem += ": the receiver is gone; the webhook is disabled"
    elif 300 <= status < 400:
        problem += ": redirects are not followed"
    return Attempt(status, elapsed, problem), False
