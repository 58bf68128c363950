"""A game's settings as a door to its seat's address's choice of one mail a day for all its
games (``service.features.mail.daily``): the choice belongs to the address, so a seat reads
and sets the one its address shares with every other game it plays with that address."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from service.features.mail import daily
from service.kernel.auth import SEAT, Credential, authenticate_as
from service.kernel.models import Seat
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.unit_of_work import read_transaction, write_transaction


def read_daily_mail(game_id: str, credential: Credential) -> dict[str, Any]:
    """Return the daily mail choice of the seat's address (a seat's credential).

    Raises ``seat/no_email`` (409) when the seat has no address."""
    with read_transaction() as session:
        return daily.describe(session, _address(session, game_id, credential))


def set_daily_mail(game_id: str, credential: Credential, choice: dict[str, Any]) -> dict[str, Any]:
    """Set whether the seat's address gets one mail a day for all its games, and at which
    hour (``choice``: ``daily``, ``hour``, either left out stays); return it as
    :func:`read_daily_mail` does."""
    with write_transaction() as session:
        address = _address(session, game_id, credential)
        daily.choose(session, address, daily=choice.get("daily"), hour=choice.get("hour"))
        return daily.describe(session, address)


def _address(session: Session, game_id: str, credential: Credential) -> str:
    """Return the address of the credential's seat; raise when it has none."""
    _game, caller = authenticate_as(session, game_id, credential, kinds=(SEAT,))
    seat = session.get(Seat, (game_id, caller.seat))
    if seat is None or seat.email is None:
        raise ServiceError("seat/no_email",
                           _("This seat has no email address, so it gets no email: add one "
                             "first."))
    return seat.email
