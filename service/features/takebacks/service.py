"""Takebacks: a seat asks to take back its last action; those it concerns agree, or not.

The rules (``docs/table.md``, "Takebacks"):

* A seat may take back its last action of the game turn while nothing hidden was shown since:
  before the monster's next card is turned up (``engine.take_back`` refuses otherwise).
  Everything played after it goes back too, and the game is again at the position before it,
  at a new version, with a ``takeback`` event in the log; the reactions of any change follow
  (deadlines and plans worked out again, mails, pushes, webhooks, the live pages).
* Who must agree: every other seat played by a person that acted since (the computer always
  agrees); when none has, the seat to act now, if a person plays it. A game whose creator
  chose ``free`` needs no one's agreement until another seat acts; ``off`` takes nothing back.
* A request holds while the game stays at the version it was asked at: a move, a monster
  turn or another takeback makes it lapse, as does a no or the asker withdrawing it. One
  request at a time per game; a new one replaces the last.

Each use case is one transaction; the position to return to is found by playing the game
again from its log (``service.kernel.replays``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from engine.records import ACTION, Replay
from service.features.notifications.service import tell_takeback_asked, tell_takeback_declined
from service.features.takebacks.models import (
    ASKED,
    DECLINED,
    DONE,
    LAPSED,
    WITHDRAWN,
    TakebackRequest,
)
from service.kernel.auth import SEAT, Caller, Credential, check_game_id
from service.kernel.changes import Listeners
from service.kernel.game_rules import check_active
from service.kernel.models import Action, Event, GameRecord, SeatRecord
from service.kernel.pipeline import game_changed
from service.kernel.replays import replay_game
from service.kernel.store import (
    StaleWrite,
    append_event,
    authenticate_with_seats,
    mark_changed,
    save_transition,
)
from service.kernel.views import action_words, game_view, seat_label
from service.kernel.vocabulary import TAKEBACK_ASKED, TAKEBACK_DECLINED, Takebacks
from service.plumbing.clock import iso
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError, from_engine
from service.plumbing.i18n import _
from service.plumbing.unit_of_work import read_transaction, write_transaction

__all__ = ["DONE", "answer_takeback", "ask_takeback", "read_takeback", "withdraw_takeback"]


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a takeback asked now would do: the version it returns to, the actions it takes
    back (``{seat, notation, version}``), and the seats whose yes it needs."""

    to_version: int
    undoes: list[dict[str, Any]]
    approvers: list[int]


def read_takeback(game_id: str, credential: Credential) -> dict[str, Any]:
    """Return the game's takeback rule, its request (if one holds), and whether the caller's
    seat may ask now and what it would take back (any token of the game may read)."""
    check_game_id(game_id)
    with read_transaction() as session:
        game, caller, seats, _listeners = authenticate_with_seats(session, game_id, credential)
        request = _current(session, game)
        may: dict[str, Any] = {"may_ask": False, "why_not": None, "would_undo": []}
        if caller.kind == SEAT and caller.seat is not None:
            may = _may_ask(session, game, seats, caller.seat)
        may["would_undo"] = _in_words(session, game.id, seats, may["would_undo"])
        return {"mode": game.takebacks,
                "request": _request_view(session, seats, request, game.version), **may}


def ask_takeback(game_id: str, credential: Credential,
                 expected_version: int | None = None) -> dict[str, Any]:
    """Ask to take back the caller's seat's last action; done at once when nobody needs to
    agree. With ``expected_version``, only while the game is at that version (so a request
    sent again, by a mail delivered twice, takes back nothing more). Returns ``{status: done |
    asked, request, game}``; refusals name why (409 ``takeback/off``, ``takeback/nothing``,
    ``takeback/card_drawn``, ``game/stale_version``, ``game/*``)."""
    check_game_id(game_id)
    with write_transaction() as session:
        game, caller, seats, listeners = authenticate_with_seats(session, game_id, credential,
                                                                 kinds=(SEAT,))
        seat = _seat_of(caller)
        check_active(game)
        _check_version(game, expected_version)
        replay = replay_game(session, game)
        plan = _plan(game, seats, replay, seat)
        for earlier in _holding(session, game.id):
            _close(earlier, WITHDRAWN)
        now = utcnow()
        request = TakebackRequest(game_id=game.id, seat=seat, asked_version=game.version,
                                  to_version=plan.to_version, undoes=plan.undoes,
                                  approvers=plan.approvers, answers={}, status=ASKED,
                                  created_at=now)
        session.add(request)
        if not plan.approvers:
            _take_back(session, game, seats, listeners, replay, request)
        else:
            session.flush()
            append_event(session, game, {"type": TAKEBACK_ASKED, "seat": seat,
                                         "to_version": plan.to_version,
                                         "approvers": plan.approvers, "request": request.id},
                         now)
            tell_takeback_asked(session, game, seats, seat, plan.undoes, plan.approvers,
                                request.id)
            mark_changed(session, game.id)
        return _answer(session, game, seats, caller, request)


