"""What is pushed to a seat's devices, written to the outbox in the transaction of the change.

One outbox row ``push`` per seat and thing to tell (``worker.push`` sends it to each of the
seat's devices), for a seat whose ``channels`` are push or both and that has a device:

* it is now the seat's move (with the time left when the game has a deadline), unless its
  turn plan or the computer acts for it (the mail channel holds that mail too);
* the seat was nudged;
* the game is over;
* a message was posted at the table by another seat (the seat's ``talk``: all, or none).

Each is written in the seat's language; its payload is what the device shows and never a
secret (the page at ``url`` takes the token the device stored for the game). The mail about
the same thing, written just before in the same transaction, follows the seat's choice:
with ``channels`` push it is not sent; with both and ``mail_waits`` it waits
``PUSH_MAIL_WAIT_SECONDS`` and the push's delivery decides (``deliveries.settle_mail``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from flask import current_app
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from engine import GameState
from engine.state import OVER
from service.features.mail import history
from service.features.mail import notices as mail_notices
from service.features.mail.compose import time_left
from service.features.push import devices
from service.features.push.models import ALL, BOTH, PUSH
from service.kernel.models import Game, GameRow, Seat, SeatRow
from service.kernel.naming import game_name
from service.kernel.store import load_state
from service.kernel.vocabulary import ACTIVE, FINISHED
from service.plumbing import clock, outbox
from service.plumbing.columns import utcnow
from service.plumbing.i18n import _, colour_name
from service.plumbing.outbox import PENDING, Outbox
from service.plumbing.outbox import PUSH as PUSH_JOB

TURN, NUDGE, OVER_TOPIC, TALK = "turn", "nudge", "over", "talk"
MAX_BODY = 240  # characters of a message of the table shown in a notification


def write(session: Session, game: GameRow, events: Sequence[Mapping[str, Any]], *,
          state: GameState | None = None, seats: Sequence[SeatRow] | None = None) -> None:
    """Write the pushes a change of ``game`` calls for: "your move" to the seat to move, the
    end of the game to every seat (after the mail channel wrote its mails)."""
    if game.status not in (ACTIVE, FINISHED):
        return
    state = state if state is not None else load_state(game)
    if state is None:
        return
    all_seats = list(seats) if seats is not None else list(session.scalars(
        select(Seat).where(Seat.game_id == game.id).order_by(Seat.seat)))
    for seat in all_seats:
        if state.phase == OVER:
            topic = OVER_TOPIC
        elif (seat.seat == state.to_move and seat.computer is None
              and not mail_notices.is_turn_held(session, game.id, seat.seat, game.version)):
            topic = TURN
        else:
            continue
        if not _wants_push(session, game.id, seat.seat):
            continue
        with mail_notices.in_seat_language(game, seat):
            body = (_over_words(state, all_seats) if topic == OVER_TOPIC
                    else _turn_words(game, state))
        key = f"{topic}:{game.version}"
        _write(session, game, seat, topic, body, key, f"mail:{game.id}:{seat.seat}:{key}")


def write_nudge(session: Session, game: GameRow, seat: SeatRow, nudger: str, name: str) -> None:
    """Write the push telling ``seat`` that ``nudger`` (in words) nudged it; ``name`` tells
    this nudge apart (as the nudge's mail and webhook do)."""
    state = load_state(game)
    if state is None or not _wants_push(session, game.id, seat.seat):
        return
    with mail_notices.in_seat_language(game, seat):
        # TRANSLATORS: a phone notification; %(who)s is "Ann (red)" or "The game's creator",
        # %(when)s is "turn 3, stage 1".
        body = _("%(who)s nudged you: it is your move (%(when)s).", who=nudger,
                 when=mail_notices.when(state))
    key = f"{NUDGE}:{game.version}:{name}"
    _write(session, game, seat, NUDGE, body, key, f"mail:{game.id}:{seat.seat}:{key}")


def write_notice(session: Session, game: GameRow, seat: SeatRow, topic: str, body: str,
                 key: str, mail_key: str | None) -> None:
    """Write a push of ``topic`` with ``body`` (in the seat's language) to ``seat``, if it
    wants pushes and has a device; ``key`` tells it apart in the game, ``mail_key`` names the
    seat's mail about the same thing, which follows the seat's choice."""
    if _wants_push(session, game.id, seat.seat):
        _write(session, game, seat, topic, body, key, mail_key)


def push_the_message(session: Session, game_id: str, version: int,
                     message: Mapping[str, Any]) -> None:
    """Write the push of a message posted at the table to every other seat that wants the
    table's messages (the reaction ``service.reactions`` lists)."""
    game = session.get(Game, game_id)
    if game is None or game.status not in (ACTIVE, FINISHED):
        return
    seats = session.scalars(select(Seat).where(Seat.game_id == game_id,
                                               Seat.seat != message["seat"]).order_by(Seat.seat))
    text = str(message["text"])
    text = text if len(text) <= MAX_BODY else text[:MAX_BODY - 1] + "…"
    for seat in seats:
        if not _wants_push(session, game_id, seat.seat, talk=True):
            continue
        with mail_notices.in_seat_language(game, seat):
            # TRANSLATORS: a phone notification of a message at the table: "Ann (red): hi".
            body = _("%(player)s: %(message)s", player=_poster(message), message=text)
        _write(session, game, seat, TALK, body, f"{TALK}:{message['seq']}", None)


def _poster(message: Mapping[str, Any]) -> str:
    """Return who posted: ``Ann (red)``, or the colour alone for a seat without a name."""
    name = message.get("name")
    colour = colour_name(str(message.get("colour")))
    return f"{name} ({colour})" if name else colour


def _wants_push(session: Session, game_id: str, seat: int, *, talk: bool = False) -> bool:
    """True when the seat chose push (alone or with mail), and the table's messages when
    ``talk``, and has a device of its present player."""
    choices = devices.settings_of(session, game_id, seat)
    if choices.channels not in (PUSH, BOTH) or (talk and choices.talk != ALL):
        return False
    return bool(devices.current_devices(session, game_id, seat))


def _turn_words(game: GameRow, state: GameState) -> str:
    when = mail_notices.when(state)
    deadline = None if game.paused_at is not None else game.move_deadline
    if deadline is None:
        # TRANSLATORS: a phone notification; %(when)s is "turn 3, stage 1".
        return _("It is your move (%(when)s).", when=when)
    # TRANSLATORS: a phone notification; %(left)s is a time like "2 days 3 hours".
    return _("It is your move (%(when)s): %(left)s left.", when=when,
             left=time_left(deadline, clock.now()))


def _over_words(state: GameState, seats: Sequence[SeatRow]) -> str:
    summary, _results, _why = mail_notices.outcome_words(state, history.players_of(seats))
    # TRANSLATORS: a phone notification; %(summary)s says who won.
    return _("The game is over. %(summary)s", summary=summary)


def _write(session: Session, game: GameRow, seat: SeatRow, topic: str, body: str, key: str,
           mail_key: str | None) -> None:
    """Write the push, and make the seat's mail about the same thing (its job key
    ``mail_key``, written in this transaction) follow the seat's choice."""
    choices = devices.settings_of(session, game.id, seat.seat)
    mail_id = None if mail_key is None else session.scalar(
        select(Outbox.id).where(Outbox.dedupe_key == mail_key, Outbox.status == PENDING))
    waits = mail_id is not None and choices.channels == BOTH and choices.mail_waits
    with mail_notices.in_seat_language(game, seat):
        title = game_name(game)  # a game without a name is "Game abc123", in words
    payload = {"game_id": game.id, "seat": seat.seat, "topic": topic,
               "title": title, "body": body, "url": f"/play/{game.id}",
               "tag": game.id, "mail": mail_id if waits else None}
    if outbox.add(session, PUSH_JOB, payload, f"push:{game.id}:{seat.seat}:{key}") is None:
        return  # written before: so was whatever it did to the mail
    if mail_id is None:
        return
    if choices.channels == PUSH:
        session.execute(delete(Outbox).where(Outbox.id == mail_id, Outbox.status == PENDING))
    elif waits:
        wait = timedelta(seconds=float(current_app.config["PUSH_MAIL_WAIT_SECONDS"]))
        session.execute(update(Outbox).where(Outbox.id == mail_id, Outbox.status == PENDING)
                        .values(next_attempt_at=utcnow() + wait))
