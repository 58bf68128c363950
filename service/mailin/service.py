"""Handle an inbound message: log it, check who may act, do what it asks, answer it.

Both doors (``routes`` for HTTP, ``smtpd`` for SMTP) call :func:`receive`. For each reply
address among the recipients, in three steps:

1. In one transaction: the message is logged (:class:`~service.mailin.models.InboundMail`),
   or found logged already — a second delivery (same Message-ID, or same content) changes
   nothing but the row's ``duplicates`` count. A machine's message (bounce, auto-reply) is
   ignored without an answer. Then the token must verify and be current, the sender must be
   the seat's address (unless the creator turned that off), and a command must be found.
   ``board``, ``help`` and every refusal are answered in this same transaction; a move is
   recorded with the game's current version and goes on.
2. The move is submitted exactly as the API submits one: ``service.actions.service.
   submit_action``, as the seat the address vouched for, with the log row as idempotency
   key.
3. In one transaction: the outcome and the answer (the new board, or why not and the legal
   moves of that figure) are written.

If the process dies between the steps, the row stays ``received`` and the next delivery of
the message (mail servers retry until they get a 250) finishes it; the idempotency key
makes the move happen once, the outbox's dedupe key the answer be written once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import current_app
from sqlalchemy import or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

import engine
from engine import EngineError, GameState
from engine.state import FIGURES
from service.actions.service import submit_action
from service.auth import VouchedSeat
from service.errors import ServiceError
from service.game_rules import check_active
from service.mail import keys
from service.mail.addresses import (
    AddressError,
    is_reply_address,
    masked,
    read_reply_address,
    reply_address,
    verify_token,
)
from service.mailin import commands, parse, replies
from service.mailin.models import InboundMail, MailSettings
from service.models import Game, Seat, utcnow
from service.plans.service import PlanInput, plan_in
from service.store import load_state
from service.talk.service import post_in
from service.unit_of_work import write_transaction

RECEIVED = "received"
APPLIED = "applied"
ANSWERED = "answered"
REFUSED = "refused"
IGNORED = "ignored"


class MessageTooLarge(ValueError):
    """The message is larger than ``MAIL_INBOUND_MAX_BYTES``."""


@dataclass(frozen=True, slots=True)
class Result:
    """What became of a message to one reply address."""

    id: int
    recipient: str
    status: str
    code: str | None
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class _Move:
    """A move to submit: the log row, the seat, the line and the version."""

    row_id: int
    game_id: str
    seat: int
    notation: str
    version: int
    plan: tuple[str, ...] = ()  # the reply's further moves: the seat's turn plan
    flip_rest: bool = False


def receive(raw: bytes, recipients: Iterable[str] = (),
            envelope_sender: str | None = None) -> list[Result]:
    """Handle a raw message for each of its recipients that is a reply address of ours.

    ``recipients`` are the envelope's (SMTP's RCPT TO); without them, the To and Cc
    addresses. ``envelope_sender`` is SMTP's MAIL FROM ("" for the null sender <>).
    Raises :class:`MessageTooLarge`, or :class:`~service.mailin.parse.Unreadable` (logged
    here, in one line) for a message that can never be read; both are final.
    """
    limit = int(current_app.config["MAIL_INBOUND_MAX_BYTES"])
    if len(raw) > limit:
        raise MessageTooLarge(f"the message has {len(raw)} bytes; at most {limit} are read")
    try:
        inbound = parse.read(raw, envelope_sender)
    except parse.Unreadable as error:
        # One line, no traceback: whoever sent it may send it again and again.
        current_app.logger.warning("inbound message of %d bytes (envelope sender %r) refused, "
                                   "it cannot be read: %s", len(raw), envelope_sender, error)
        raise
    targets = dict.fromkeys(address.strip().strip("<>").lower()
                            for address in (list(recipients) or inbound.recipients))
    return [_handle(inbound, target) for target in targets if is_reply_address(target)]


def _handle(inbound: parse.Inbound, recipient: str) -> Result:
    with write_transaction() as session:
        row, fresh = _log(session, inbound, recipient)
        if not fresh and row.status != RECEIVED:
            row.duplicates += 1
            row.updated_at = utcnow()
            return _result(row, duplicate=True)
        move = (_decide(session, row, inbound, recipient) if fresh
                else _pending(session, row, inbound))
        if move is None:
            return _result(row)
    outcome = _submit(move)
    with write_transaction() as session:
        done = session.get(InboundMail, move.row_id)
        assert done is not None
        if done.status == RECEIVED:  # not finished meanwhile by a concurrent delivery
            _finish(session, done, inbound.message_id, move, outcome)
        return _result(done)


def _result(row: InboundMail, duplicate: bool = False) -> Result:
    return Result(row.id, row.recipient, row.status, row.code, duplicate)


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "replace")).hexdigest()


def _log(session: Session, inbound: parse.Inbound, recipient: str) -> tuple[InboundMail, bool]:
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


def _close(session: Session, row: InboundMail, message_id: str | None, status: str,
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


def _decide(session: Session, row: InboundMail, inbound: parse.Inbound,
            recipient: str) -> _Move | None:
    """Check the message to ``recipient`` and answer it, or return the move it carries (the
    row keeps the address masked)."""
    if inbound.automatic is not None:
        try:  # logged for the seat when the address names one
            token = verify_token(recipient)
            if session.get(Game, token.game_id) is not None:
                row.game_id, row.seat = token.game_id, token.seat
        except AddressError:
            pass
        _close(session, row, None, IGNORED, "mail/automatic",
               f"not answered: {inbound.automatic}", None)
        return None
    try:
        game_id, seat = read_reply_address(recipient, session)
    except AddressError as error:
        row.game_id, row.seat = error.game_id, error.seat
        _refuse(session, row, inbound, error.code, str(error))
        return None
    game = session.get(Game, game_id)
    seat_row = session.get(Seat, (game_id, seat))
    if game is None or seat_row is None:
        _refuse(session, row, inbound, "mail/wrong_token",
                "The token of this reply address is not valid.")
        return None
    row.game_id, row.seat = game_id, seat
    if _sender_must_match(session, game_id) and inbound.sender != (seat_row.email_key or ""):
        _refuse(session, row, inbound, "mail/wrong_sender",
                f"Moves for this seat are taken only from the seat's own email address, "
                f"not from {inbound.sender or 'an unnamed sender'}.")
        return None
    if inbound.said is not None:
        row.said_note = _post_said(session, game_id, seat, inbound.said)
    link = keys.mail_link(session, game_id, seat)
    state = load_state(game)
    command, problem = commands.choose(inbound.lines, state, seat) if state is not None \
        else _first(inbound.lines)
    if command is not None:
        row.command = command.text[:200]
    if command is None and inbound.said is not None:
        # A message to the table and no move: the lines it could not read were talk.
        _close(session, row, inbound.message_id, ANSWERED, "mail/said", row.said_note or "",
               replies.said(state is not None and state.to_move == seat, link))
        return None
    if command is not None and command.kind == commands.HELP:
        _close(session, row, inbound.message_id, ANSWERED, "mail/help", "sent the notation",
               replies.help_text(link))
        return None
    if command is not None and command.kind == commands.BOARD:
        if state is None:
            _refuse(session, row, inbound, "game/not_started",
                    "The game has not started yet: it waits for players.")
        else:
            _close(session, row, inbound.message_id, ANSWERED, "mail/board", "sent the board",
                    replies.board(engine.diagram(state), link))
        return None
    try:
        check_active(game)
    except ServiceError as refusal:
        _refuse(session, row, inbound, refusal.code, refusal.message)
        return None
    assert state is not None  # an active game has started
    plan = commands.planned(inbound.lines, state, seat)
    if plan.is_plan and state.phase == FIGURES:
        if state.to_move != seat or not plan.moves:
            _plan(session, row, inbound.message_id, game, seat, plan, link)
            return None
        row.command, row.version = plan.now[:200], game.version
        return _Move(row.id, game_id, seat, plan.now, game.version, plan.moves[1:],
                     plan.flip_rest)
    if command is not None:
        # Whose turn it is comes first, whatever the move says ("4 to a1" out of turn is
        # "not your turn", not "cannot get a1").
        try:
            engine.check_may_act(state, seat)
        except EngineError as refusal:
            _refuse(session, row, inbound, refusal.code,
                    _not_now(session, game_id, state, refusal))
            return None
    if command is None and problem is None:
        _close(session, row, inbound.message_id, REFUSED, "mail/no_command",
               "no command in the message",
               replies.refused_move("", "I found no line to read in your email.",
                                    commands.legal_lines(state, seat, None),
                                    engine.diagram(state), link))
        return None
    if problem is not None:
        line = command.text if command is not None else inbound.lines[0]
        _refuse_move(session, row, inbound.message_id, state, seat, line, problem.code,
                     problem.message, problem.details, link)
        return None
    assert command is not None
    row.version = game.version
    return _Move(row.id, game_id, seat, command.text, game.version)


def _post_said(session: Session, game_id: str, seat: int, text: str) -> str:
    """Post what the seat said to the game's table; return what became of it, in words."""
    try:
        post_in(session, game_id, seat, text)
    except ServiceError as refusal:
        return f"Your message was not posted to the table: {refusal.message}"[:300]
    return "Your message was posted to the table."


