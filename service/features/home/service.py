"""The service layer of home: a link by email to the list of an address's games.

Asking (:func:`ask_for_home_link`) only writes an outbox job naming the address, the same
single INSERT whether or not the address plays anywhere (as "I lost my link" does), so
neither the answer nor its timing tells a stranger which addresses play. The worker looks
the address up and writes the email (:func:`send_home_link`).

A home link lasts :data:`LINK_LIFETIME` and names its address's generation: signing out
everywhere (:func:`sign_out_everywhere`) moves the generation on, so every link sent
before stops working, and drops the seat tokens the list handed out. The list
(:func:`read_home`) gives each seat of the address a link of its own, minted as "I lost my
link" mints one (``service.features.links.service.replace_seat_token``, purpose ``home``) but
derived from the address's generation, so the same link comes back on every visit. The
list also shows the address's choice of one mail a day for all its games
(``service.features.mail.daily``), which :func:`set_daily_mail` sets.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Row, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.features.home.links import HomeLink, make_token, read_token, seat_token
from service.features.home.models import HomeAddress
from service.features.links.service import HOME, drop_seat_tokens, replace_seat_token
from service.features.mail import compose, daily, trust
from service.kernel.models import Game, Seat, Token
from service.kernel.naming import game_name
from service.kernel.store import load_state
from service.kernel.urls import home_link, play_link
from service.kernel.vocabulary import ACTIVE, FINISHED, OPEN
from service.plumbing import clock, outbox
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _, current_language, in_language, ngettext
from service.plumbing.tokens import hash_secret, new_token
from service.plumbing.unit_of_work import rows_changed, write_transaction

HOME_LINK = "home_link"
"""The outbox job "email this address a link to its games"."""
LINK_LIFETIME = timedelta(days=7)
MAX_SEATS = 100
LISTED = (OPEN, ACTIVE, FINISHED)


def ask_for_home_link(email: str) -> None:
    """Write the job "email this address a link to its games", whoever the address belongs to,
    with the language of the request (the email is written in it)."""
    with write_transaction() as session:
        outbox.add(session, HOME_LINK, {"email": email, "language": current_language()},
                   f"home-link:{new_token()}")


def send_home_link(job_id: int, email: str, language: str | None = None) -> bool:
    """Email the address a link to its home page if it has a seat in a game, in ``language``
    (None: English); return whether an email was written (the worker's half of
    :func:`ask_for_home_link`).

    Idempotent per job: the email is keyed by the job; the address's row, made the first
    time, is shared by every later link.
    """
    key = email.lower()
    now = clock.now()
    with write_transaction() as session:
        to = session.execute(
            select(Seat.email).join(Game, Game.id == Seat.game_id)
            .where(Seat.email_key == key, Game.status.in_(LISTED))
            .order_by(Game.updated_at.desc()).limit(1)
        ).scalar_one_or_none()
        if to is None:
            return False
        address = _address(session, key, now)
        link = HomeLink(address.id, address.generation, now + LINK_LIFETIME)
        with in_language(language):
            mail = compose.home_link(home_link(make_token(link)), LINK_LIFETIME.days)
        return outbox.email_job(session, to, mail.subject, mail.text, f"home:{job_id}",
                                html=mail.html, topic=HOME) is not None


def read_home(token: str | None) -> dict[str, Any]:
    """Return every game of the home link's address, those waiting for it first.

    One entry per seat of the address in a game that is open, under way or over (newest
    activity first after those waiting for the address), with a working link to the seat.
    The link was mailed to the address alone: the address is trusted (``mail.trust``).
    Raises ``auth/missing_token``, ``home/invalid_link``, ``home/expired_link`` or
    ``home/revoked_link`` (401).
    """
    now = clock.now()
    with write_transaction() as session:
        address, link = _verified(session, token, now)
        trust.trust(session, address.email_key, trust.HOME)
        rows = session.execute(
            select(Game, Seat).join(Seat, Seat.game_id == Game.id)
            .where(Seat.email_key == address.email_key, Game.status.in_(LISTED))
            .order_by(Game.updated_at.desc(), Game.id, Seat.seat).limit(MAX_SEATS)
        ).all()
        tokens = {(row.Game.id, row.Seat.seat): seat_token(link, row.Game.id, row.Seat.seat)
                  for row in rows}
        _store_seat_tokens(session, tokens, now)
        seats = _seats_of(session, {row.Game.id for row in rows})
        games = [_entry(row, seats, tokens) for row in rows]
        email = rows[0].Seat.email or address.email_key if rows else address.email_key
        daily_mail = daily.describe(session, email)
    games.sort(key=lambda entry: not entry["your_move"])  # stable: newest first otherwise
    return {"email": email, "expires_at": clock.iso(link.expires_at), "games": games,
            "daily_mail": daily_mail}


def seats_of_home(session: Session, token: str | None) -> list[tuple[str, int]]:
    """Return the seats (game id, seat) the home link lists that may still hear of their
    game (open or under way), in the caller's transaction: what a device subscribed through
    the home link gets pushes for (``service.features.push``). Raises as :func:`read_home`
    does."""
    address, _link = _verified(session, token, clock.now())
    return [(row.game_id, row.seat) for row in session.execute(
        select(Seat.game_id, Seat.seat).join(Game, Seat.game_id == Game.id)
        .where(Seat.email_key == address.email_key, Game.status.in_((OPEN, ACTIVE)))
        .order_by(Game.updated_at.desc(), Game.id, Seat.seat).limit(MAX_SEATS))]


def set_daily_mail(token: str | None, choice: dict[str, Any]) -> dict[str, Any]:
    """Set whether the home link's address gets one mail a day for all its games instead of
    a mail per game, and at which hour (``choice``: ``daily``, ``hour``; either left out
    stays); return the choice as :func:`read_home` shows it (``daily_mail``). Raises as
    :func:`read_home` does."""
    with write_transaction() as session:
        address, _link = _verified(session, token, clock.now())
        daily.choose(session, address.email_key, daily=choice.get("daily"),
                     hour=choice.get("hour"))
        return daily.describe(session, address.email_key)


def sign_out_everywhere(token: str | None) -> None:
    """Make every home link of the token's address stop working, and the seat links they
    handed out: the address's generation moves on. Raises as :func:`read_home` does."""
    with write_transaction() as session:
        address, link = _verified(session, token, clock.now())
        changed = session.execute(
            update(HomeAddress)
            .where(HomeAddress.id == address.id, HomeAddress.generation == link.generation)
            .values(generation=HomeAddress.generation + 1, updated_at=clock.now()))
        if rows_changed(changed) != 1:
            raise _revoked()
        drop_seat_tokens(session, select(Seat.game_id, Seat.seat)
                         .where(Seat.email_key == address.email_key), HOME)


