"""How many invitations go to addresses that have not shown they want the service's mail.

Anyone can make the service mail any address: a game's creator gives each seat's address.
An invitation to an address that is not trusted (:mod:`.trust`) is counted twice, in the
caller's transaction, and held back beyond either limit:

* per recipient (:data:`RECIPIENT`): at most ``INVITATIONS_PER_ADDRESS_PER_DAY`` to one
  mailbox (:func:`.trust.mailbox`) in a day (UTC), whoever creates the games;
* per creating client (:data:`CLIENT`): at most ``INVITATIONS_PER_CLIENT_PER_HOUR`` to
  such addresses from one client address in a clock hour (an IPv6 client counts by its /64
  network, which one subscriber usually holds whole).

An invitation to a trusted address is counted by neither. A setting of ``None``: no limit.

Each count is a row of ``mail_counts`` (scope, the keyed hash of the mailbox or of the
client address, the window's start). A creation first makes and locks the rows it will
count on, all in one order (``INSERT ... ON CONFLICT DO UPDATE``), then raises each with a
conditional UPDATE (``count = count + 1 WHERE count < limit``). PostgreSQL holds those row
locks to the end of the transaction and SQLite runs one write transaction at a time, so two
processes never both take the last place, and two creations naming the same addresses in
another order wait for each other instead of deadlocking. A held invitation leaves both
counts as they were. The counts commit with the game that asked, or not at all; beat prunes
them once their window is over (``service.retention``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from flask import current_app
from sqlalchemy import Update, update
from sqlalchemy.orm import Session

from service.features.mail.models import MailCount
from service.features.mail.trust import mailbox, trusted_among
from service.plumbing import clock
from service.plumbing.extensions import upsert
from service.plumbing.keyring import keyed_hash
from service.plumbing.limits import client_network
from service.plumbing.unit_of_work import rows_changed

RECIPIENT = "recipient"
CLIENT = "client"


@dataclass(frozen=True, slots=True)
class Limit:
    """A count of invitations to untrusted addresses: its scope, its setting, its window."""

    scope: str
    setting: str
    window: timedelta


LIMITS = (Limit(RECIPIENT, "INVITATIONS_PER_ADDRESS_PER_DAY", timedelta(days=1)),
          Limit(CLIENT, "INVITATIONS_PER_CLIENT_PER_HOUR", timedelta(hours=1)))
_WINDOWS = {limit.scope: limit.window for limit in LIMITS}


@dataclass(frozen=True, slots=True)
class Held:
    """An invitation held back: the limit it met (:data:`RECIPIENT` or :data:`CLIENT`) and
    that limit's number."""

    reason: str
    limit: int


def admit_invitations(session: Session, addresses: Sequence[str],
                      client: str) -> list[Held | None]:
    """Count invitations to ``addresses``, in order, asked for by ``client`` (the creating
    client's IP address), in the caller's transaction; return for each None when it may go,
    else why it may not (then nothing is counted for it). The rows are locked first, all in
    one order (see above)."""
    trusted = trusted_among(session, addresses)
    now = clock.now()
    client_key = keyed_hash("invitations-from", client_network(client))
    limits = [(limit, int(most)) for limit in LIMITS
              if (most := current_app.config[limit.setting]) is not None]
    keys_of = {box: {RECIPIENT: keyed_hash("invitations-to", box), CLIENT: client_key}
               for box in map(mailbox, addresses) if box not in trusted}
    _lock(session, sorted({(limit.scope, keys[limit.scope]) for keys in keys_of.values()
                           for limit, _most in limits}), now)
    answers: list[Held | None] = []
    for address in addresses:
        keys = keys_of.get(mailbox(address))
        answers.append(None if keys is None else _admit(session, limits, keys, now))
    return answers


def _admit(session: Session, limits: Sequence[tuple[Limit, int]], keys: Mapping[str, str],
           now: datetime) -> Held | None:
    """Count one invitation under each limit; on the first that is full, take back the
    counts added and return why it is held."""
    counted: list[Limit] = []
    for limit, most in limits:
        if not _count(session, limit, keys[limit.scope], most, now):
            for done in counted:
                _uncount(session, done, keys[done.scope], now)
            return Held(limit.scope, most)
        counted.append(limit)
    return None


def _window(scope: str, now: datetime) -> tuple[datetime, datetime]:
    """Return the start and end of the window of ``scope`` that ``now`` falls in: a day's
    starts at midnight UTC, an hour's on the hour."""
    seconds = _WINDOWS[scope].total_seconds()
    start = datetime.fromtimestamp(now.timestamp() // seconds * seconds, UTC)
    return start, start + _WINDOWS[scope]


def _lock(session: Session, keys: Sequence[tuple[str, str]], now: datetime) -> None:
    """Make and lock the current window's row of each (scope, key), in the order given."""
    for scope, key in keys:
        start, end = _window(scope, now)
        insert = upsert(session, MailCount).values(
            scope=scope, key_hash=key, window_start=start, count=0, expires_at=end)
        session.execute(insert.on_conflict_do_update(
            index_elements=["scope", "key_hash", "window_start"],
            set_={"count": MailCount.count}))


def _count(session: Session, limit: Limit, key: str, most: int, now: datetime) -> bool:
    """Add one to the count of ``key`` in the current window unless it is at ``most``;
    return whether it was added."""
    raised = session.execute(_this_window(limit.scope, key, now).where(MailCount.count < most)
                             .values(count=MailCount.count + 1))
    return rows_changed(raised) == 1


def _uncount(session: Session, limit: Limit, key: str, now: datetime) -> None:
    """Take back the one :func:`_count` just added (another limit held the invitation)."""
    session.execute(_this_window(limit.scope, key, now).values(count=MailCount.count - 1))


def _this_window(scope: str, key: str, now: datetime) -> Update:
    """Return the UPDATE of the row of ``key`` in the current window of ``scope``."""
    return update(MailCount).where(MailCount.scope == scope, MailCount.key_hash == key,
                                   MailCount.window_start == _window(scope, now)[0])
