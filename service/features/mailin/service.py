"""Handle an inbound message: log it, check who may act, do what it asks, answer it.

Both doors (``routes`` for HTTP, ``smtpd`` for SMTP) call :func:`receive`. For each reply
address among the recipients, in three steps:

1. In one transaction: the message is logged (:class:`~service.features.mailin.models.InboundMail`),
   or found logged already — a second delivery (same Message-ID, or same content) changes
   nothing but the row's ``duplicates`` count. A machine's message (bounce, auto-reply) is
   ignored without an answer. Then the token must verify and be current, the sender must be
   the seat's address (unless the creator turned that off), and a command must be found.
   ``board``, ``help``, ``language`` (which sets the seat's language) and every refusal are
   answered in this same transaction; a move is recorded with the game's current version
   and goes on, and so is one of the seat's tools (``nudge``, ``back``, ``plan``, ``plan
   clear``, ``answers``: :mod:`service.features.mailin.tools`).
2. The move is submitted exactly as the API submits one: ``service.features.actions.service.
   submit_action``, as the seat the address vouched for, with the log row as idempotency
   key (a tool: the page's use case, as that seat).
3. In one transaction: the outcome and the answer are written: why not and the legal moves
   of that figure; or, for a move made, an answer only when the seat needs one
   (:mod:`service.features.mailin.needed`: one short line, or the new board for a seat that
   asked for every answer).

If the process dies between the steps, the row stays ``received`` and the next delivery of
the message (mail servers retry until they get a 250) finishes it; the idempotency key
makes the move happen once, the outbox's dedupe key the answer be written once.

Languages: once the message is proven to come from the seat, its lines are read in the
seat's language's words (:mod:`service.features.mailin.words`) and every answer is written in the
seat's language and time zone; before that, in the game's language, or English while no
game is known.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from flask import current_app
from sqlalchemy.orm import Session

import engine
from engine import EngineError, GameState
from engine.state import FIGURES
from service.features.actions.service import submit_action
from service.features.mail import keys, trust
from service.features.mail.addresses import (
    AddressError,
    is_reply_address,
    read_reply_address,
    verify_token,
)
from service.features.mailin import commands, needed, parse, replies, tools, words
from service.features.mailin.inbox import (
    ANSWERED,
    APPLIED,
    IGNORED,
    RECEIVED,
    REFUSED,
    close,
    log_message,
)
from service.features.mailin.models import InboundMail, MailSettings
from service.features.notes.service import add_to_note, note_of
from service.features.plans.service import PlanInput, plan_in
from service.features.talk.service import post_in
from service.kernel.auth import VouchedSeat
from service.kernel.game_rules import check_active
from service.kernel.models import Game, Seat
from service.kernel.narration import diagram
from service.kernel.store import load_state
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError, engine_message
from service.plumbing.i18n import DEFAULT_LANGUAGE, _, colour_name, in_language, language_of_seat
from service.plumbing.unit_of_work import write_transaction


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
    language: str  # the seat's language and time zone: its answer's
    time_zone: str | None
    plan: tuple[str, ...] = ()  # the reply's further moves: the seat's turn plan
    flip_rest: bool = False


def receive(raw: bytes, recipients: Iterable[str] = (),
            envelope_sender: str | None = None) -> list[Result]:
    """Handle a raw message for each of its recipients that is a reply address of ours.

    ``recipients`` are the envelope's (SMTP's RCPT TO); without them, the To and Cc
    addresses. ``envelope_sender`` is SMTP's MAIL FROM ("" for the null sender <>).
    Raises :class:`MessageTooLarge`, or :class:`~service.features.mailin.parse.Unreadable` (logged
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
        row, fresh = log_message(session, inbound, recipient)
        if not fresh and row.status != RECEIVED:
            row.duplicates += 1
            row.updated_at = utcnow()
            return _result(row, duplicate=True)
        move = (_decide(session, row, inbound, recipient) if fresh
                else _pending(session, row, inbound))
        if move is None:
            return _result(row)
    finish = (tools.carry_out(move) if isinstance(move, tools.Errand)
              else partial(_finish, move=move, outcome=_submit(move)))
    with write_transaction() as session:
        done = session.get(InboundMail, move.row_id)
        assert done is not None
        if done.status == RECEIVED:  # not finished meanwhile by a concurrent delivery
            finish(session, done, inbound.message_id)
        return _result(done)


def _result(row: InboundMail, duplicate: bool = False) -> Result:
    return Result(row.id, row.recipient, row.status, row.code, duplicate)


def _decide(session: Session, row: InboundMail, inbound: parse.Inbound,
            recipient: str) -> _Move | tools.Errand | None:
    """Check the message to ``recipient`` and answer it, or return the move or the tool's
    errand it carries (the row keeps the address masked).

    Until the message is proven to come from the seat, an answer is in English, or once the
    game is known in the game's language; after, in the seat's language and time zone.
    """
    if inbound.automatic is not None:
        try:  # logged for the seat when the address names one
            token = verify_token(recipient)
            if session.get(Game, token.game_id) is not None:
                row.game_id, row.seat = token.game_id, token.seat
        except AddressError:
            pass
        close(session, row, None, IGNORED, "mail/automatic",
               f"not answered: {inbound.automatic}", None)
        return None
    with in_language(DEFAULT_LANGUAGE):
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
                    _("The token of this reply address is not valid."))
            return None
    row.game_id, row.seat = game_id, seat
    if _sender_must_match(session, game_id) and inbound.sender != (seat_row.email_key or ""):
        with in_language(game.language):
            _refuse(session, row, inbound, "mail/wrong_sender",
                    replies.wrong_sender(inbound.sender))
        return None
    if seat_row.email_key and inbound.sender == seat_row.email_key:
        # The seat's address answered to a reply address only its mail carried.
        trust.trust(session, seat_row.email_key, trust.REPLY)
    language = language_of_seat(seat_row.language, game.language)
    with in_language(language, seat_row.time_zone):
        return _act(session, row, inbound, game, seat_row, language)


