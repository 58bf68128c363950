"""Sandboxes ("what if"): a private copy of a position where one person moves every seat.

A sandbox opens from any position of a game the reader may see (any token of the game, at
any version it reached), or from an imported record, which the engine plays through first,
checking every entry (``engine.read_record``: a record that is none, or whose step the rules
refuse, is refused naming the entry and why, and nothing is stored). It holds the game's
public record up to that position and nothing secret: the cards still to come are shuffled
from the sandbox's own seed, so it can never tell the real game's next card. Its holder
plays every seat, or lets the computer play some, chooses the monster's card or lets its
own pile decide, sees where the monster would walk for each card still in the pile, and goes
back to any earlier version. It never touches the game it came from. It is kept
``SANDBOX_DAYS`` after its last change, then pruned (``service.retention``).

Each use case is one transaction; a change is made only at the version the caller saw.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from flask import current_app
from sqlalchemy import update
from sqlalchemy.orm import Session

import engine
from engine import GameState
from engine.bots import choose
from engine.cards import remaining_cards
from engine.records import FORMAT, FORMAT_VERSIONS, Played, Replay, extend, until
from engine.state import OVER
from engine.texts import N_
from service.features.computer.service import bot_seed
from service.features.records.service import record_of
from service.features.sandbox.models import Sandbox
from service.kernel.auth import check_game_id
from service.kernel.narration import diagram
from service.kernel.store import authenticate_for_reading
from service.kernel.urls import sandbox_link
from service.kernel.vocabulary import COMPUTER_LEVELS
from service.plumbing.clock import iso
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError, from_engine
from service.plumbing.i18n import DEFAULT_LANGUAGE, _, current_language
from service.plumbing.tokens import hash_secret, is_game_id, new_game_id, new_token
from service.plumbing.unit_of_work import read_transaction, rows_changed, write_transaction

SEED_BITS = 63
MAX_COMPUTER_MOVES = 60
"""The computer's moves one request plays at most (the seats it plays, until a person's seat
or the monster's turn): a game turn of seven players has 21."""


def open_from_game(game_id: str, token: str | None, version: int | None) -> dict[str, Any]:
    """Open a sandbox at ``version`` of the game (None: as it is now), for any holder of one
    of its tokens; return the sandbox's view, its token and its link (shown only here)."""
    check_game_id(game_id)
    with read_transaction() as session:
        game, _caller, seats = authenticate_for_reading(session, game_id, token)
        if game.state is None:
            raise ServiceError("game/not_started",
                               _("The game has not started yet: it waits for players."))
        record = record_of(session, game, seats)
    at = game.version if version is None else version
    if not 0 <= at <= game.version:
        raise ServiceError("sandbox/no_such_version",
                           _("The game has no version %(version)s: it is at version "
                             "%(last)s.", version=at, last=game.version),
                           {"version": at, "last": game.version})
    return _open(record, at, game.id)


def import_record(record: Any, version: int | None) -> dict[str, Any]:
    """Open a sandbox from an imported record, at ``version`` (None: its end), once the
    engine has played it through, checking every entry; return the sandbox's view, token,
    link and what the check found."""
    seed = secrets.randbits(SEED_BITS)
    try:
        replay = engine.read_record(record, seed=seed)
    except engine.EngineError as refusal:
        raise from_engine(refusal) from None
    last = replay.state.version
    at = last if version is None else version
    if not 0 <= at <= last:
        raise ServiceError("sandbox/no_such_version",
                           _("The record has no version %(version)s: it ends at version "
                             "%(last)s.", version=at, last=last), {"version": at, "last": last})
    opened = _open(record, at, None, seed)
    opened["check"] = {"entries": len(replay.entries), "seeded": replay.seeded,
                       "final_version": last, "end_checked": "end" in record,
                       "outcome": replay.state.outcome.to_dict() if replay.state.outcome
                       else None}
    return opened


def _open(record: Mapping[str, Any], version: int, game_id: str | None,
          seed: int | None = None) -> dict[str, Any]:
    """Store a sandbox of ``record`` cut at ``version`` (public: no seed, no pile order)."""
    seed = secrets.randbits(SEED_BITS) if seed is None else seed
    cut = until({key: value for key, value in record.items() if key != "setup"}, version)
    try:
        replay = engine.read_record(cut, seed=seed)
    except engine.EngineError as refusal:
        raise from_engine(refusal) from None
    given = record.get("game")
    meta: Mapping[str, Any] = given if isinstance(given, dict) else {}
    token, now = new_token(), utcnow()
    sandbox = Sandbox(
        id=new_game_id(), token_hash=hash_secret(token), game_id=game_id,
        name=str(meta.get("name") or _("Sandbox"))[:80],
        language=_language(meta.get("language")), seed=seed,
        start=cut["start"], entries=[], state={}, version=0, origin_version=version,
        seats=_seats(meta.get("seats"), replay), computer={}, created_at=now,
        updated_at=now, expires_at=now + _kept())
    _hold(sandbox, replay, cut)
    with write_transaction() as session:
        session.add(sandbox)
        view = _view(sandbox)
    return {"sandbox": view, "token": token, "link": sandbox_link(sandbox.id, token)}


