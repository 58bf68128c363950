"""A seat's email address, added or changed from its page, and its link sent to it by email.

A new address is written only once its owner confirms it: :func:`change_email` mails a
confirmation link to the new address and keeps the change waiting (``EmailChange``, the
code stored hashed); :func:`confirm_email` makes it the seat's address. Until then the
game's emails go where they went before, so a typo or a stranger's address never takes a
seat's mail away. :func:`email_my_link` mails the seat its own link, the one the page was
opened with, to the address the seat has.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from service.features.links.models import EmailChange
from service.features.links.service import HOME, RECOVERY, drop_seat_tokens, replace_seat_token
from service.features.mail import compose, trust
from service.features.mail.notices import in_seat_language
from service.kernel.auth import SEAT, authenticate
from service.kernel.models import Game, GameRow, Seat
from service.kernel.naming import game_name
from service.kernel.urls import confirm_email_link, play_link
from service.plumbing import clock, outbox
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.tokens import hash_secret, new_token
from service.plumbing.unit_of_work import write_transaction

CONFIRM_LIFETIME = timedelta(hours=48)


def change_email(game_id: str, token: str | None, email: str) -> dict[str, Any]:
    """Ask that the token's seat's emails go to ``email``: mail the new address a link to
    confirm it (a seat token), in the language of the request (whoever asked reads it). A
    second request replaces the first, whose link stops working.

    Raises ``email/unchanged`` (422) when the seat has this address already.
    """
    now = clock.now()
    with write_transaction() as session:
        game, seat = _own_seat(session, game_id, token)
        if seat.email_key == email.lower():
            raise ServiceError("email/unchanged", _("This seat's email is %(email)s already.",
                                                    email=seat.email), {"email": seat.email})
        code = new_token()
        session.execute(delete(EmailChange).where(EmailChange.game_id == game_id,
                                                  EmailChange.seat == seat.seat))
        change = EmailChange(game_id=game_id, seat=seat.seat, code_hash=hash_secret(code),
                             email=email, created_at=now, expires_at=now + CONFIRM_LIFETIME)
        session.add(change)
        hours = int(CONFIRM_LIFETIME.total_seconds() // 3600)
        mail = compose.email_confirmation(game_name(game), seat.colour, email,
                                          confirm_email_link(code), hours)
        outbox.email_job(session, email, mail.subject, mail.text,
                         f"email-change:{change.code_hash}", html=mail.html, game_id=game_id,
                         seat=seat.seat, topic="confirm_email")
        return {"email": seat.email, "pending_email": email,
                "expires_at": clock.iso(change.expires_at)}


def confirm_email(code: str) -> dict[str, Any]:
    """Make the address a confirmation code was mailed to its seat's address.

    The new address gets the seat's link at once, a new recovery link as "I lost my link"
    sends one (which retires the reply addresses and the recovery link mailed to the old
    address); the seat's links on the old address's home page stop working. Its owner has
    now answered a mail only they got: the address is trusted (``mail.trust``). Raises
    ``email/unknown_code`` (404: never issued, replaced or used already) or
    ``email/expired_code`` (404).
    """
    now = clock.now()
    with write_transaction() as session:
        change = session.execute(select(EmailChange).where(
            EmailChange.code_hash == hash_secret(code))).scalar_one_or_none()
        if change is None:
            raise ServiceError("email/unknown_code",
                               _("This confirmation link is not valid, or was used or replaced "
                                 "already. Ask again on the game's page."))
        if change.expires_at <= now:
            raise ServiceError("email/expired_code",
                               _("This confirmation link has expired. Ask again on the game's "
                                 "page."), {"expired_at": clock.iso(change.expires_at)})
        seat = session.get(Seat, (change.game_id, change.seat))
        game = session.get(Game, change.game_id)
        assert seat is not None and game is not None  # a change names an existing seat
        seat.email, seat.email_key = change.email, change.email.lower()
        trust.trust(session, change.email, trust.CONFIRMED)
        drop_seat_tokens(session, select(Seat.game_id, Seat.seat).where(
            Seat.game_id == seat.game_id, Seat.seat == seat.seat), HOME)
        session.delete(change)
        token = new_token()
        replace_seat_token(session, game.id, seat.seat, token, RECOVERY, now)
        with in_seat_language(game, seat):
            mail = compose.your_link(seat.name or "", game_name(game), seat.colour,
                                     play_link(game.id, token))
        outbox.email_job(session, change.email, mail.subject, mail.text,
                         f"email-confirmed:{change.code_hash}", html=mail.html,
                         game_id=game.id, seat=seat.seat, topic="link")
        return {"game_id": game.id, "name": game_name(game), "seat": seat.seat,
                "colour": seat.colour, "email": change.email}


def forget_email_change(session: Session, game_id: str, seat: int) -> None:
    """Drop the seat's email change waiting for confirmation, in the caller's transaction
    (the seat is handed to a new player: the old one's new address must not get its mail)."""
    session.execute(delete(EmailChange).where(EmailChange.game_id == game_id,
                                              EmailChange.seat == seat))


def email_my_link(game_id: str, token: str | None) -> dict[str, Any]:
    """Mail the token's seat the link it was opened with, at the seat's address.

    Raises ``seat/no_email`` (409) when the seat has no address: it adds one first
    (:func:`change_email`).
    """
    with write_transaction() as session:
        game, seat = _own_seat(session, game_id, token)
        if seat.email is None:
            raise ServiceError("seat/no_email",
                               _("This seat has no email address yet: add one first, and "
                                 "confirm it from the email it gets."))
        assert token is not None  # authenticated
        with in_seat_language(game, seat):
            mail = compose.your_link(seat.name or "", game_name(game), seat.colour,
                                     play_link(game_id, token))
        outbox.email_job(session, seat.email, mail.subject, mail.text,
                         f"seat-link:{new_token()}", html=mail.html, game_id=game_id,
                         seat=seat.seat, topic="link")
        return {"email": seat.email}


def _own_seat(session: Session, game_id: str, token: str | None) -> tuple[GameRow, Seat]:
    """Return the game and the seat of a seat token (refused for any other token)."""
    game, caller = authenticate(session, game_id, token, kinds=(SEAT,))
    seat = session.get(Seat, (game_id, caller.seat))
    assert seat is not None  # a seat token names a seat of its game
    return game, seat