def _not_now(session: Session, game_id: str, state: GameState, refusal: EngineError) -> str:
    """Say why the seat may not act now, naming the player whose turn it is and their colour."""
    if isinstance(refusal, engine.NotYourTurn) and state.to_move is not None:
        name, colour = _name_of(session, game_id, state.to_move), state.colour_of(state.to_move)
        who = f"{name}'s turn ({colour})" if name else f"{colour}'s turn"
        return (f"It is {who}, not yours. Your move is taken when it is your turn: you will "
                "get an email then.")
    return refusal.message[:1].upper() + refusal.message[1:] + "."


def _name_of(session: Session, game_id: str, seat: int) -> str | None:
    """Return the name of the seat's player (None while the seat is open)."""
    row = session.get(Seat, (game_id, seat))
    return row.name if row is not None else None


def _first(lines: list[str]) -> tuple[commands.Command | None, None]:
    """Return the first line's command that is not ``say``, for a game with no position yet."""
    found = (commands.command_of(line) for line in lines)
    return next((c for c in found if c.kind != commands.SAY), None), None


def _refuse(session: Session, row: InboundMail, inbound: parse.Inbound, code: str,
            message: str) -> None:
    _close(session, row, inbound.message_id, REFUSED, code, message,
           replies.refused("Your email was not acted on", message))


