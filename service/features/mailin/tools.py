"""The seat's tools by mail: ``nudge``, ``back``, ``plan``, ``plan clear``, ``answers``
(``all``, ``needed``, or alone to read it), ``undo`` (ask to take back the seat's last
move) and ``yes`` / ``no`` (to another seat's takeback), each done by the use case the page
uses.

A command is carried out in the three steps of a move (``service.features.mailin.service``):

1. in the transaction that logs the message, :func:`decide` records the command (the log
   row's ``command`` and the game's ``version``) and returns an :class:`Errand`, or answers
   at once what needs no use case (``back`` from a seat the computer does not play);
2. :func:`carry_out` runs the page's use case, as the seat the reply address and its
   sender vouched for (:class:`~service.kernel.auth.VouchedSeat`), in that use case's own
   transaction: ``deadlines.nudge.nudge``, ``computer.service.hand_to_computer``,
   ``plans.service.read_plan`` / ``cancel_plan``, ``prefs.service.read_preferences`` /
   ``set_preferences``, ``takebacks.service.ask_takeback`` / ``answer_takeback``; so the
   rules, the refusals and what the change sets off (the nudge's email and webhook, the
   log's events, the live pages) are the page's;
3. in one transaction, what became of it and the answer are written, in the seat's language
   (a refusal is the use case's own message).

A message left ``received`` between the steps is finished by its next delivery from step 2:
``back``, ``plan clear`` and ``answers`` do nothing twice, a nudge sent already is refused as
too soon (the answer then says when the next may go), and a takeback asked or answered
already is refused as done or lapsed (the game moved on with it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from service.features.computer.service import hand_to_computer
from service.features.deadlines.nudge import nudge
from service.features.mail import keys
from service.features.mail import words as mail_words
from service.features.mail.seats import ANSWERS_EVERY, ANSWERS_NEEDED
from service.features.mailin import commands, replies
from service.features.mailin.inbox import ANSWERED, REFUSED, close
from service.features.mailin.models import InboundMail
from service.features.plans.service import cancel_plan, read_plan
from service.features.prefs.service import read_preferences, set_preferences
from service.features.tables.service import answer_rematch, ask_or_play
from service.features.takebacks.service import DONE, answer_takeback, ask_takeback
from service.kernel.auth import VouchedSeat
from service.kernel.models import Game, Seat
from service.kernel.narration import diagram
from service.kernel.store import load_state
from service.kernel.vocabulary import FINISHED
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _, colour_name, format_moment, in_language

KINDS = frozenset({commands.NUDGE, commands.BACK, commands.PLAN, commands.ANSWERS,
                   commands.UNDO, commands.YES, commands.NO, commands.REMATCH})
"""The kinds of command this module carries out."""

_AT_VERSION: dict[str, Callable[[str, VouchedSeat, int | None], Mapping[str, Any]]] = {
    commands.UNDO: ask_takeback,
    commands.YES: lambda game_id, seat, version: answer_takeback(game_id, seat, True, version),
    commands.NO: lambda game_id, seat, version: answer_takeback(game_id, seat, False, version),
}
"""The commands done only while the game is at the version the message was read at (a
takeback: done again, it would take back another move), and their use cases."""

_USE_CASES: dict[str, Callable[[str, VouchedSeat], Mapping[str, Any]]] = {
    commands.NUDGE: nudge,
    commands.BACK: lambda game_id, seat: hand_to_computer(game_id, seat, str(seat.seat), None),
    commands.PLAN: read_plan,
    commands.PLAN_CLEAR: lambda game_id, seat: {"had": cancel_plan(game_id, seat)},
    commands.ANSWERS: read_preferences,
    commands.ANSWERS_ALL: lambda game_id, seat: set_preferences(game_id, seat,
                                                                answers=ANSWERS_EVERY),
    commands.ANSWERS_NEEDED: lambda game_id, seat: set_preferences(game_id, seat,
                                                                   answers=ANSWERS_NEEDED),
    commands.REMATCH: lambda game_id, seat: ask_or_play(game_id, seat),
    commands.REMATCH_YES: lambda game_id, seat: answer_rematch(game_id, seat, True),
    commands.REMATCH_NO: lambda game_id, seat: answer_rematch(game_id, seat, False),
}
"""Each command (in the canonical words) and the page's use case that does it."""


@dataclass(frozen=True, slots=True)
class Errand:
    """A command to carry out: the log row, the seat, the command in the canonical words
    (``plan clear``), and the seat's language and time zone (its answer's)."""

    row_id: int
    game_id: str
    seat: int
    command: str
    language: str
    time_zone: str | None
    version: int | None = None  # the game's when the message was read


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the use case returned, or its refusal's code and words."""

    result: Mapping[str, Any] | None
    code: str | None = None
    message: str = ""


def decide(session: Session, row: InboundMail, message_id: str | None, game: Game,
           seat_row: Seat, command: commands.Command, language: str) -> Errand | None:
    """Record ``command`` on the log row and return it to carry out; or answer it at once
    when there is nothing to do (the seat takes back a seat that is its own already)."""
    if command.kind == commands.BACK and seat_row.computer is None:
        close(session, row, message_id, ANSWERED, "mail/back", "the seat was its player's",
              replies.seat_yours(keys.mail_link(session, game.id, seat_row.seat)))
        return None
    if game.status == FINISHED and command.kind in (commands.YES, commands.NO):
        # Once the game is over, yes and no answer its rematch (no takeback is left to ask).
        command = commands.Command(commands.REMATCH, commands.REMATCH_YES
                                   if command.kind == commands.YES else commands.REMATCH_NO)
    row.command, row.version = command.text, game.version
    return Errand(row.id, game.id, seat_row.seat, command.text, language, seat_row.time_zone,
                  game.version)