def _act(session: Session, row: InboundMail, inbound: parse.Inbound, game: Game,
         seat_row: Seat, language: str) -> _Move | tools.Errand | None:
    """Do what a message proven to come from the seat asks, read in the seat's ``language``:
    answer it, or return the move or the tool's errand it carries."""
    game_id, seat = game.id, seat_row.seat
    if inbound.said is not None:
        row.said_note = _post_said(session, game_id, seat, inbound.said)
    note = _note(session, row, game_id, seat, inbound.noted)
    link = keys.mail_link(session, game_id, seat)
    state = load_state(game)
    command, problem = (commands.choose(inbound.lines, state, seat, language)
                        if state is not None else _first(inbound.lines, language))
    if command is not None:
        row.command = command.text[:200]
    if command is None and note is not None:
        close(session, row, inbound.message_id, ANSWERED, "mail/note", "sent the note",
              replies.note_shown(note, link))
        return None
    if command is None and inbound.said is not None:
        # A message to the table and no move: the lines it could not read were talk.
        close(session, row, inbound.message_id, ANSWERED, "mail/said", row.said_note or "",
               replies.said(state is not None and state.to_move == seat, link))
        return None
    if command is not None and command.kind == commands.HELP:
        close(session, row, inbound.message_id, ANSWERED, "mail/help", "sent the notation",
               replies.help_text(link))
        return None
    if command is not None and command.kind == commands.LANGUAGE:
        _set_language(session, row, inbound.message_id, game, seat_row, command.text, link)
        return None
    if command is not None and command.kind == commands.BOARD:
        if state is None:
            _refuse(session, row, inbound, "game/not_started",
                    _("The game has not started yet: it waits for players."))
        else:
            close(session, row, inbound.message_id, ANSWERED, "mail/board", "sent the board",
                    replies.board(diagram(state), link))
        return None
    if command is not None and command.kind in tools.KINDS:
        return tools.decide(session, row, inbound.message_id, game, seat_row, command,
                            language)
    try:
        check_active(game)
    except ServiceError as refusal:
        _refuse(session, row, inbound, refusal.code, refusal.message)
        return None
    assert state is not None  # an active game has started
    try:
        plan = commands.planned(inbound.lines, state, seat, language)
    except words.AmbiguousLetter as error:  # a further line is not read without guessing
        command = commands.Command(commands.MOVE, error.line)
        problem = commands.misread(error, state, seat)
        plan = commands.Planned((), False)
    if plan.is_plan and state.phase == FIGURES:
        if state.to_move != seat or not plan.moves:
            _plan(session, row, inbound.message_id, game, seat, plan, link)
            return None
        row.command, row.version = plan.now[:200], game.version
        return _Move(row.id, game_id, seat, plan.now, game.version, language,
                     seat_row.time_zone, plan.moves[1:], plan.flip_rest)
    if command is not None:
        # Whose turn it is comes first, whatever the move says ("4 to a1" out of turn is
        # "not your turn", not "cannot get a1").
        try:
            engine.check_may_act(state, seat)
        except EngineError as refusal:
            _refuse(session, row, inbound, refusal.code,
                    _not_now(session, game_id, state, refusal))
            return None
    if command is None:
        _not_understood(session, row, inbound.message_id, state, seat_row, problem, link,
                        language)
        return None
    if problem is not None:
        _refuse_move(session, row, inbound.message_id, state, seat, command.text,
                     problem.code, _words_of(problem), problem.details, link)
        return None
    row.version = game.version
    return _Move(row.id, game_id, seat, command.text, game.version, language,
                 seat_row.time_zone)


