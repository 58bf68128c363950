"""The service layer of notification preferences and of the unsubscribe link."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.features.mail import keys
from service.features.mail.seats import DIGEST, NONE, answers_of, mode_of, upsert
from service.kernel.auth import SEAT, Credential, authenticate_as
from service.kernel.models import Seat, SeatNotifications
from service.plumbing.clock import iso
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError
from service.plumbing.outbox import EMAIL, Outbox
from service.plumbing.unit_of_work import read_transaction, write_transaction

MAX_DELIVERIES = 50


def read_preferences(game_id: str, credential: Credential) -> dict[str, Any]:
    """Return the seat's preferences and its latest emails (a seat's token, or a seat the
    mail door vouched for)."""
    with read_transaction() as session:
        _, caller = authenticate_as(session, game_id, credential, kinds=(SEAT,))
        assert caller.seat is not None  # a seat's credential
        return _view(session, game_id, caller.seat)


def set_preferences(game_id: str, credential: Credential, email_mode: str | None = None,
                    answers: str | None = None) -> dict[str, Any]:
    """Set the seat's email mode and/or which of its emails are answered (None: unchanged);
    return the same view as :func:`read_preferences`."""
    with write_transaction() as session:
        _, caller = authenticate_as(session, game_id, credential, kinds=(SEAT,))
        assert caller.seat is not None  # a seat's credential
        values = ({} if email_mode is None
                  else _mode_values(session, game_id, caller.seat, email_mode))
        if answers is not None:
            values["answers"] = answers
        upsert(session, game_id, caller.seat, values)
        return _view(session, game_id, caller.seat)


def unsubscribe(token: str, *, confirm: bool) -> dict[str, Any]:
    """Stop every email about the token's game to its seat (``confirm``: else only check it).

    Raises ``unsubscribe/invalid_token`` (404) for a token the service did not sign.
    """
    found = keys.read_unsubscribe_token(token)
    if found is None:
        raise ServiceError("unsubscribe/invalid_token",
                           "This unsubscribe link is not valid; copy it whole from the email.")
    game_id, seat = found
    if not confirm:
        with read_transaction() as session:
            row = session.get(SeatNotifications, (game_id, seat))
            return {"game_id": game_id, "seat": seat, "email_mode": mode_of(row)}
    with write_transaction() as session:
        upsert(session, game_id, seat, {"email_mode": NONE})
    return {"game_id": game_id, "seat": seat, "email_mode": NONE}


def _mode_values(session: Session, game_id: str, seat: int, email_mode: str) -> dict[str, Any]:
    """Return the columns to write for a new mode: a digest starts counting from now."""
    values: dict[str, Any] = {"email_mode": email_mode}
    row = session.get(SeatNotifications, (game_id, seat))
    if email_mode != mode_of(row) and email_mode == DIGEST:
        values["digest_sent_at"] = utcnow()
    return values


def _view(session: Session, game_id: str, seat: int) -> dict[str, Any]:
    row = session.get(SeatNotifications, (game_id, seat))
    address = session.scalar(select(Seat.email).where(Seat.game_id == game_id,
                                                      Seat.seat == seat))
    jobs = session.scalars(
        select(Outbox)
        .where(Outbox.kind == EMAIL, Outbox.payload["game_id"].as_string() == game_id,
               Outbox.payload["seat"].as_integer() == seat)
        .order_by(Outbox.id.desc()).limit(MAX_DELIVERIES))
    return {
        "seat": seat,
        "email": address,
        "email_mode": mode_of(row),
        "answers": answers_of(row),
        "last_active_at": iso(row.last_active_at) if row else None,
        "digest_sent_at": iso(row.digest_sent_at) if row else None,
        "deliveries": [{
            "id": job.id, "topic": job.payload.get("topic"), "subject": job.payload["subject"],
            "status": job.status, "attempts": job.attempts, "last_error": job.last_error,
            "created_at": iso(job.created_at), "next_attempt_at": iso(job.next_attempt_at),
            "sent_at": iso(job.sent_at),
        } for job in jobs],
    }