def read_sandbox(sandbox_id: str, token: str | None) -> dict[str, Any]:
    """Return the sandbox as its holder sees it."""
    with read_transaction() as session:
        return _view(_authenticate(session, sandbox_id, token))


def play(sandbox_id: str, token: str | None, expected_version: int,
         request: Mapping[str, Any]) -> dict[str, Any]:
    """Play an action for the seat to move (``notation`` or ``action``), then the computer's
    seats until a person's or the monster's turn."""
    def step(sandbox: Sandbox, replay: Replay) -> Replay:
        state = replay.state
        if state.to_move is None:
            raise _nobody_to_act(state)
        seat = state.to_move
        action = (engine.parse_action(request["notation"], state, seat)
                  if "notation" in request else engine.action_from_dict(request["action"]))
        return _computer_moves(sandbox, extend(replay, Played(seat, action)))
    return _change(sandbox_id, token, expected_version, step)


def monster(sandbox_id: str, token: str | None, expected_version: int,
            card: str | None) -> dict[str, Any]:
    """Carry out the monster's turn with ``card`` (None: the top of the sandbox's own pile),
    then the computer's seats."""
    def step(sandbox: Sandbox, replay: Replay) -> Replay:
        return _computer_moves(sandbox, extend(replay, card=card))
    return _change(sandbox_id, token, expected_version, step)


def set_computer(sandbox_id: str, token: str | None, expected_version: int,
                 seats: Mapping[str, str | None]) -> dict[str, Any]:
    """Let the computer play the seats ``seats`` names at a level (None: a person again),
    and play its seats now if one is to move."""
    def step(sandbox: Sandbox, replay: Replay) -> Replay:
        count = len(replay.state.players)
        chosen = dict(sandbox.computer)
        for seat, level in seats.items():
            if not seat.isdigit() or int(seat) >= count:
                raise ServiceError("seat/not_found",
                                   _("This game has %(count)s seats.", count=count),
                                   {"seat": seat})
            if level is None:
                chosen.pop(seat, None)
            elif level not in COMPUTER_LEVELS:
                raise ServiceError("sandbox/unknown_level", _("The computer plays easy, "
                                                              "normal or hard."),
                                   {"level": level})
            else:
                chosen[seat] = level
        sandbox.computer = chosen
        return _computer_moves(sandbox, replay)
    return _change(sandbox_id, token, expected_version, step)


def go_back(sandbox_id: str, token: str | None, expected_version: int,
            version: int) -> dict[str, Any]:
    """Go back to an earlier version of the sandbox (its history after it is dropped)."""
    def step(sandbox: Sandbox, replay: Replay) -> Replay:
        if not 0 <= version <= replay.state.version:
            raise ServiceError("sandbox/no_such_version",
                               _("The sandbox has no version %(version)s: it is at version "
                                 "%(last)s.", version=version, last=replay.state.version),
                               {"version": version, "last": replay.state.version})
        cut = until(_record(sandbox), version)
        return engine.read_record(cut, seed=sandbox.seed)
    return _change(sandbox_id, token, expected_version, step)


def delete_sandbox(sandbox_id: str, token: str | None) -> None:
    """Delete the sandbox now."""
    with write_transaction() as session:
        session.delete(_authenticate(session, sandbox_id, token))


def _change(sandbox_id: str, token: str | None, expected_version: int,
            step: Any) -> dict[str, Any]:
    """Make one change to the sandbox at ``expected_version``, in one transaction."""
    with write_transaction() as session:
        sandbox = _authenticate(session, sandbox_id, token)
        # Changed below as a copy: only the conditional UPDATE writes the row.
        session.expunge(sandbox)
        if sandbox.version != expected_version:
            raise ServiceError("sandbox/stale_version",
                               _("The sandbox is at version %(version)s, not %(expected)s: it "
                                 "changed in another window.", version=sandbox.version,
                                 expected=expected_version),
                               {"version": sandbox.version, "expected": expected_version})
        try:
            replay = step(sandbox, engine.read_record(_record(sandbox), seed=sandbox.seed))
        except engine.EngineError as refusal:
            raise from_engine(refusal) from None
        before = sandbox.version
        _hold(sandbox, replay, engine.record_dict(replay, reveal=False))
        now = utcnow()
        written = session.execute(
            update(Sandbox).where(Sandbox.id == sandbox.id, Sandbox.version == before)
            .values(entries=sandbox.entries, state=sandbox.state, version=sandbox.version,
                    computer=sandbox.computer, updated_at=now, expires_at=now + _kept()))
        if rows_changed(written) != 1:
            raise ServiceError("sandbox/stale_version",
                               _("The sandbox changed in another window a moment ago."),
                               {"expected": expected_version})
        sandbox.expires_at = now + _kept()
        return _view(sandbox)