def _address(session: Session, key: str, now: datetime) -> HomeAddress:
    """Return the address's row, made if it has none (two workers may race to make it)."""
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    session.execute(insert(HomeAddress)
                    .values(email_key=key, generation=0, created_at=now, updated_at=now)
                    .on_conflict_do_nothing(index_elements=["email_key"]))
    return session.execute(select(HomeAddress).where(HomeAddress.email_key == key)).scalar_one()


def _revoked() -> ServiceError:
    return ServiceError("home/revoked_link",
                        _("This link to your games was signed out. Ask for a new one on the "
                          "page it opens."))


def _verified(session: Session, token: str | None,
              now: datetime) -> tuple[HomeAddress, HomeLink]:
    """Return the address and link of a genuine, current home token; raise otherwise."""
    if token is None:
        raise ServiceError("auth/missing_token",
                           _("This needs the link to your games from your email (it ends in "
                             "%(end)s).", end="#h=..."), headers={"WWW-Authenticate": "Bearer"})
    link = read_token(token)
    if link is None:
        raise ServiceError("home/invalid_link",
                           _("This link to your games is not valid: open the whole link from "
                             "your email, or ask for a new one."))
    if link.expires_at <= now:
        raise ServiceError("home/expired_link",
                           ngettext("This link to your games has expired (links last %(num)d "
                                    "day). Ask for a new one on the page it opens.",
                                    "This link to your games has expired (links last %(num)d "
                                    "days). Ask for a new one on the page it opens.",
                                    LINK_LIFETIME.days),
                           {"expired_at": clock.iso(link.expires_at)})
    address = session.get(HomeAddress, link.address_id)
    if address is None or address.generation != link.generation:
        raise _revoked()
    return address, link


def _store_seat_tokens(session: Session, tokens: dict[tuple[str, int], str],
                       now: datetime) -> None:
    """Store the hash of each seat token not stored yet (the first visit of a generation)."""
    hashes = {place: hash_secret(token) for place, token in tokens.items()}
    stored = set(session.scalars(select(Token.hash).where(Token.hash.in_(hashes.values()))))
    for (game_id, seat), token in tokens.items():
        if hashes[game_id, seat] not in stored:
            replace_seat_token(session, game_id, seat, token, HOME, now)


def _seats_of(session: Session, game_ids: set[str]) -> dict[tuple[str, int], Seat]:
    """Return every seat of these games by game and seat (whose move it is may be another's)."""
    if not game_ids:
        return {}
    return {(seat.game_id, seat.seat): seat
            for seat in session.scalars(select(Seat).where(Seat.game_id.in_(game_ids)))}


def _entry(row: Row[Game, Seat], seats: dict[tuple[str, int], Seat],
           tokens: dict[tuple[str, int], str]) -> dict[str, Any]:
    """Return one seat's line of the list."""
    game, seat = row.Game, row.Seat
    state = load_state(game)
    running = game.status == ACTIVE
    to_move = state.to_move if state is not None and running else None
    mover = seats.get((game.id, to_move)) if to_move is not None else None
    paused = running and game.paused_at is not None
    return {
        "game_id": game.id,
        "name": game_name(game),
        "status": game.status,
        "phase": game.phase,
        "seat": seat.seat,
        "colour": seat.colour,
        "player": seat.name,
        "to_move": None if mover is None else {
            "seat": mover.seat, "name": mover.name, "colour": mover.colour},
        "your_move": to_move == seat.seat and not paused,
        "paused": paused,
        "last_activity": clock.iso(game.updated_at),
        "move_deadline": clock.iso(game.move_deadline) if running else None,
        "link": play_link(game.id, tokens[game.id, seat.seat]),
    }
