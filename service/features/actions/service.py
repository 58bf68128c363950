"""The service layer of submissions: check, apply with the engine, store, in one transaction."""

from __future__ import annotations

from typing import Any

import engine
from engine import GameState
from service.kernel.auth import SEAT, Caller, Credential, VouchedSeat, check_game_id
from service.kernel.game_rules import check_active
from service.kernel.models import Game
from service.kernel.pipeline import game_changed
from service.kernel.store import (
    StaleWrite,
    authenticate_with_seats,
    load_state,
    save_transition,
    seats_of,
)
from service.kernel.views import action_view, action_words, event_view, game_view, seat_label
from service.kernel.vocabulary import COMPUTER
from service.plumbing import idempotency
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.idempotency import Reply
from service.plumbing.unit_of_work import read_transaction, write_transaction


class _Stale(Exception):
    """The submission was made against another version than the game's current one."""

    def __init__(self, caller: Caller) -> None:
        super().__init__(caller.token_hash)
        self.caller = caller


def submit_action(game_id: str, credential: Credential, request: dict[str, Any],
                  idempotency_key: str | None) -> Reply:
    """Apply a seat's action to the game if it is current, legal and the seat's turn.

    ``credential`` is who asks: a request's bearer token, or a seat the mail door vouched
    for. ``request`` holds ``expected_version`` and either ``notation`` or a structured
    ``action``. With an ``idempotency_key``, a retry returns the first reply unchanged.
    Of concurrent submissions against one version exactly one is applied; the others get
    ``game/stale_version`` with the current view.
    """
    check_game_id(game_id)
    # Only a request with a key is ever compared with another (a replay).
    body_fingerprint = "" if idempotency_key is None else idempotency.fingerprint(request)
    try:
        with write_transaction() as session:
            game, caller, seats, listeners = authenticate_with_seats(
                session, game_id, credential, kinds=(SEAT,))
            if idempotency_key is not None:
                record = idempotency.find(session, game_id, caller.token_hash, idempotency_key)
                if record is not None:
                    return idempotency.replay(record, body_fingerprint)
            check_active(game)
            if request["expected_version"] != game.version:
                raise _Stale(caller)
            state = load_state(game)
            assert state is not None  # an active game has started
            seat = caller.seat
            assert seat is not None  # a seat token
            action = parse(request, state, seat)
            try:
                transition = engine.apply_action(state, action, seat,
                                                 expected_version=request["expected_version"])
                if isinstance(credential, VouchedSeat) and credential.computer is not None:
                    # The log tells that the computer played it (service.features.computer).
                    played = {"type": COMPUTER, "seat": seat, "level": credential.computer}
                    transition = engine.Transition(transition.state,
                                                   (played, *transition.events))
                change = save_transition(session, game, transition, utcnow(), action, seat,
                                         seats, listeners)
            except StaleWrite:
                raise _Stale(caller) from None
            game_changed(session, change)
            assert change.action is not None
            reply = Reply(201, {
                "action": action_view(change.action, action_words(
                    change.events, seat_label(seats[seat]))),
                "events": [event_view(e) for e in change.written_events],
                "game": game_view(game, seats, caller, transition.state),
            })
            if idempotency_key is not None:
                idempotency.remember(session, game_id, caller.token_hash, idempotency_key,
                                     body_fingerprint, reply)
        return reply
    except _Stale as stale:
        return _stale_reply(game_id, stale.caller, request, idempotency_key, body_fingerprint)


def parse(request: dict[str, Any], state: GameState, seat: int) -> engine.Action:
    """Read the action in notation or structured form, once it is known to be the seat's turn.

    The turn is checked first so that acting out of turn gets its own error whatever the
    action says (the engine would otherwise try to resolve "5 to h7" for the wrong seat).
    """
    engine.check_may_act(state, seat)
    if "notation" in request:
        return engine.parse_action(request["notation"], state, seat)
    return engine.action_from_dict(request["action"])


def _stale_reply(game_id: str, caller: Caller, request: dict[str, Any],
                 idempotency_key: str | None, body_fingerprint: str) -> Reply:
    """Answer a submission that lost to another change: the first reply if it was this very
    request (a concurrent retry), else ``game/stale_version`` with the current view."""
    with read_transaction() as session:
        if idempotency_key is not None:
            record = idempotency.find(session, game_id, caller.token_hash, idempotency_key)
            if record is not None:
                return idempotency.replay(record, body_fingerprint)
        game = session.get(Game, game_id)
        assert game is not None  # games are never deleted
        check_active(game)
        view = game_view(game, seats_of(session, game_id), caller)
    raise ServiceError(
        "game/stale_version",
        _("The game is at version %(version)s, not %(expected)s: someone moved first. Here is "
          "the game as it is now.", version=game.version, expected=request["expected_version"]),

        {"expected": request["expected_version"], "version": game.version, "game": view},
    )