def _nobody_to_act(state: GameState) -> ServiceError:
    """Return the refusal of an action when no seat is to act: the game is over, or the
    monster's turn is due."""
    if state.phase == OVER:
        return from_engine(engine.GameOver.said(N_("the game is over"), phase=state.phase))
    return ServiceError("sandbox/monster_due", _("It is the monster's turn: choose its card, "
                                                 "or let the pile turn one up."))


def _computer_moves(sandbox: Sandbox, replay: Replay) -> Replay:
    """Play the computer's seats while one is to move (never the monster's turn: the
    sandbox's holder chooses or draws its card)."""
    for _move in range(MAX_COMPUTER_MOVES):
        state = replay.state
        level = None if state.to_move is None else sandbox.computer.get(str(state.to_move))
        if level is None:
            break
        assert state.to_move is not None
        view = engine.player_view(state, state.to_move)
        action = choose(view, level, bot_seed(sandbox.seed, state.to_move, state.version,
                                              level))
        replay = extend(replay, Played(state.to_move, engine.action_from_dict(action)))
    return replay


def _hold(sandbox: Sandbox, replay: Replay, record: Mapping[str, Any]) -> None:
    """Make ``sandbox`` hold ``replay``: its public entries and where it stands."""
    sandbox.entries = list(record["entries"])
    sandbox.state = engine.state_to_dict(replay.state, stored=True)
    sandbox.version = replay.state.version


def _record(sandbox: Sandbox) -> dict[str, Any]:
    """Return the sandbox's public record: the start it holds and its entries."""
    start = sandbox.start
    return {"format": FORMAT, "format_version": FORMAT_VERSIONS[-1], "rules": start["rules"],
            "options": start["options"], "players": start["players"], "game": {},
            "start": start, "entries": sandbox.entries}


def _authenticate(session: Session, sandbox_id: str, token: str | None) -> Sandbox:
    """Return the sandbox ``token`` opens; refuse any other."""
    sandbox = session.get(Sandbox, sandbox_id) if is_game_id(sandbox_id) else None
    if sandbox is None or token is None or hash_secret(token) != sandbox.token_hash:
        raise ServiceError("sandbox/not_found",
                           _("There is no sandbox here, or this link does not open it (a "
                             "sandbox is kept a while after its last change, then deleted)."))
    return sandbox


def _view(sandbox: Sandbox) -> dict[str, Any]:
    """Return the sandbox as its holder sees it: the position with its legal actions, where
    the monster would walk for each card that may come, its history and its seats."""
    state = engine.state_from_dict(sandbox.state)
    walks = ([walk.to_dict() for walk in engine.monster_walks(state)]
             if state.phase in ("figures", "monster") else [])
    return {
        "id": sandbox.id, "name": sandbox.name, "language": sandbox.language,
        "game_id": sandbox.game_id, "version": sandbox.version,
        "origin_version": sandbox.origin_version, "phase": state.phase,
        "to_move": state.to_move, "seats": sandbox.seats,
        "computer": {int(seat): level for seat, level in sandbox.computer.items()},
        "position": engine.player_view(state, None), "walks": walks,
        "cards": sorted(set(remaining_cards(state.options.three_hits, state.discard))),
        "entries": sandbox.entries, "diagram": diagram(state),
        "outcome": state.outcome.to_dict() if state.outcome else None,
        "created_at": iso(sandbox.created_at), "expires_at": iso(sandbox.expires_at),
    }


def _seats(seats: Any, replay: Replay) -> list[dict[str, Any]]:
    """Return the seats' names from a record's ``game.seats`` (each by its colour when the
    record names none)."""
    named = {int(s["seat"]): s.get("name") for s in seats if isinstance(s, dict)
             and isinstance(s.get("seat"), int)} if isinstance(seats, list) else {}
    return [{"seat": p.seat, "colour": p.colour, "name": named.get(p.seat)}
            for p in replay.state.players]


def _language(language: Any) -> str:
    return language if isinstance(language, str) and len(language) <= 8 else (
        current_language() or DEFAULT_LANGUAGE)


def _kept() -> timedelta:
    return timedelta(days=float(current_app.config["SANDBOX_DAYS"]))
