"""The service layer of games: each function is one transaction, committed once."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

import engine
from engine import Options
from service.features.games import host, invitations
from service.kernel.auth import CREATOR, SEAT, SPECTATOR, Caller, authenticate, check_game_id
from service.kernel.changes import GameChanged
from service.kernel.models import Game, Seat, Token
from service.kernel.pipeline import game_changed
from service.kernel.store import authenticate_for_reading, seats_of
from service.kernel.urls import join_link, play_link
from service.kernel.views import etag, game_view
from service.kernel.vocabulary import ACTIVE, CANCELLED, OPEN, Takebacks
from service.plumbing import signals
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import DEFAULT_LANGUAGE, _, in_language
from service.plumbing.i18n.fields import reading_choices
from service.plumbing.tokens import hash_secret, new_game_id, new_token
from service.plumbing.unit_of_work import read_transaction, rows_changed, write_transaction

SEED_BITS = 63


@dataclass(frozen=True, slots=True)
class GameRead:
    """The answer to a read: the ETag, and the view unless the caller's copy is current."""

    etag: str
    view: dict[str, Any] | None


def default_colours(count: int) -> list[str]:
    """Return the colours the engine gives ``count`` players when none are chosen."""
    return [p.colour for p in engine.new_game(count, seed=0).players]


def assign_colours(chosen: list[str | None]) -> list[str]:
    """Give each seat without a chosen colour the first default colour nobody chose."""
    spare = [c for c in default_colours(len(chosen)) if c not in chosen]
    return [colour if colour is not None else spare.pop(0) for colour in chosen]


def _computer_name(language: str) -> str:
    """The name of a computer's seat created without one, in the game's language."""
    with in_language(language):
        # TRANSLATORS: the name of a seat the computer plays, as a player's name is shown.
        return _("Computer")


def create_game(spec: dict[str, Any], client: str) -> dict[str, Any]:
    """Create a game from a validated request; return what only the creator ever receives.

    The set-up is checked by the engine first (colours, options, start seat), so a game that
    could not start is refused before anything is written. Seats with a name are taken at
    once and get their token; open seats wait for someone with the invite code. A game with
    no open seat starts at once. Seats with an address are mailed their link, unless the
    invitation is held back (``service.features.games.invitations``: ``client``, the creating
    client's address, counts them); the answer lists the held ones.
    """
    with write_transaction() as session:
        return create_in(session, spec, client)


