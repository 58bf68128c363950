"""The delivery log of webhooks, written as the worker sends: what to send to, each attempt.

The worker (``worker.webhooks.sender``) asks :func:`target_of` where a message goes and
records every attempt with :func:`record_attempt`, whatever its end; a receiver answering
410 Gone disables its endpoint here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from service.features.webhooks.models import WebhookDelivery, WebhookEndpoint
from service.kernel.models import Game, Seat
from service.plumbing.columns import utcnow
from service.plumbing.i18n import _, format_moment, in_language, language_of_seat
from service.plumbing.unit_of_work import read_transaction, write_transaction

GONE = 410


@dataclass(frozen=True, slots=True)
class Attempt:
    """What one attempt came to: the answer's status (None: no answer), time, error."""

    status_code: int | None
    duration_ms: int | None
    error: str | None

    @property
    def ok(self) -> bool:
        """True when the receiver answered 2xx."""
        return self.status_code is not None and 200 <= self.status_code < 300


def target_of(endpoint_id: int) -> tuple[str, str] | None:
    """Return the URL and the signing secret of an enabled endpoint (None: deleted or
    disabled since the message was written)."""
    with read_transaction() as session:
        endpoint = session.get(WebhookEndpoint, endpoint_id)
        if endpoint is None or not endpoint.enabled:
            return None
        return endpoint.url, endpoint.secret


def record_attempt(outbox_id: int, number: int, payload: dict[str, Any],
                   attempt: Attempt) -> None:
    """Write attempt ``number`` of the message of outbox row ``outbox_id`` (its ``payload``)
    to the delivery log; on 410 Gone, disable the endpoint."""
    endpoint_id = payload["endpoint_id"]
    now = utcnow()
    with write_transaction() as session:
        endpoint = session.get(WebhookEndpoint, endpoint_id)
        if endpoint is None:
            return  # deleted while we were sending: its log went with it
        session.add(WebhookDelivery(
            endpoint_id=endpoint_id, outbox_id=outbox_id, message_id=payload["message_id"],
            event_type=payload["type"], attempt=number, ok=attempt.ok,
            status_code=attempt.status_code, duration_ms=attempt.duration_ms,
            error=attempt.error, created_at=now))
        if attempt.status_code == GONE:
            session.execute(
                update(WebhookEndpoint).where(WebhookEndpoint.id == endpoint_id)
                .values(enabled=False, updated_at=now,
                        disabled_reason=_gone(session, endpoint, now)))


def _gone(session: Session, endpoint: WebhookEndpoint, when: datetime) -> str:
    """Return why ``endpoint`` was disabled at ``when``, in its owner's language and time
    zone (the seat's, or the game's for the creator's endpoint): the owner reads it later."""
    game = session.get(Game, endpoint.game_id)
    seat = session.get(Seat, (endpoint.game_id, endpoint.seat)) if endpoint.seat is not None \
        else None
    language = language_of_seat(seat.language if seat else None, game.language if game else None)
    with in_language(language, seat.time_zone if seat else None):
        return _("The receiver answered 410 Gone at %(moment)s; enable the webhook again once "
                 "its URL works.", moment=format_moment(when))
