"""The service layer of "I lost my link": new links, sent by email, never in the response.

The request only writes an outbox job naming the address (:func:`ask_for_lost_links`): the
same single INSERT whether or not the address plays anywhere, so neither the answer nor its
timing tells a stranger which addresses play. The worker then looks the address up and
writes the email (:func:`send_lost_links`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Select, delete, select, tuple_
from sqlalchemy.orm import Session

from service.features.notifications import service as notifications
from service.kernel.auth import SEAT
from service.kernel.models import Game, Seat, Token
from service.kernel.urls import play_link
from service.kernel.vocabulary import ACTIVE, FINISHED, OPEN
from service.plumbing import outbox
from service.plumbing.columns import utcnow
from service.plumbing.i18n import _, current_language, in_language
from service.plumbing.tokens import hash_secret, new_token
from service.plumbing.unit_of_work import write_transaction

MAX_GAMES = 20
RECOVERY = "recovery"
"""``Token.purpose`` of the links a "lost my link" email carries."""
HOME = "home"
"""``Token.purpose`` of the seat links the home list hands out (``service.features.home``)."""


def ask_for_lost_links(email: str) -> None:
    """Write the job "email this address its links", whoever the address belongs to."""
    with write_transaction() as session:
        outbox.add(session, outbox.LOST_LINKS, {"email": email, "language": current_language()},
                   f"lost-links:{new_token()}")


def send_lost_links(job_id: int, email: str, language: str | None = None) -> bool:
    """Email a new link to each of the address's seats in its latest games, if it has any, in
    ``language`` (None: English); return whether an email was written (the worker's half of
    :func:`ask_for_lost_links`).

    Tokens are stored hashed, so the old links cannot be sent again: each seat gets a new
    recovery token, which replaces the seat's previous recovery token (the token first
    issued keeps working, so a stranger asking for someone's links cannot lock them out).
    Idempotent per job: the email is written first, keyed by the job, and a run that finds
    it written already (the job run twice) changes no token.
    """
    now = utcnow()
    with write_transaction() as session:
        rows = session.execute(
            select(Seat.game_id, Seat.seat, Seat.name, Seat.email)
            .join(Game, Game.id == Seat.game_id)
            .where(Seat.email_key == email.lower(), Game.status.in_((OPEN, ACTIVE, FINISHED)))
            .order_by(Game.created_at.desc())
            .limit(MAX_GAMES)
        ).all()
        if not rows:
            return False
        tokens = {(row.game_id, row.seat): new_token() for row in rows}
        with in_language(language):
            # TRANSLATORS: a line of the lost links email: a player's name and a game's id.
            links = [(_("%(name)s in game %(game)s", name=row.name, game=row.game_id),
                      play_link(row.game_id, tokens[row.game_id, row.seat])) for row in rows]
            written = notifications.send_links(session, rows[0].email, links,
                                               f"links:{job_id}")
        if not written:
            return False
        for row in rows:
            replace_seat_token(session, row.game_id, row.seat, tokens[row.game_id, row.seat],
                               RECOVERY, now)
    return True


def replace_seat_token(session: Session, game_id: str, seat: int, token: str, purpose: str,
                       now: datetime) -> None:
    """Store ``token`` as the seat's token for ``purpose``, in place of the one it had.

    A seat has at most one token per purpose besides the one first issued (which always
    keeps working): ``recovery`` (the latest "lost my link" email's), ``home`` (the home
    page's, :mod:`service.features.home`). Only the hash is stored.
    """
    session.execute(delete(Token).where(Token.game_id == game_id, Token.kind == SEAT,
                                        Token.seat == seat, Token.purpose == purpose))
    session.add(Token(hash=hash_secret(token), game_id=game_id, kind=SEAT, seat=seat,
                      purpose=purpose, created_at=now))


def drop_seat_tokens(session: Session, seats: Select[str, int], purpose: str) -> None:
    """Delete the tokens for ``purpose`` of ``seats`` (a SELECT of game ids and seats)."""
    session.execute(delete(Token).where(Token.kind == SEAT, Token.purpose == purpose,
                                        tuple_(Token.game_id, Token.seat).in_(seats)))