def create_in(session: Session, spec: dict[str, Any], client: str,
              game_id: str | None = None) -> dict[str, Any]:
    """Create a game as :func:`create_game` does, in the caller's transaction (a table's next
    game, ``service.features.tables``), with ``game_id`` when the caller chose it."""
    seat_specs = spec["seats"]
    colours = assign_colours([s.get("colour") for s in seat_specs])
    options = Options.from_dict(spec.get("options"))
    start_seat = spec.get("start_seat")
    engine.new_game(colours, seed=0, options=options, start_seat=start_seat)

    now = utcnow()
    game_id = game_id or new_game_id()
    creator_token, spectator_token = new_token(), new_token()
    open_count = sum(1 for s in seat_specs if s.get("open"))
    invite_code = new_token() if open_count else None
    game = Game(
        id=game_id, status=OPEN, name=spec.get("name"), phase=None, version=0,
        seat_count=len(seat_specs),
        seats_open=open_count, options=options.to_dict(changed_only=True), start_seat=start_seat,
        move_time_limit=spec.get("move_time_limit"),
        vacation_days=spec.get("vacation_days", 0),
        missed_deadlines_limit=spec.get("missed_deadlines_limit"),
        absent_computer=spec.get("absent_computer"),
        language=spec.get("language", DEFAULT_LANGUAGE),
        takebacks=spec.get("takebacks", Takebacks.AGREEMENT),
        monster_preview=bool(spec.get("monster_preview", False)),
        invite_code_hash=hash_secret(invite_code) if invite_code else None,
        action_count=0, event_count=0, created_at=now, updated_at=now,
    )
    seats: list[Seat] = []
    seat_tokens: dict[int, str] = {}
    session.add(game)
    session.flush()  # the game row first: seats and tokens refer to it
    session.add(Token(hash=hash_secret(creator_token), game_id=game_id, kind=CREATOR,
                      created_at=now))
    session.add(Token(hash=hash_secret(spectator_token), game_id=game_id, kind=SPECTATOR,
                      created_at=now))
    for number, (seat_spec, colour) in enumerate(zip(seat_specs, colours, strict=True)):
        seat = Seat(game_id=game_id, seat=number, colour=colour, vacation_used=0,
                    missed_deadlines=0)
        if not seat_spec.get("open"):
            seat_tokens[number] = new_token()
            _take_seat(seat, seat_spec.get("name") or _computer_name(game.language),
                       seat_spec.get("email"), now)
            seat.computer = seat_spec.get("computer")
            seat.language, seat.time_zone = seat_spec.get("language"), seat_spec.get("time_zone")
            session.add(Token(hash=hash_secret(seat_tokens[number]), game_id=game_id,
                              kind=SEAT, seat=number, created_at=now))
        seats.append(seat)
    session.add_all(seats)
    if open_count == 0:
        _start(game, colours, now)
    links = {number: play_link(game_id, token) for number, token in seat_tokens.items()}
    held = invitations.invite(session, game, seats, links, client)
    if game.status == ACTIVE:
        session.flush()
        game_changed(session, GameChanged(game))
    creator = Caller(CREATOR, None, hash_secret(creator_token))
    body = {
        "game": game_view(game, seats, creator),
        "creator_token": creator_token,
        "creator_link": play_link(game_id, creator_token),
        "spectator_link": play_link(game_id, spectator_token),
        "invite_code": invite_code,
        "invite_link": join_link(game_id, invite_code) if invite_code else None,
        "seats": [
            {"seat": s.seat, "colour": s.colour, "name": s.name, "open": s.name is None,
             "link": links.get(s.seat)}
            for s in seats
        ],
        "held_invitations": held,
    }
    return body


def _take_seat(seat: Seat, name: str, email: str | None, now: datetime) -> None:
    seat.name = name
    seat.email = email
    seat.email_key = email.lower() if email else None
    seat.joined_at = now


def _start_values(options: dict[str, Any], colours: list[str], start_seat: int | None,
                  now: datetime) -> dict[str, Any]:
    """Return the columns of a game that starts now, with a fresh secret seed."""
    state = engine.new_game(colours, seed=secrets.randbits(SEED_BITS),
                            options=Options.from_dict(options), start_seat=start_seat)
    return {"state": engine.state_to_dict(state, stored=True), "status": ACTIVE,
            "phase": state.phase, "version": state.version, "started_at": now,
            "updated_at": now}


def _start(game: Game, colours: list[str], now: datetime) -> None:
    for key, value in _start_values(game.options, colours, game.start_seat, now).items():
        setattr(game, key, value)


def read_game(game_id: str, token: str | None,
              is_current: Callable[[str], bool]) -> GameRead:
    """Return the game as the token's holder sees it, or only its ETag if ``is_current``.

    A read is no sign that a player is looking: only the page's live stream holds a seat's
    mail (``service.features.live.presence``), so a script or a bot reading writes nothing.
    """
    with read_transaction() as session:
        game, caller, seats = authenticate_for_reading(session, game_id, token)
        tag = etag(game, caller)
        view = None if is_current(tag) else game_view(game, seats, caller)
    return GameRead(tag, view)


