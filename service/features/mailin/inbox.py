"""The inbound log: a message's row (found again when the message comes a second time), and
what became of it, written with its answer in one transaction."""

from __future__ import annotations

import hashlib

from sqlalchemy import or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.features.mail.addresses import masked, reply_address
from service.features.mailin import parse, replies
from service.features.mailin.models import InboundMail
from service.kernel.models import Seat
from service.plumbing.columns import utcnow

RECEIVED = "received"
APPLIED = "applied"
ANSWERED = "answered"
REFUSED = "refused"
IGNORED = "ignored"


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "replace")).hexdigest()


def log_message(session: Session, inbound: parse.Inbound,
                recipient: str) -> tuple[InboundMail, bool]:
    """Insert the message's log row; return it and True, or the row of an earlier delivery
    and False."""
    message_key = _digest(recipient, inbound.message_id) if inbound.message_id else None
    content_key = _digest(recipient, inbound.sender, inbound.date, inbound.subject,
                          inbound.body)
    now = utcnow()
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    row_id = session.execute(
        insert(InboundMail).values(
            message_key=message_key, content_key=content_key,
            recipient=masked(recipient)[:254],
            sender=inbound.sender[:254], subject=inbound.subject, status=RECEIVED,
            duplicates=0, received_at=now, updated_at=now)
        .on_conflict_do_nothing()
        .returning(InboundMail.id)
    ).scalar_one_or_none()
    if row_id is not None:
        row = session.get(InboundMail, row_id)
        assert row is not None
        return row, True
    keys_match = InboundMail.content_key == content_key
    if message_key is not None:
        keys_match = or_(keys_match, InboundMail.message_key == message_key)
    earlier = session.scalars(select(InboundMail).where(keys_match).order_by(InboundMail.id)
                              .limit(1)).one()
    return earlier, False


def close(session: Session, row: InboundMail, message_id: str | None, status: str,
          code: str | None, detail: str, answer: replies.Answer | None) -> None:
    """Record what became of the message and write its answer (None: no answer; nor when
    the message names no sender to answer)."""
    row.status, row.code, row.detail, row.updated_at = status, code, detail[:2000], utcnow()
    if answer is not None and row.sender:
        session.flush()
        replies.write(session, row, message_id, answer, _answer_address(session, row, code))


# Answers to these go without the seat's reply address: the message did not prove it came
# from the seat (a bad, retired or foreign address, or another sender).
_UNPROVEN = frozenset({"mail/not_reply_address", "mail/wrong_token", "mail/retired_token",
                       "mail/wrong_sender"})


def _answer_address(session: Session, row: InboundMail, code: str | None) -> str | None:
    """Return the seat's reply address for an answer to a message the seat sent, else None."""
    if row.game_id is None or row.seat is None or code in _UNPROVEN:
        return None
    if session.get(Seat, (row.game_id, row.seat)) is None:
        return None
    return reply_address(row.game_id, row.seat, session)
