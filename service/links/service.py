"""The service layer of "I lost my link": new links, sent by email, never in the response."""

from __future__ import annotations

from sqlalchemy import delete, select

from service import notifications
from service.auth import SEAT
from service.links.urls import play_link
from service.models import Game, Seat, Token, utcnow
from service.store import ACTIVE, FINISHED, OPEN
from service.tokens import hash_secret, new_token
from service.unit_of_work import write_transaction

MAX_GAMES = 20
RECOVERY = "recovery"


def send_lost_links(email: str) -> None:
    """Email a new link to each of the address's seats in its latest games, if it has any.

    Tokens are stored hashed, so the old links cannot be sent again: each seat gets a new
    recovery token, which replaces the seat's previous recovery token (the token first
    issued keeps working, so a stranger asking for someone's links cannot lock them out).
    The caller learns nothing either way.
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
            return
        links = []
        for row in rows:
            session.execute(delete(Token).where(
                Token.game_id == row.game_id, Token.kind == SEAT, Token.seat == row.seat,
                Token.purpose == RECOVERY))
            token = new_token()
            session.add(Token(hash=hash_secret(token), game_id=row.game_id, kind=SEAT,
                              seat=row.seat, purpose=RECOVERY, created_at=now))
            links.append((f"{row.name} in game {row.game_id}", play_link(row.game_id, token)))
        notifications.send_links(session, rows[0].email, links,
                                 f"links:{hash_secret(new_token())}")