def _set_language(session: Session, row: InboundMail, message_id: str | None, game: Game,
                  seat_row: Seat, asked: str, link: str) -> None:
    """Set the seat's language to the one ``asked`` names and say so in it; or, naming none,
    answer with the choices."""
    code = commands.language_asked(asked)
    if code is None:
        current = language_of_seat(seat_row.language, game.language)
        close(session, row, message_id, REFUSED if asked else ANSWERED,
               "mail/unknown_language" if asked else "mail/language",
               f"no language {asked!r}" if asked else "sent the languages",
               replies.language_choices(asked, current, link))
        return
    seat_row.language = code
    game.updated_at = utcnow()  # the seat's view shows its language: a new ETag
    with in_language(code, seat_row.time_zone):
        close(session, row, message_id, ANSWERED, "mail/language", f"language set to {code}",
               replies.language_set(code, link))


def _note(session: Session, row: InboundMail, game_id: str, seat: int,
          noted: str | None) -> str | None:
    """Add what a ``note`` line wrote to the seat's private note (``note`` alone adds
    nothing); return the note as it stands (None: the message had no such line). What became
    of it is said first in the answer, as a ``say``'s is."""
    if noted is None:
        return None
    if not noted:
        return note_of(session, game_id, seat)
    try:
        text = str(add_to_note(session, game_id, seat, noted)["text"])
    except ServiceError as refusal:
        said = replies.noted_note(refusal.message)
        row.said_note = " ".join(filter(None, (row.said_note, said)))[:300]
        return None
    row.said_note = " ".join(filter(None, (row.said_note, replies.noted_note(None))))[:300]
    return text


def _post_said(session: Session, game_id: str, seat: int, text: str) -> str:
    """Post what the seat said to the game's table; return what became of it, in words."""
    try:
        post_in(session, game_id, seat, text)
    except ServiceError as refusal:
        return replies.said_note(refusal.message)[:300]
    return replies.said_note(None)


def _not_now(session: Session, game_id: str, state: GameState, refusal: EngineError) -> str:
    """Say why the seat may not act now, naming the player whose turn it is and their colour."""
    if isinstance(refusal, engine.NotYourTurn) and state.to_move is not None:
        return replies.not_your_turn(_name_of(session, game_id, state.to_move),
                                     colour_name(state.colour_of(state.to_move)))
    return refusal.message[:1].upper() + refusal.message[1:] + "."


def _name_of(session: Session, game_id: str, seat: int) -> str | None:
    """Return the name of the seat's player (None while the seat is open)."""
    row = session.get(Seat, (game_id, seat))
    return row.name if row is not None else None


def _first(lines: list[str], language: str) -> tuple[commands.Command | None, None]:
    """Return the first line's command that is not ``say``, for a game with no position yet."""
    found = (commands.command_of(line, language) for line in lines)
    return next((c for c in found if c.kind != commands.SAY), None), None


def _words_of(problem: EngineError | commands.Misread) -> str:
    """Return why a line was not read, in the reader's language."""
    return problem.message if isinstance(problem, commands.Misread) else engine_message(problem)


def _not_understood(session: Session, row: InboundMail, message_id: str | None,
                    state: GameState, seat_row: Seat,
                    problem: EngineError | commands.Misread | None, link: str,
                    language: str) -> None:
    """Answer an email with nothing in it to act on: why, and what the seat may write now:
    its moves, with the board, when it is its turn; else its commands."""
    game_id, seat = seat_row.game_id, seat_row.seat
    reason = (_("I found no line to read in your email.") if problem is None
              else _("I could not read your email: %(reason)s", reason=_words_of(problem)))
    your_turn = state.to_move == seat
    waited_for = None if state.to_move is None else session.get(Seat, (game_id, state.to_move))
    suggestions = (commands.legal_lines(state, seat, None) if your_turn else
                   commands.command_lines(
                       language, nudge=waited_for is not None and waited_for.computer is None,
                       back=seat_row.computer is not None,
                       every=needed.wants_every_answer(session, game_id, seat)))
    close(session, row, message_id, REFUSED, "mail/no_command" if problem is None
          else problem.code, reason,
          replies.not_understood(reason, suggestions, your_turn, diagram(state), link))


