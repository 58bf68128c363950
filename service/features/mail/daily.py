"""An address's choice of one mail a day for all its games, instead of a mail per game.

The choice belongs to the address, not to a seat: a player is the address they gave. It is
set from the list of the address's games (``service.features.home``), from any of its games'
settings (``service.features.prefs``) or by the API. As for the addresses that answered the
service (:mod:`.trust`), no address is kept for it: the row stands for the keyed hash of the
address's mailbox (:func:`.trust.address_hash`), so every spelling of one mailbox shares one
choice, and a choice made before a key rotation still counts.

With the daily mail chosen, the mails of a game that ask for a move or tell a monster phase
("your move", the reminder, "the monster has moved", the game's digest) are not written to
the address (:func:`replaces_game_mails`, asked before each); the end of a game, invitations,
nudges, answers to the address's own mails and its links still come on their own. Once a
day, at :attr:`Choice.hour` of the address's day, one mail lists every game waiting for it
(:mod:`.daily_mail`). A seat's own mode still holds for its game: ``none`` keeps the game out
of the daily mail too.

The address's day is the time zone of its latest seat (:func:`latest_seat`: the seat it took
last in a game under way, else in any game), as is the daily mail's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import Row, delete, or_, select, update
from sqlalchemy.orm import Session

from service.features.mail.models import DailyMailChoice
from service.features.mail.trust import address_hash
from service.kernel.models import Game, Seat
from service.kernel.vocabulary import ACTIVE, FINISHED, OPEN
from service.plumbing import clock
from service.plumbing.extensions import upsert
from service.plumbing.i18n import DEFAULT_LANGUAGE, is_time_zone, language_of_seat
from service.plumbing.keyring import secret_keys
from service.plumbing.unit_of_work import rows_changed

DEFAULT_HOUR = 8
"""The hour of the address's day the daily mail goes at until it chooses another."""
HOURS = range(24)
UTC = "UTC"
_LISTED = (OPEN, ACTIVE, FINISHED)


@dataclass(frozen=True, slots=True)
class Choice:
    """Whether the address gets one mail a day for all its games, and at which hour."""

    daily: bool
    hour: int = DEFAULT_HOUR


PER_GAME = Choice(daily=False)
"""What an address that never chose has: each game's mails as its seat's mode says."""


def hashes_of(address: str) -> list[str]:
    """Return the keyed hashes that may stand for ``address``'s choice: under the current key
    first, then under each old one."""
    return [address_hash(address, key) for key in secret_keys()]


def _row(session: Session, address: str) -> DailyMailChoice | None:
    """Return the address's stored choice (under the newest key it was stored with)."""
    hashes = hashes_of(address)
    rows = {row.address_hash: row for row in session.scalars(
        select(DailyMailChoice).where(DailyMailChoice.address_hash.in_(hashes)))}
    return next((rows[hashed] for hashed in hashes if hashed in rows), None)


def _choice(row: DailyMailChoice | None) -> Choice:
    return PER_GAME if row is None else Choice(row.daily, row.hour)


def choice_of(session: Session, address: str) -> Choice:
    """Return the address's choice (:data:`PER_GAME` when it never chose)."""
    return _choice(_row(session, address))


def choose(session: Session, address: str, *, daily: bool | None = None,
           hour: int | None = None) -> Choice:
    """Set, in the caller's transaction, whether ``address`` gets one mail a day for all its
    games and at which hour of its day (None: unchanged); return the choice as now stored.

    The day of the last daily mail is kept: choosing again never sends a second one a day.
    """
    row = _row(session, address)
    before = _choice(row)
    after = Choice(before.daily if daily is None else daily, before.hour if hour is None else hour)
    values: dict[str, Any] = {"daily": after.daily, "hour": after.hour,
                              "sent_on": None if row is None else row.sent_on,
                              "updated_at": clock.now()}
    current = address_hash(address)
    session.execute(upsert(session, DailyMailChoice).values(address_hash=current, **values)
                    .on_conflict_do_update(index_elements=["address_hash"], set_=values))
    if row is not None and row.address_hash != current:  # stored under an old key
        session.execute(delete(DailyMailChoice)
                        .where(DailyMailChoice.address_hash == row.address_hash))
    elif row is not None:
        session.expire(row)  # the upsert wrote it
    return after


def replaces_game_mails(session: Session, address: str | None) -> bool:
    """True when ``address`` chose one mail a day for all its games: a game's "your move",
    reminder, monster phases and digest are not written to it (the daily mail lists the game
    instead). The end of a game and every other mail still go."""
    return address is not None and choice_of(session, address).daily


def chosen_daily(session: Session) -> set[str]:
    """Return the hashes of every address that chose the daily mail (under any key)."""
    return set(session.scalars(select(DailyMailChoice.address_hash)
                               .where(DailyMailChoice.daily.is_(True))))


def daily_row(session: Session, address: str) -> DailyMailChoice | None:
    """Return the address's stored choice if it is the daily mail, else None."""
    row = _row(session, address)
    return row if row is not None and row.daily else None


def claim_day(session: Session, row: DailyMailChoice, day: date) -> bool:
    """Mark, in the caller's transaction, that the address's daily mail of ``day`` (its own
    day) is written; False when one of that day, or a later one, was written already (by
    another run, a moment ago): then write nothing."""
    claimed = session.execute(
        update(DailyMailChoice)
        .where(DailyMailChoice.address_hash == row.address_hash,
               DailyMailChoice.daily.is_(True),
               or_(DailyMailChoice.sent_on.is_(None), DailyMailChoice.sent_on < day))
        .values(sent_on=day))
    return rows_changed(claimed) == 1


def latest_seat(rows: Iterable[Row[Game, Seat]]) -> Row[Game, Seat] | None:
    """Return, among an address's seats (each with its game), the one it took last in a game
    under way, else in any game: the address's language and time zone are that seat's."""
    return max(rows, default=None, key=lambda row: (
        row.Game.status == ACTIVE, row.Seat.joined_at or row.Game.created_at))


def seats_of(session: Session, email_key: str,
             statuses: Sequence[str] = _LISTED) -> list[Row[Game, Seat]]:
    """Return the address's seats (``email_key``: the address in lower case) in the games of
    ``statuses``, each with its game, newest activity first."""
    return list(session.execute(
        select(Game, Seat).join(Seat, Seat.game_id == Game.id)
        .where(Seat.email_key == email_key, Game.status.in_(statuses))
        .order_by(Game.updated_at.desc(), Game.id, Seat.seat)).all())


def time_zone_of(seat: Seat) -> str:
    """Return the time zone of a seat's day (UTC when it chose none)."""
    return seat.time_zone if seat.time_zone and is_time_zone(seat.time_zone) else UTC


def describe(session: Session, address: str) -> dict[str, Any]:
    """Return the address's choice as the API shows it: whether it gets the daily mail, at
    which hour, and the time zone and language that hour and mail are in."""
    choice = choice_of(session, address)
    latest = latest_seat(seats_of(session, address.lower()))
    return {"email": address, "daily": choice.daily, "hour": choice.hour,
            "time_zone": UTC if latest is None else time_zone_of(latest.Seat),
            "language": DEFAULT_LANGUAGE if latest is None
            else language_of_seat(latest.Seat.language, latest.Game.language)}
