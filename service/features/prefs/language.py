"""A seat's language and time zone: what its mails, answers and page are written in."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update

from service.kernel.auth import SEAT, authenticate
from service.kernel.models import Game, Seat
from service.plumbing.columns import utcnow
from service.plumbing.i18n import language_of_seat
from service.plumbing.unit_of_work import write_transaction


def set_seat_language(game_id: str, token: str | None, choice: dict[str, Any]) -> dict[str, Any]:
    """Set the token's seat's language and/or time zone (a seat token; ``choice`` holds at
    least one, as its schema demands); return both as now stored, and the language its
    mails are written in. The game's ``updated_at`` moves, so the seat's view (which shows
    the choice) gets a new ETag."""
    with write_transaction() as session:
        game, caller = authenticate(session, game_id, token, kinds=(SEAT,))
        assert caller.seat is not None  # a seat token
        values = {name: choice[name] for name in ("language", "time_zone") if name in choice}
        seat = session.get(Seat, (game_id, caller.seat))
        assert seat is not None  # the token's own seat
        session.execute(update(Seat).where(Seat.game_id == game_id,
                                           Seat.seat == caller.seat).values(values))
        session.execute(update(Game).where(Game.id == game_id).values(updated_at=utcnow()))
        session.refresh(seat)
        return {"language": seat.language, "time_zone": seat.time_zone,
                "mail_language": language_of_seat(seat.language, game.language)}
