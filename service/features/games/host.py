"""A seat whose player left, for the game's creator: retire the seat's links, invite another.

A real table hands the seat on rather than ending the game: the creator asks for a new
invite for the seat (:func:`invite_to_seat`), which in one transaction retires every link
of the seat (its tokens: the one first issued, the mail link, "lost my link" and home
links; the reply address of its emails, whose epoch moves to now,
``service.features.mail.addresses``) and the seat's email address, so the player who left neither
moves nor hears of the game again. The answer is a one-time invite for that seat alone, to send to
the new player: it opens the join page, where they give their name (and an email if they like) and
take the seat with its colour, position and pieces (``service.features.games.service.join_game``).
What else was the old player's (the seat's own webhooks) goes through ``service.reactions``.
Until then the seat keeps its old name and plays as before: its deadline runs as any other's.
A second invite for the same seat replaces the first.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from service.features.mail.addresses import current_epoch
from service.kernel.auth import CREATOR, SEAT, authenticate
from service.kernel.models import Game, Seat, SeatNotifications, Token
from service.kernel.pipeline import seat_changed_hands
from service.kernel.urls import join_link
from service.kernel.vocabulary import ACTIVE, OPEN
from service.plumbing import clock, signals
from service.plumbing.errors import ServiceError
from service.plumbing.i18n.fields import reading_choices
from service.plumbing.tokens import hash_secret, new_token
from service.plumbing.unit_of_work import rows_changed, write_transaction


def invite_to_seat(game_id: str, token: str | None, seat_text: str) -> dict[str, Any]:
    """Retire the seat's links and email and return a one-time invite for it (the creator's
    token); the game goes on meanwhile. ``seat_text`` is the path's seat number, from 0.

    Refusals: 422 ``seat/not_found``; 409 ``seat/open`` for a seat nobody has taken yet
    (the game's invite link takes it), ``game/ended`` for a game over or cancelled.
    """
    now = clock.now()
    with write_transaction() as session:
        game, _ = authenticate(session, game_id, token, kinds=(CREATOR,))
        if game.status not in (OPEN, ACTIVE):
            raise _ended(game.status)
        seat = int(seat_text) if seat_text.isascii() and seat_text.isdigit() \
            and len(seat_text) <= 2 else -1
        held = session.get(Seat, (game_id, seat)) if seat >= 0 else None
        if held is None:
            raise ServiceError("seat/not_found", f"This game has {game.seat_count} seats, "
                               "numbered from 0.", {"seat": seat_text})
        if held.name is None:
            raise ServiceError("seat/open", f"Seat {seat + 1} ({held.colour}) is open: the "
                               "game's invite link takes it.", {"seat": seat})
        code = new_token()
        changed = session.execute(
            update(Seat).where(Seat.game_id == game_id, Seat.seat == seat,
                               Seat.name.is_not(None))
            .values(email=None, email_key=None, invite_code_hash=hash_secret(code),
                    replaced_at=_next_epoch(session, game_id, seat, now), missed_deadlines=0)
        )
        touched = session.execute(
            update(Game).where(Game.id == game_id, Game.status.in_((OPEN, ACTIVE)))
            .values(updated_at=now)
        )
        if rows_changed(changed) != 1 or rows_changed(touched) != 1:
            raise _ended("over")
        _retire_links(session, game_id, seat)
        seat_changed_hands(session, game_id, seat)
        return {"seat": seat, "colour": held.colour, "name": held.name,
                "invite_code": code, "invite_link": join_link(game_id, code)}


def take_invited_seat(session: Session, game: Game, code_hash: str, request: dict[str, Any],
                      now: datetime) -> Seat | None:
    """Give the seat whose invite has the hash ``code_hash`` to the joiner of ``request``
    (name, email, maybe a seat number); None when no seat of ``game`` has that invite.

    The invite is used up. Refusals: 422 ``invite/wrong_seat`` when the request names
    another seat; 409 ``game/ended``; 403 ``invite/invalid`` when another joiner used the
    invite a moment before.
    """
    seat = session.scalar(select(Seat).where(Seat.game_id == game.id,
                                             Seat.invite_code_hash == code_hash))
    if seat is None:
        return None
    if game.status not in (OPEN, ACTIVE):
        raise _ended(game.status)
    if request.get("seat", seat.seat) != seat.seat:
        raise ServiceError("invite/wrong_seat", f"This invite is for seat {seat.seat + 1} "
                           f"({seat.colour}).", {"seat": seat.seat})
    email = request.get("email")
    taken = session.execute(
        update(Seat).where(Seat.game_id == game.id, Seat.seat == seat.seat,
                           Seat.invite_code_hash == code_hash)
        .values(name=request["name"], email=email, email_key=email.lower() if email else None,
                **reading_choices(request),
                joined_at=now, invite_code_hash=None)
    )
    if rows_changed(taken) != 1:
        raise ServiceError("invite/invalid", "This invite was used a moment ago.")
    session.execute(update(Game).where(Game.id == game.id).values(updated_at=now))
    signals.game_touched(session, game.id)
    session.refresh(seat)
    return seat


def _ended(status: str) -> ServiceError:
    return ServiceError("game/ended", f"This game is {status}: its seats stay as they are.",
                        {"status": status})


def _next_epoch(session: Session, game_id: str, seat: int, now: datetime) -> datetime:
    """Return the seat's new ``replaced_at``: now, or a second after its current epoch if
    that is this very second, so that the reply addresses of before are all retired."""
    floor = current_epoch(session, game_id, seat) + 1
    return now if now.timestamp() >= floor else now + timedelta(seconds=floor - now.timestamp())


def _retire_links(session: Session, game_id: str, seat: int) -> None:
    """Delete every token of the seat, and what the seat's page chose for its email."""
    session.execute(delete(Token).where(Token.game_id == game_id, Token.kind == SEAT,
                                        Token.seat == seat))
    session.execute(delete(SeatNotifications).where(SeatNotifications.game_id == game_id,
                                                    SeatNotifications.seat == seat))
