"""The service layer of table talk: posting, reading and muting, each one transaction.

Who may do what:

* any token of the game (a seat's, the creator's, the spectators') reads the messages;
* only a seat posts: the creator's and the spectators' tokens get ``auth/forbidden`` (403).
  The mail door posts for a seat it vouched for with :func:`post_in`, in its own transaction;
* only the creator mutes and unmutes a seat (``auth/forbidden`` for any other token); a
  muted seat still reads, and what it posted before stays.

The limits, which :func:`post_in` checks whoever posts:

* the text is stripped of white space at both ends and must then hold 1 to
  :data:`MAX_LENGTH` (500) characters (``talk/empty``, ``talk/too_long``: 422). Line breaks
  are kept (CR LF and CR become LF, a tab a space); any other control character, and the
  bidirectional controls that would reorder the words around them, are refused
  (``talk/invalid_text``: 422);
* at most :data:`BURST` (10) messages per seat in any :data:`BURST_WINDOW` (10 minutes)
  (``talk/too_many``: 429, ``Retry-After`` saying when the oldest of them leaves the window);
* a muted seat posts nothing (``talk/muted``: 403);
* a cancelled game takes no message (``game/cancelled``: 409). A game waiting for players,
  paused or over still does: its players may talk before, during and after the game.

A message is stored as written and is never markup: the page puts it in as text, HTML mails
escape it, the chat webhooks escape it. It carries the seat's name and colour, which are
public in the game, never a token or an email address.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Connection, Row, Select, delete, func, select, update
from sqlalchemy.orm import Session

from service.features.talk.models import GameMessage, TalkMute
from service.kernel.auth import CREATOR, SEAT, authenticate, game_not_found
from service.kernel.models import Game, Seat
from service.kernel.pipeline import message_posted
from service.kernel.views import page_view
from service.kernel.vocabulary import CANCELLED
from service.plumbing import clock, signals
from service.plumbing.clock import iso
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _, format_duration, ngettext
from service.plumbing.text import has_control, normalised_lines
from service.plumbing.unit_of_work import read_transaction, write_transaction

MAX_LENGTH = 500
BURST = 10
BURST_WINDOW = timedelta(minutes=10)
SINCE_LIMIT = 20  # the most messages a mail repeats: the latest ones


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """A message as the table shows it: who wrote it, what, when; ``seq`` orders a game's
    messages (the row's id)."""

    seq: int
    seat: int
    name: str | None
    colour: str
    text: str
    created_at: datetime


def message_view(message: MessageRecord) -> dict[str, Any]:
    """Return a message as the API shows it."""
    return {**webhook_data(message), "created_at": iso(message.created_at)}


def webhook_data(message: MessageRecord) -> dict[str, Any]:
    """Return a message as webhooks carry it (``message.posted``): public data only."""
    return {"seq": message.seq, "seat": message.seat, "name": message.name,
            "colour": message.colour, "text": message.text}


def list_messages(game_id: str, token: str | None, after: int, limit: int) -> dict[str, Any]:
    """Return the game's messages with ``seq`` greater than ``after``, oldest first, and the
    muted seats (any token of the game)."""
    with read_transaction() as session:
        game, _caller = authenticate(session, game_id, token)
        rows = session.execute(
            _messages().where(GameMessage.game_id == game_id, GameMessage.id > after)
            .order_by(GameMessage.id).limit(limit + 1))
        page = page_view((message_view(_record(row)) for row in rows), after, limit,
                         game.version)
        page["muted"] = list(session.scalars(
            select(TalkMute.seat).where(TalkMute.game_id == game_id).order_by(TalkMute.seat)))
        return page


def post_message(game_id: str, token: str | None, text: str) -> dict[str, Any]:
    """Post ``text`` for the token's seat (a seat's token only); return the message.

    Refusals: those of :func:`post_in` (module docstring); ``auth/forbidden`` for any token
    but a seat's.
    """
    with write_transaction() as session:
        _game, caller = authenticate(session, game_id, token, kinds=(SEAT,))
        assert caller.seat is not None  # a seat's token names its seat
        return message_view(post_in(session, game_id, caller.seat, text))


def post_in(session: Session, game_id: str, seat: int, text: str) -> MessageRecord:
    """Write ``text`` as a message of ``seat`` in the caller's open transaction, with the
    webhook messages that tell of it; return it.

    For a caller that knows the seat already (a seat's token; the mail door, for a seat it
    vouched for). Refuses with a :class:`ServiceError`, writing nothing: ``game/not_found``,
    ``seat/not_found``, ``game/cancelled``, ``talk/muted``, the text's codes, then
    ``talk/too_many`` (the module docstring gives the limits). The seat's row is locked until
    the commit, so that messages posted at once are counted one after the other.
    """
    now = clock.now()
    found = session.execute(
        select(Game.status, Game.version, Seat.name, Seat.colour, TalkMute.muted_at)
        .join(Seat, Seat.game_id == Game.id)
        .outerjoin(TalkMute, (TalkMute.game_id == Seat.game_id) & (TalkMute.seat == Seat.seat))
        .where(Game.id == game_id, Seat.seat == seat)
        .with_for_update(of=Seat)
    ).first()
    if found is None:
        if session.get(Game, game_id) is None:
            raise game_not_found()
        raise _no_seat(seat)
    if found.status == CANCELLED:
        raise ServiceError("game/cancelled", _("This game was cancelled: its table takes no "
                                               "more messages."))
    if found.muted_at is not None:
        raise ServiceError("talk/muted", _("The game's creator has muted your seat: you may "
                                           "read the table but not write to it."),
                           {"muted_at": iso(found.muted_at)})
    text = checked_text(text)
    _check_pace(session, game_id, seat, now)
    row = GameMessage(game_id=game_id, seat=seat, text=text, version=found.version,
                      created_at=now)
    session.add(row)
    session.flush()
    message = MessageRecord(row.id, seat, found.name, found.colour, text, now)
    message_posted(session, game_id, found.version, webhook_data(message))
    return message


def since_version(session: Session, game_id: str, version: int, *,
                  exclude_seat: int | None) -> list[MessageRecord]:
    """Return the messages posted at the game's ``version`` or later, oldest first: the last
    :data:`SINCE_LIMIT` of them, none of ``exclude_seat`` (a mail to a seat need not repeat
    its own words; None: every seat's).

    For "new messages since your last move" in a seat's mails, in the caller's transaction.
    """
    return _latest(session, game_id, GameMessage.version >= version, exclude_seat)


def since_moment(session: Session, game_id: str, moment: datetime, *,
                 exclude_seat: int | None) -> list[MessageRecord]:
    """Return the messages posted after ``moment``, as :func:`since_version` does (for a
    seat's daily digest)."""
    return _latest(session, game_id, GameMessage.created_at > moment, exclude_seat)


def _latest(session: Session, game_id: str, since: ColumnElement[bool],
            exclude_seat: int | None) -> list[MessageRecord]:
    """Return the last :data:`SINCE_LIMIT` messages ``since`` picks, oldest first, none of
    ``exclude_seat``."""
    statement = _messages().where(GameMessage.game_id == game_id, since)
    if exclude_seat is not None:
        statement = statement.where(GameMessage.seat != exclude_seat)
    rows = session.execute(statement.order_by(GameMessage.id.desc()).limit(SINCE_LIMIT)).all()
    return [_record(row) for row in reversed(rows)]


def last_message_ids(connection: Connection, game_ids: Sequence[str]) -> dict[str, int]:
    """Return the id of the last message of each game of ``game_ids`` that has one (the live
    pages' stamps, ``service.features.live.hub``), on ``connection``."""
    rows = connection.execute(
        select(GameMessage.game_id, func.max(GameMessage.id))
        .where(GameMessage.game_id.in_(list(game_ids))).group_by(GameMessage.game_id))
    return {game_id: last for game_id, last in rows}


def muted_seats(connection: Connection, game_ids: Sequence[str]) -> dict[str, list[int]]:
    """Return the muted seats of each game of ``game_ids`` that has some, in seat order (the
    live pages' stamps: a page shows its seat muted), on ``connection``."""
    muted: dict[str, list[int]] = {}
    for game_id, seat in connection.execute(
            select(TalkMute.game_id, TalkMute.seat).where(TalkMute.game_id.in_(list(game_ids)))
            .order_by(TalkMute.game_id, TalkMute.seat)):
        muted.setdefault(game_id, []).append(seat)
    return muted


def set_mute(game_id: str, token: str | None, seat: str, muted: bool) -> dict[str, Any]:
    """Mute or unmute ``seat`` (the creator's token); return ``{seat, muted}``.

    ``seat`` is the path's text. Muting a muted seat, or unmuting one that is not, changes
    nothing. Refusals: ``auth/forbidden`` for any token but the creator's, ``seat/not_found``.
    """
    with write_transaction() as session:
        authenticate(session, game_id, token, kinds=(CREATOR,))
        number = int(seat) if seat.isascii() and seat.isdigit() and len(seat) <= 2 else None
        # Locked, as post_in locks it: a mute and a message of the seat come one after the other.
        if number is None or session.execute(
                select(Seat.seat).where(Seat.game_id == game_id, Seat.seat == number)
                .with_for_update()).first() is None:
            raise _no_seat(seat)
        held = session.get(TalkMute, (game_id, number))
        if muted and held is None:
            session.add(TalkMute(game_id=game_id, seat=number, muted_at=clock.now()))
        elif not muted and held is not None:
            session.execute(delete(TalkMute).where(TalkMute.game_id == game_id,
                                                   TalkMute.seat == number))
        else:
            return {"seat": number, "muted": muted}  # nothing changed
        # A change of the game's time, so that a mute undone at once still reads as news to
        # the live pages (their stamps hold it), which may have shown the mute meanwhile.
        session.execute(update(Game).where(Game.id == game_id).values(updated_at=clock.now()))
        signals.game_touched(session, game_id)
        return {"seat": number, "muted": muted}


def checked_text(text: str) -> str:
    """Return the text a message keeps of ``text`` (stripped, line breaks as LF), or refuse
    it: ``talk/empty``, ``talk/too_long``, ``talk/invalid_text``."""
    text = normalised_lines(text)
    if not text:
        raise ServiceError("talk/empty", _("The message is empty: write something first."))
    if len(text) > MAX_LENGTH:
        raise ServiceError("talk/too_long",
                           ngettext("The message has %(num)d character; the limit is %(limit)s.",
                                    "The message has %(num)d characters; the limit is "
                                    "%(limit)s.", len(text), limit=MAX_LENGTH),
                           {"length": len(text), "limit": MAX_LENGTH})
    if has_control(text):
        raise ServiceError("talk/invalid_text", _("The message holds a control character or "
                                                  "a bidirectional control; write it without."))
    return text


def _check_pace(session: Session, game_id: str, seat: int, now: datetime) -> None:
    """Refuse a message when the seat has posted :data:`BURST` within :data:`BURST_WINDOW`."""
    latest = session.scalars(
        select(GameMessage.created_at)
        .where(GameMessage.game_id == game_id, GameMessage.seat == seat)
        .order_by(GameMessage.id.desc()).limit(BURST)).all()
    if len(latest) < BURST or latest[-1] <= now - BURST_WINDOW:
        return
    # A message may be posted again once the oldest of the last BURST leaves the window.
    wait = max(1, math.ceil((latest[-1] + BURST_WINDOW - now).total_seconds()))
    # TRANSLATORS: %(num)d messages in %(window)s ("10 minutes", said by the language's own
    # rules for a span of time) are the most a seat may post.
    posted = ngettext("You have posted %(num)d message in %(window)s, the most allowed.",
                      "You have posted %(num)d messages in %(window)s, the most allowed.",
                      BURST, window=format_duration(BURST_WINDOW))
    again = ngettext("Try again in %(num)d second.", "Try again in %(num)d seconds.", wait)
    raise ServiceError("talk/too_many", f"{posted} {again}",
                       {"limit": BURST, "window_seconds": int(BURST_WINDOW.total_seconds()),
                        "retry_after": wait},
                       headers={"Retry-After": str(wait)})


def _no_seat(seat: object) -> ServiceError:
    return ServiceError("seat/not_found", _("This game has no seat %(seat)s (seats are "
                                            "numbered from 0).", seat=seat),
                        {"seat": str(seat)})


_MessageRow = tuple[int, int, str | None, str, str, datetime]


def _messages() -> Select[*_MessageRow]:
    """Select the columns of messages with their seat's name and colour."""
    return (select(GameMessage.id, GameMessage.seat, Seat.name, Seat.colour, GameMessage.text,
                   GameMessage.created_at)
            .join(Seat, (Seat.game_id == GameMessage.game_id) & (Seat.seat == GameMessage.seat)))


def _record(row: Row[*_MessageRow]) -> MessageRecord:
    return MessageRecord(row.id, row.seat, row.name, row.colour, row.text, row.created_at)