def _refuse(session: Session, row: InboundMail, inbound: parse.Inbound, code: str,
            message: str) -> None:
    close(session, row, inbound.message_id, REFUSED, code, message,
           replies.refused(_("Your email was not acted on"), message))


def _refuse_move(session: Session, row: InboundMail, message_id: str | None,
                 state: GameState, seat: int, line: str, code: str, message: str,
                 details: Mapping[str, Any], link: str) -> None:
    """Refuse a move: say why and list the legal moves of its figure (or all, if unknown)."""
    figure = commands.figure_named(line, state, seat, details)
    legal = commands.legal_lines(state, seat, figure) if state.to_move == seat else []
    close(session, row, message_id, REFUSED, code, message,
           replies.refused_move(line, message, legal, diagram(state), link))


def _sender_must_match(session: Session, game_id: str) -> bool:
    settings = session.get(MailSettings, game_id)
    return True if settings is None else settings.sender_must_match


def _pending(session: Session, row: InboundMail,
             inbound: parse.Inbound) -> _Move | tools.Errand | None:
    """Return the move of a row an earlier delivery left unfinished (with the plan its
    further lines make, read again from the message), or its tool's errand."""
    if row.game_id is None or row.seat is None or row.command is None or row.version is None:
        return None
    game = session.get(Game, row.game_id)
    seat_row = session.get(Seat, (row.game_id, row.seat))
    language = language_of_seat(None if seat_row is None else seat_row.language,
                                None if game is None else game.language)
    errand = tools.again(row, language, None if seat_row is None else seat_row.time_zone)
    if errand is not None:
        return errand
    state = None if game is None else load_state(game)
    try:
        plan = None if state is None else commands.planned(inbound.lines, state, row.seat,
                                                           language)
    except words.AmbiguousLetter:  # not so when it was recorded: the seat's language changed
        plan = None
    move = _Move(row.id, row.game_id, row.seat, row.command, row.version, language,
                 None if seat_row is None else seat_row.time_zone)
    if plan is None or not plan.is_plan or not plan.moves:
        return move
    return replace(move, plan=plan.moves[1:], flip_rest=plan.flip_rest)


def _plan(session: Session, row: InboundMail, message_id: str | None, game: Game, seat: int,
          plan: commands.Planned, link: str) -> None:
    """Make the reply's moves the seat's turn plan (all of them: it is not its turn now)."""
    try:
        plan_in(session, game, seat, [PlanInput(line) for line in plan.moves], plan.flip_rest)
    except ServiceError as refusal:
        close(session, row, message_id, REFUSED, refusal.code, refusal.message,
               replies.refused(_("Your plan was not made"), refusal.message))
        return
    close(session, row, message_id, ANSWERED, "mail/planned",
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
        return [_("Your plan for your next turns was not made: %(reason)s",
                  reason=refusal.message)]
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
    sender vouched for; idempotent per log row. A refusal is worded in the seat's language."""
    request = {"expected_version": move.version, "notation": move.notation}
    try:
        with in_language(move.language, move.time_zone):
            reply = submit_action(move.game_id, VouchedSeat(move.game_id, move.seat), request,
                                  f"mail-in:{move.row_id}")
    except ServiceError as error:
        return _Outcome(None, error.code, error.message, error.details)
    except EngineError as error:
        with in_language(move.language, move.time_zone):
            return _Outcome(None, error.code, engine_message(error), error.details)
    return _Outcome(str(reply.body["action"]["notation"]))


def _finish(session: Session, row: InboundMail, message_id: str | None, move: _Move,
            outcome: _Outcome) -> None:
    """Record the submission's outcome and answer, in the seat's language: the new board, or
    why not."""
    with in_language(move.language, move.time_zone):
        _answer_outcome(session, row, message_id, move, outcome)


def _answer_outcome(session: Session, row: InboundMail, message_id: str | None, move: _Move,
                    outcome: _Outcome) -> None:
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
        _name_of(session, move.game_id, state.to_move)
        or colour_name(state.colour_of(state.to_move)))
    plan = _plan_rest(session, game, move)
    answer = needed.answer_to_move(session, game, state, move.seat, move.version,
                                   outcome.notation, to_move, link, plan, bool(row.said_note))
    close(session, row, message_id, APPLIED, None,
          f"made {outcome.notation} (version {move.version} to {game.version})"
          + ("" if answer else "; not answered: the seat's next email follows"), answer)
