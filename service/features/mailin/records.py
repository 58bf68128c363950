"""The service layer of the mail-in API: a seat's inbound log, a game's mail settings."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from service.features.mail.addresses import reply_address
from service.features.mailin.models import InboundMail, MailSettings
from service.kernel.auth import CREATOR, SEAT, authenticate
from service.plumbing.clock import iso
from service.plumbing.columns import utcnow
from service.plumbing.unit_of_work import read_transaction, write_transaction

MAX_MESSAGES = 50


def read_log(game_id: str, token: str | None) -> dict[str, Any]:
    """Return the seat's reply address and its latest inbound messages, newest first."""
    with read_transaction() as session:
        _, caller = authenticate(session, game_id, token, kinds=(SEAT,))
        assert caller.seat is not None  # a seat token
        rows = session.scalars(
            select(InboundMail)
            .where(InboundMail.game_id == game_id, InboundMail.seat == caller.seat)
            .order_by(InboundMail.id.desc()).limit(MAX_MESSAGES))
        return {"reply_address": reply_address(game_id, caller.seat, session),
                "messages": [_message_view(row) for row in rows]}


def read_settings(game_id: str, token: str | None) -> dict[str, Any]:
    """Return the game's mail settings (any token of the game)."""
    with read_transaction() as session:
        authenticate(session, game_id, token)
        return _settings_view(session.get(MailSettings, game_id))


def set_settings(game_id: str, token: str | None, sender_must_match: bool) -> dict[str, Any]:
    """Set whether a reply must come from the seat's own address (the creator's token)."""
    with write_transaction() as session:
        authenticate(session, game_id, token, kinds=(CREATOR,))
        settings = session.get(MailSettings, game_id)
        if settings is None:
            settings = MailSettings(game_id=game_id)
            session.add(settings)
        settings.sender_must_match = sender_must_match
        settings.updated_at = utcnow()
        return _settings_view(settings)


def _settings_view(settings: MailSettings | None) -> dict[str, Any]:
    return {"sender_must_match": True if settings is None else settings.sender_must_match}


def _message_view(row: InboundMail) -> dict[str, Any]:
    return {"id": row.id, "received_at": iso(row.received_at), "sender": row.sender,
            "subject": row.subject, "command": row.command, "status": row.status,
            "code": row.code, "detail": row.detail, "duplicates": row.duplicates}
