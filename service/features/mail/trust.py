"""Addresses that have shown they want the service's mail, known by a keyed hash only.

Anyone may give any address for a seat, so mail that nobody at the address asked for is
limited (:mod:`.quotas`) until the address's owner has answered a mail that only they
received. :func:`trust` records that, from three doors:

* :data:`REPLY`: a reply through the mail door to a seat's reply address, whose token
  verified, sent from the seat's own address (``service.features.mailin``);
* :data:`CONFIRMED`: a seat's new address confirmed from the link mailed to it
  (``service.features.links.email``);
* :data:`HOME`: the list of an address's games opened from the home link mailed to it
  (``service.features.home``).

Opening a seat's first link proves nothing about its address: the game's creator got that
same link in the answer to the creation. Trust is kept for good (an owner who answered once
is no stranger to the service).

No address is kept in clear for this: the table holds the HMAC of the address's mailbox
(:func:`mailbox`) under the app's key (``service.plumbing.keyring.keyed_hash``). Without the
key a dump of the table cannot be matched against a list of addresses. After a key
rotation, trust recorded under an old key (``SECRET_KEY_OLD``) still counts.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.features.mail.models import TrustedAddress
from service.plumbing import clock
from service.plumbing.extensions import upsert
from service.plumbing.keyring import keyed_hash, secret_keys

REPLY = "reply"
CONFIRMED = "confirmed"
HOME = "home"

_PURPOSE = "mail-address"
# Gmail delivers every spelling of a local part, dots or not, to one mailbox.
_DOTLESS_DOMAINS = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}


def mailbox(address: str) -> str:
    """Return the mailbox ``address`` reaches, as the limits count it: lower case, without a
    sub-address (``ann+games@example.com`` is ``ann@example.com``), and for Gmail without
    the local part's dots (``A.nn@GoogleMail.com`` is ``ann@gmail.com``), so that a stranger
    cannot reach one mailbox under many spellings."""
    local, _, domain = address.strip().lower().rpartition("@")
    domain = domain.rstrip(".")
    local = local.split("+", 1)[0] or local
    if domain in _DOTLESS_DOMAINS:
        local, domain = local.replace(".", ""), _DOTLESS_DOMAINS[domain]
    return f"{local}@{domain}"


def address_hash(address: str, key: bytes | None = None) -> str:
    """Return the keyed hash that stands for ``address``'s mailbox (under ``key``, by
    default the current one)."""
    return keyed_hash(_PURPOSE, mailbox(address), key)


def trust(session: Session, address: str, source: str) -> None:
    """Record in the caller's transaction that ``address``'s owner answered a mail only they
    received (``source``: :data:`REPLY`, :data:`CONFIRMED` or :data:`HOME`)."""
    now = clock.now()
    statement = upsert(session, TrustedAddress).values(
        address_hash=address_hash(address), source=source, trusted_at=now)
    session.execute(statement.on_conflict_do_update(
        index_elements=["address_hash"], set_={"source": source, "trusted_at": now}))


def is_trusted(session: Session, address: str) -> bool:
    """True when ``address``'s owner has answered a mail only they received."""
    return bool(trusted_among(session, [address]))


def trusted_among(session: Session, addresses: Iterable[str]) -> set[str]:
    """Return the mailboxes (:func:`mailbox`) of ``addresses`` whose owners have answered a
    mail only they received, in one query."""
    boxes = {address_hash(address, key): mailbox(address)
             for address in addresses for key in secret_keys()}
    if not boxes:
        return set()
    found = session.scalars(select(TrustedAddress.address_hash)
                            .where(TrustedAddress.address_hash.in_(boxes)))
    return {boxes[hashed] for hashed in found}