def _refuse_move(session: Session, row: InboundMail, message_id: str | None,
                 state: GameState, seat: int, line: str, code: str, message: str,
                 details: Mapping[str, Any], link: str) -> None:
    """Refuse a move: say why and list the legal moves of its figure (or all, if unknown)."""
    figure = commands.figure_named(line, state, seat, details)
    legal = commands.legal_lines(state, seat, figure) if state.to_move == seat else []
    _close(session, row, message_id, REFUSED, code, message,
           replies.refused_move(line, message, legal, engine.diagram(state), link))


def _sender_must_match(session: Session, game_id: str) -> bool:
    settings = session.get(MailSettings, game_id)
    return True if settings is None else settings.sender_must_match


def _pending(session: Session, row: InboundMail, inbound: parse.Inbound) -> _Move | None:
    """Return the move of a row an earlier delivery left unfinished (with the plan its
    further lines make, read again from the message)."""
    if row.game_id is None or row.seat is None or row.command is None or row.version is None:
        return None
    game = session.get(Game, row.game_id)
    state = None if game is None else load_state(game)
    plan = None if state is None else commands.planned(inbound.lines, state, row.seat)
    if plan is None or not plan.is_plan or not plan.moves:
        return _Move(row.id, row.game_id, row.seat, row.command, row.version)
    return _Move(row.id, row.game_id, row.seat, row.command, row.version, plan.moves[1:],
                 plan.flip_rest)


def _plan(session: Session, row: InboundMail, message_id: str | None, game: Game, seat: int,
          plan: commands.Planned, link: str) -> None:
    """Make the reply's moves the seat's turn plan (all of them: it is not its turn now)."""
    try:
        plan_in(session, game, seat, [PlanInput(line) for line in plan.moves], plan.flip_rest)
    except ServiceError as refusal:
        _close(session, row, message_id, REFUSED, refusal.code, refusal.message,
               replies.refused("Your plan was not made", refusal.message))
        return
    _close(session, row, message_id, ANSWERED, "mail/planned",
           f"planned {len(plan.moves)} move(s)", replies.planned(plan.moves, plan.flip_rest,
                                                                  link))


def _plan_rest(session: Session, game: Game, move: _Move) -> list[str]:
    """Make the further moves of a reply whose first move was made the seat's turn plan;
    return what became of it, in words."""
    if not move.plan and not move.flip_rest:
        return []
    try:
        plan_in(session, game, move.seat, [PlanInput(line) for line in move.plan],
                move.flip_rest)
    except ServiceError as refusal:
        return [f"Your plan for your next turns was not made: {refusal.message}"]
    return replies.plan_words(move.plan, move.flip_rest)


@dataclass(frozen=True, slots=True)
class _Outcome:
    """How a submission ended: the canonical notation, or an error's code, words, details."""

    notation: str | None
    code: str | None = None
    message: str = ""
    details: Mapping[str, Any] | None = None


def _submit(move: _Move) -> _Outcome:
    """Submit the move through the API's own use case, as the seat the reply address and its
    sender vouched for; idempotent per log row."""
    request = {"expected_version": move.version, "notation": move.notation}
    try:
        reply = submit_action(move.game_id, VouchedSeat(move.game_id, move.seat), request,
                              f"mail-in:{move.row_id}")
    except ServiceError as error:
        return _Outcome(None, error.code, error.message, error.details)
    except EngineError as error:
        return _Outcome(None, error.code, error.message, error.details)
    return _Outcome(str(reply.body["action"]["notation"]))


def _finish(session: Session, row: InboundMail, message_id: str | None, move: _Move,
            outcome: _Outcome) -> None:
    """Record the submission's outcome and answer: the new board, or why not."""
    game = session.get(Game, move.game_id)
    assert game is not None
    state = load_state(game)
    assert state is not None  # the move was checked against a started game
    link = keys.mail_link(session, move.game_id, move.seat)
    if outcome.notation is None:
        assert outcome.code is not None
        _refuse_move(session, row, message_id, state, move.seat, move.notation, outcome.code,
                     outcome.message, outcome.details or {}, link)
        return
    to_move = None if state.to_move is None else (
        _name_of(session, move.game_id, state.to_move) or state.colour_of(state.to_move))
    plan = _plan_rest(session, game, move)
    _close(session, row, message_id, APPLIED, None,
           f"made {outcome.notation} (version {move.version} to {game.version})",
           replies.applied(outcome.notation, engine.diagram(state), link, to_move, plan))