def join_game(game_id: str, request: dict[str, Any]) -> dict[str, Any]:
    """Take an open seat with the game's invite code; the game starts with the last one.

    The invite of one seat whose player left (``service.features.games.host``) takes that seat, in
    a game open or under way. Returns the seat's token (only ever in this response) and the
    game as that seat sees it. Conditional UPDATEs keep two joiners from taking one seat or
    the game past full.
    """
    check_game_id(game_id)
    now = utcnow()
    with write_transaction() as session:
        game = session.get(Game, game_id)
        if game is None:
            raise ServiceError("game/not_found", "There is no game with this id.")
        code_hash = hash_secret(request["invite_code"])
        invited = host.take_invited_seat(session, game, code_hash, request, now)
        if invited is not None:
            return _joined(session, game, invited.seat, invited.colour, now)
        if game.invite_code_hash is None or not hmac.compare_digest(game.invite_code_hash,
                                                                    code_hash):
            raise ServiceError("invite/invalid", "This invite code does not belong to this game.")
        if game.status != OPEN:
            raise _not_open(game.status)
        seats = seats_of(session, game_id)
        seat = _open_seat(seats, request.get("seat"))
        taken = session.execute(
            update(Seat).where(Seat.game_id == game_id, Seat.seat == seat.seat,
                               Seat.name.is_(None))
            .values(name=request["name"], email=request.get("email"),
                    email_key=request["email"].lower() if request.get("email") else None,
                    joined_at=now, **reading_choices(request))
        )
        left = session.execute(
            update(Game).where(Game.id == game_id, Game.status == OPEN, Game.seats_open > 0)
            .values(seats_open=Game.seats_open - 1, updated_at=now)
            .returning(Game.seats_open)
        ).scalar_one_or_none()
        if rows_changed(taken) != 1 or left is None:
            raise ServiceError("seat/taken",
                               f"Seat {seat.seat + 1} ({seat.colour}) was taken a moment ago.",
                               {"seat": seat.seat})
        if left == 0:
            colours = [s.colour for s in seats]
            session.execute(update(Game).where(Game.id == game_id, Game.status == OPEN)
                            .values(_start_values(game.options, colours, game.start_seat, now)))
            game_changed(session, GameChanged(game))
        return _joined(session, game, seat.seat, seat.colour, now)


def _joined(session: Session, game: Game, seat: int, colour: str,
            now: datetime) -> dict[str, Any]:
    """Issue the token of a seat just taken; return what the joiner receives."""
    token = new_token()
    session.add(Token(hash=hash_secret(token), game_id=game.id, kind=SEAT, seat=seat,
                      created_at=now))
    signals.game_touched(session, game.id)  # the seat shows its player's name
    session.refresh(game)
    caller = Caller(SEAT, seat, hash_secret(token))
    return {
        "seat": seat,
        "colour": colour,
        "token": token,
        "link": play_link(game.id, token),
        "game": game_view(game, seats_of(session, game.id), caller),
    }


def _open_seat(seats: list[Seat], wanted: int | None) -> Seat:
    """Return the seat asked for, or the first open one; refuse a taken or missing seat."""
    if wanted is not None:
        if wanted >= len(seats):
            # People count seats from 1; the API's seat numbers (details) from 0.
            raise ServiceError("seat/not_found", f"This game has {len(seats)} seats.",
                               {"seat": wanted})
        if seats[wanted].name is not None:
            raise ServiceError("seat/taken",
                               f"Seat {wanted + 1} ({seats[wanted].colour}) is taken.",
                               {"seat": wanted})
        return seats[wanted]
    for seat in seats:
        if seat.name is None:
            return seat
    raise _not_open(ACTIVE)


def _not_open(status: str) -> ServiceError:
    return ServiceError("game/not_open", f"This game takes no more players (it is {status}).",
                        {"status": status})


def cancel_game(game_id: str, token: str | None) -> dict[str, Any]:
    """Cancel a game that is open or under way; only the creator's token may."""
    now = utcnow()
    with write_transaction() as session:
        game, caller = authenticate(session, game_id, token, kinds=(CREATOR,))
        result = session.execute(
            update(Game).where(Game.id == game_id, Game.status.in_((OPEN, ACTIVE)))
            .values(status=CANCELLED, updated_at=now, finished_at=now)
        )
        if rows_changed(result) != 1:
            raise ServiceError("game/ended", f"This game is already {game.status}.",
                               {"status": game.status})
        signals.game_touched(session, game_id)
        view = game_view(game, seats_of(session, game_id), caller)
    return view