def answer_takeback(game_id: str, credential: Credential, agree: bool,
                    expected_version: int | None = None) -> dict[str, Any]:
    """Agree to the request that asks the caller's seat, or say no; the last yes takes the
    actions back. With ``expected_version``, only while the game is at that version.
    Returns ``{status, request, game}``; refusals: 409 ``takeback/none`` (no request holds),
    ``takeback/lapsed`` (the game moved on), ``game/stale_version``, 403
    ``takeback/not_asked``."""
    check_game_id(game_id)
    with write_transaction() as session:
        game, caller, seats, listeners = authenticate_with_seats(session, game_id, credential,
                                                                 kinds=(SEAT,))
        seat = _seat_of(caller)
        _check_version(game, expected_version)
        request = _asked(session, game)
        if seat not in request.approvers:
            raise ServiceError("takeback/not_asked",
                               _("Only the players whose moves it would take back answer "
                                 "this request."), {"request": request.id})
        request.answers = {**request.answers, str(seat): agree}
        if not agree:
            _close(request, DECLINED)
            append_event(session, game, {"type": TAKEBACK_DECLINED, "seat": request.seat,
                                         "by": seat, "request": request.id}, utcnow())
            tell_takeback_declined(session, game, seats, request.seat, seat, request.id)
            mark_changed(session, game.id)
        elif all(request.answers.get(str(s)) for s in request.approvers):
            check_active(game)
            _take_back(session, game, seats, listeners, replay_game(session, game), request)
        else:
            mark_changed(session, game.id)
        return _answer(session, game, seats, caller, request)


def withdraw_takeback(game_id: str, credential: Credential) -> dict[str, Any]:
    """Withdraw the request the caller's seat made; 409 ``takeback/none`` when none holds."""
    check_game_id(game_id)
    with write_transaction() as session:
        game, caller, seats, _listeners = authenticate_with_seats(session, game_id, credential,
                                                                  kinds=(SEAT,))
        seat = _seat_of(caller)
        request = _asked(session, game)
        if request.seat != seat:
            raise ServiceError("takeback/not_yours",
                               _("Only the player who asked may withdraw this request."),
                               {"request": request.id})
        _close(request, WITHDRAWN)
        append_event(session, game, {"type": TAKEBACK_DECLINED, "seat": seat, "by": seat,
                                     "request": request.id}, utcnow())
        mark_changed(session, game.id)
        return _answer(session, game, seats, caller, request)


def _check_version(game: GameRecord, expected: int | None) -> None:
    """Refuse a request made against another version than the game's."""
    if expected is not None and expected != game.version:
        raise ServiceError("game/stale_version",
                           _("The game is at version %(version)s, not %(expected)s: someone "
                             "moved first.", version=game.version, expected=expected),
                           {"expected": expected, "version": game.version})


def _seat_of(caller: Caller) -> int:
    assert caller.seat is not None  # a seat's token
    return caller.seat


def _plan(game: GameRecord, seats: Sequence[SeatRecord], replay: Replay, seat: int) -> _Plan:
    """Return what the seat's takeback would do now, or refuse it with why."""
    if game.takebacks == Takebacks.OFF:
        raise ServiceError("takeback/off", _("The creator of this game chose no takebacks."))
    actions = replay.turn_actions()
    own = [entry for entry in actions if entry.seat == seat]
    if not own and any(entry.kind == ACTION and entry.seat == seat for entry in replay.entries):
        raise ServiceError("takeback/card_drawn",
                           _("The monster has turned up a card since your last move: what was "
                             "played before it cannot be taken back."))
    if not own:
        raise ServiceError("takeback/nothing",
                           _("You have made no move in this game turn that could be taken "
                             "back."))
    last = own[-1]
    to_version = last.version - 1
    try:
        engine.take_back(replay.positions[to_version], replay.state, seat)
    except engine.EngineError as refusal:
        raise from_engine(refusal) from None
    undone = [entry for entry in actions if entry.version >= last.version]
    people = {s.seat for s in seats if s.computer is None}
    acted = {entry.seat for entry in undone if entry.seat is not None}
    approvers = sorted((acted - {seat}) & people)
    acted_since = any(entry.seat != seat for entry in undone)
    to_move = replay.state.to_move
    if (not acted_since and game.takebacks == Takebacks.AGREEMENT and to_move is not None
            and to_move != seat and to_move in people):
        approvers = [to_move]
    undoes = [{"seat": entry.seat, "version": entry.version,
               "notation": engine.format_action(entry.action)}
              for entry in undone if entry.action is not None]
    return _Plan(to_version, undoes, approvers)