def again(row: InboundMail, language: str, time_zone: str | None) -> Errand | None:
    """Return the errand of a log row an earlier delivery left unfinished (None: the row's
    command is a move)."""
    if (row.command not in _USE_CASES and row.command not in _AT_VERSION
            or row.game_id is None or row.seat is None):
        return None
    return Errand(row.id, row.game_id, row.seat, row.command, language, time_zone,
                  row.version)


def carry_out(errand: Errand) -> Callable[[Session, InboundMail, str | None], None]:
    """Run the errand's use case as the seat (step 2); return step 3, which records what
    became of it on the log row and writes the answer."""
    seat = VouchedSeat(errand.game_id, errand.seat)
    try:
        with in_language(errand.language, errand.time_zone):
            if errand.command in _AT_VERSION:
                outcome = Outcome(_AT_VERSION[errand.command](errand.game_id, seat,
                                                              errand.version))
            else:
                outcome = Outcome(_USE_CASES[errand.command](errand.game_id, seat))
    except ServiceError as refusal:
        outcome = Outcome(None, refusal.code, refusal.message)

    def finish(session: Session, row: InboundMail, message_id: str | None) -> None:
        with in_language(errand.language, errand.time_zone):
            _answer(session, row, message_id, errand, outcome)
    return finish


def _answer(session: Session, row: InboundMail, message_id: str | None, errand: Errand,
            outcome: Outcome) -> None:
    if outcome.result is None:
        assert outcome.code is not None
        close(session, row, message_id, REFUSED, outcome.code, outcome.message,
              replies.refused(_("Your email was not acted on"), outcome.message))
        return
    link = keys.mail_link(session, errand.game_id, errand.seat)
    result, kind = outcome.result, (
        commands.REMATCH if errand.command in (commands.REMATCH_YES, commands.REMATCH_NO)
        else commands.command_of(errand.command).kind)
    if kind == commands.NUDGE:
        answer = replies.nudged(_player(session, errand.game_id, result["seat"]),
                                bool(result["emailed"]),
                                format_moment(datetime.fromisoformat(result["next_nudge_at"])),
                                link)
        detail = f"nudged seat {result['seat']}"
    elif kind == commands.BACK:
        answer, detail = _back(session, errand, link), "took the seat back from the computer"
    elif kind == commands.REMATCH:
        answer = _rematch(result, link)
        detail = f"rematch: {result['rematch']['status']}"
    elif kind in (commands.UNDO, commands.YES, commands.NO):
        answer = _takeback(session, errand, result, link)
        detail = f"takeback {result['request']['id']}: {result['status']}"
    elif errand.command == commands.PLAN:
        answer = replies.plan_shown([line["notation"] for line in result["lines"]],
                                    result["flip_rest"], result["stopped"],
                                    mail_words.said_as(commands.PLAN_CLEAR, errand.language), link)
        detail = f"sent the plan ({len(result['lines'])} line(s))"
    elif errand.command == commands.PLAN_CLEAR:
        answer = replies.plan_cleared(bool(result["had"]), link)
        detail = "dropped the plan" if result["had"] else "no plan to drop"
    else:
        every = result["answers"] == ANSWERS_EVERY
        answer = replies.answers_setting(every, mail_words.said_as(
            commands.ANSWERS_NEEDED if every else commands.ANSWERS_ALL, errand.language), link)
        detail = f"answers: {result['answers']}"
    close(session, row, message_id, ANSWERED, "mail/" + errand.command.replace(" ", "_"),
          detail, answer)


def _back(session: Session, errand: Errand, link: str) -> replies.Answer:
    """Return the answer to a seat taken back: with its moves and the board if it is its
    turn now (no "your move" email comes for it: the turn began while the computer had it)."""
    game = session.get(Game, errand.game_id)
    state = None if game is None else load_state(game)
    if state is None or state.to_move != errand.seat:
        return replies.seat_back([], None, link)
    return replies.seat_back(commands.legal_lines(state, errand.seat, None), diagram(state),
                             link)


def _takeback(session: Session, errand: Errand, result: Mapping[str, Any],
              link: str) -> replies.Answer:
    """Return the answer to ``undo``, ``yes`` or ``no``: what became of the takeback, and
    when the move is the seat's again, its moves and the board."""
    request = result["request"]
    waiting = [_player(session, errand.game_id, seat) for seat in request["approvers"]
               if not request["answers"].get(seat)]
    if result["status"] == DONE and request["seat"] == errand.seat:
        game = session.get(Game, errand.game_id)
        state = None if game is None else load_state(game)
        legal = ([] if state is None or state.to_move != errand.seat
                 else commands.legal_lines(state, errand.seat, None))
        return replies.taken_back(legal, diagram(state) if legal and state else None, link)
    return replies.takeback_news(result["status"], request["seat"] == errand.seat, waiting,
                                 link)


def _rematch(result: Mapping[str, Any], link: str) -> replies.Answer:
    """Return the answer to ``rematch``, or to ``yes`` / ``no`` once the game is over: what
    became of the rematch, and who is still asked."""
    rematch, you = result["rematch"], result["you"]
    plays = None if you is None else rematch["answers"].get(you)
    return replies.rematch_news(rematch["status"], plays, rematch["waiting_names"], link)


def _player(session: Session, game_id: str, seat: int) -> str:
    """Return a seat's player's name, or its colour while it has none."""
    row = session.get(Seat, (game_id, seat))
    assert row is not None
    return row.name or colour_name(row.colour)
