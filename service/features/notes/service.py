"""Private notes: a seat keeps its own notes about its game, which no one else reads.

Only the seat's own token (or its reply address, by mail: ``note ...``) reads and writes
them; the creator's and the spectators' tokens get ``auth/forbidden``. No view, record,
webhook, push or mail to another seat holds them. A note holds at most :data:`MAX_LENGTH`
characters (``note/too_long``, 422), with line breaks and no control characters
(``note/invalid_text``); an empty one is deleted. When the creator hands the seat to a new
player, its note goes with the player who left (:func:`drop_seat_note`, a reaction).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete
from sqlalchemy.orm import Session

from service.features.notes.models import SeatNote
from service.kernel.auth import SEAT, Credential, check_game_id
from service.kernel.store import authenticate_with_seats
from service.plumbing.clock import iso
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _, ngettext
from service.plumbing.text import has_control, normalised_lines
from service.plumbing.unit_of_work import read_transaction, write_transaction

MAX_LENGTH = 4000


def read_note(game_id: str, credential: Credential) -> dict[str, Any]:
    """Return the caller's seat's note: ``{text, updated_at}`` (empty when it has none)."""
    check_game_id(game_id)
    with read_transaction() as session:
        _game, caller, _seats, _listeners = authenticate_with_seats(
            session, game_id, credential, kinds=(SEAT,))
        assert caller.seat is not None
        return _view(session.get(SeatNote, (game_id, caller.seat)))


def write_note(game_id: str, credential: Credential, text: str) -> dict[str, Any]:
    """Replace the caller's seat's note with ``text`` (empty: delete it); return it."""
    check_game_id(game_id)
    with write_transaction() as session:
        _game, caller, _seats, _listeners = authenticate_with_seats(
            session, game_id, credential, kinds=(SEAT,))
        assert caller.seat is not None
        return _view(_keep(session, game_id, caller.seat, checked(text)))


def add_to_note(session: Session, game_id: str, seat: int, text: str) -> dict[str, Any]:
    """Add ``text`` as the last lines of the seat's note in the caller's transaction (the
    mail door's ``note ...``, for a seat it vouched for); return the note. Refuses, writing
    nothing, as :func:`write_note` does."""
    line = checked(text)
    note = session.get(SeatNote, (game_id, seat))
    return _view(_keep(session, game_id, seat, checked(
        f"{note.text}\n{line}" if note is not None else line)))


def note_of(session: Session, game_id: str, seat: int) -> str:
    """Return the seat's note in the caller's transaction ("" when it has none): the mail
    door's ``note`` alone, for a seat it vouched for."""
    return str(_view(session.get(SeatNote, (game_id, seat)))["text"])


def drop_seat_note(session: Session, game_id: str, seat: int) -> None:
    """Delete the note of a seat handed to a new player: it was the player's who left (the
    reaction ``service.reactions`` lists)."""
    session.execute(delete(SeatNote).where(SeatNote.game_id == game_id, SeatNote.seat == seat))


def checked(text: str) -> str:
    """Return the note a text makes (stripped, line breaks as LF), or refuse it."""
    text = normalised_lines(text)
    if len(text) > MAX_LENGTH:
        raise ServiceError("note/too_long",
                           ngettext("The note has %(num)d character; the limit is %(limit)s.",
                                    "The note has %(num)d characters; the limit is %(limit)s.",
                                    len(text), limit=MAX_LENGTH),
                           {"length": len(text), "limit": MAX_LENGTH})
    if has_control(text):
        raise ServiceError("note/invalid_text", _("The note holds a control character or a "
                                                  "bidirectional control; write it without."))
    return text


def _keep(session: Session, game_id: str, seat: int, text: str) -> SeatNote | None:
    """Store ``text`` as the seat's note (none when empty); return the row."""
    note = session.get(SeatNote, (game_id, seat))
    if not text:
        if note is not None:
            session.delete(note)
        return None
    if note is None:
        note = SeatNote(game_id=game_id, seat=seat, text=text, updated_at=utcnow())
        session.add(note)
    else:
        note.text, note.updated_at = text, utcnow()
    return note


def _view(note: SeatNote | None) -> dict[str, Any]:
    return {"text": "" if note is None else note.text,
            "updated_at": None if note is None else iso(note.updated_at)}