def _may_ask(session: Session, game: GameRecord, seats: Sequence[SeatRecord],
             seat: int) -> dict[str, Any]:
    """Whether ``seat`` may ask now, why not, and what it would take back."""
    try:
        check_active(game)
        plan = _plan(game, seats, replay_game(session, game), seat)
    except ServiceError as refusal:
        return {"may_ask": False, "why_not": {"code": refusal.code, "message": refusal.message},
                "would_undo": []}
    return {"may_ask": True, "why_not": None, "would_undo": plan.undoes,
            "needs": plan.approvers}


def _take_back(session: Session, game: GameRecord, seats: Sequence[SeatRecord],
               listeners: Listeners, replay: Replay, request: TakebackRequest) -> None:
    """Return the game to the request's position, as a change like any other."""
    try:
        transition = engine.take_back(replay.positions[request.to_version], replay.state,
                                      request.seat)
    except (engine.EngineError, KeyError):
        _close(request, LAPSED)
        raise ServiceError("takeback/lapsed", _("The game has moved on since this takeback "
                                                "was asked; nothing was taken back."),
                           {"request": request.id}) from None
    try:
        change = save_transition(session, game, transition, utcnow(), seats=seats,
                                 listeners=listeners)
    except StaleWrite:
        raise ServiceError("game/stale_version", _("Someone moved a moment ago; nothing was "
                                                   "taken back."),
                           {"version": game.version}) from None
    _close(request, DONE)
    game_changed(session, change)


def _close(request: TakebackRequest, status: str) -> None:
    request.status = status
    request.decided_at = utcnow()


def _holding(session: Session, game_id: str) -> list[TakebackRequest]:
    """Return the game's requests still marked as asked (at most one holds)."""
    return list(session.scalars(select(TakebackRequest).where(
        TakebackRequest.game_id == game_id, TakebackRequest.status == ASKED)))


def _current(session: Session, game: GameRecord) -> TakebackRequest | None:
    """Return the game's latest request, shown as lapsed once the game moved on from it."""
    return session.scalars(select(TakebackRequest).where(
        TakebackRequest.game_id == game.id).order_by(TakebackRequest.id.desc()).limit(1)
    ).first()


def _asked(session: Session, game: GameRecord) -> TakebackRequest:
    """Return the request that holds now; refuse when none does (marking one that lapsed)."""
    requests = _holding(session, game.id)
    if not requests:
        raise ServiceError("takeback/none", _("Nobody has asked to take back a move."))
    request = requests[-1]
    if request.asked_version != game.version:
        _close(request, LAPSED)
        raise ServiceError("takeback/lapsed", _("The game has moved on since this takeback "
                                                "was asked; nothing was taken back."),
                           {"request": request.id})
    return request


def _in_words(session: Session, game_id: str, seats: Sequence[SeatRecord],
              undoes: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Return ``undoes`` (``{seat, version, notation}``) each with its action told in the
    reader's words (``words``), as the log tells it."""
    versions = [int(undo["version"]) for undo in undoes]
    if not versions:
        return []
    actions = {row.version_after: row.seq for row in session.execute(
        select(Action.version_after, Action.seq).where(Action.game_id == game_id,
                                                       Action.version_after.in_(versions)))}
    events: dict[int, list[dict[str, Any]]] = {}
    for row in session.execute(select(Event.action_seq, Event.data).where(
            Event.game_id == game_id, Event.action_seq.in_(list(actions.values())))
            .order_by(Event.seq)):
        events.setdefault(row.action_seq, []).append(row.data)
    labels = {seat.seat: seat_label(seat) for seat in seats}
    return [{**undo, "words": action_words(events.get(actions.get(int(undo["version"]), -1), []),
                                           labels[int(undo["seat"])])} for undo in undoes]


def _request_view(session: Session, seats: Sequence[SeatRecord],
                  request: TakebackRequest | None, version: int | None = None
                  ) -> dict[str, Any] | None:
    """Return a request as readers see it (its status lapsed once the game moved on)."""
    if request is None:
        return None
    status = request.status
    if status == ASKED and version is not None and request.asked_version != version:
        status = LAPSED
    return {"id": request.id, "seat": request.seat, "status": status,
            "asked_version": request.asked_version, "to_version": request.to_version,
            "undoes": _in_words(session, request.game_id, seats, request.undoes),
            "approvers": request.approvers,
            "answers": {int(seat): said for seat, said in request.answers.items()},
            "created_at": iso(request.created_at), "decided_at": iso(request.decided_at)}


def _answer(session: Session, game: GameRecord, seats: Sequence[SeatRecord], caller: Caller,
            request: TakebackRequest) -> dict[str, Any]:
    return {"status": request.status, "request": _request_view(session, seats, request),
            "game": game_view(game, seats, caller)}
