"""A seat's devices and choices as stored, read and written in the caller's transaction.

A subscription is kept sealed (``service.plumbing.sealing``): the table holds no endpoint or
key in clear, only a keyed hash of the endpoint (``keyring.keyed_hash``) to find it again,
under every configured secret key, so a device subscribing again after a key rotation is
still the same device.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from service.features.push.endpoints import Subscription
from service.features.push.models import ALL, MAIL, PushSettings, PushSubscription
from service.kernel.models import Seat
from service.plumbing.extensions import upsert
from service.plumbing.keyring import keyed_hash, secret_keys
from service.plumbing.sealing import seal_text, unseal_text
from service.plumbing.vapid import key_id

_PURPOSE = "push-endpoint"


def endpoint_hashes(endpoint: str) -> list[str]:
    """Return the keyed hashes of ``endpoint`` under each configured key, current first."""
    return [keyed_hash(_PURPOSE, endpoint, key) for key in secret_keys()]


def settings_of(session: Session, game_id: str, seat: int) -> PushSettings:
    """Return the seat's choices (an unsaved row of defaults when it has chosen nothing)."""
    row = session.get(PushSettings, (game_id, seat))
    return row or PushSettings(game_id=game_id, seat=seat, channels=MAIL, mail_waits=False,
                               talk=ALL)


def save_settings(session: Session, row: PushSettings) -> None:
    """Write the seat's choices."""
    values = {"game_id": row.game_id, "seat": row.seat, "channels": row.channels,
              "mail_waits": row.mail_waits, "talk": row.talk, "updated_at": row.updated_at}
    session.execute(upsert(session, PushSettings).values(values).on_conflict_do_update(
        index_elements=["game_id", "seat"], set_=values))


def count(session: Session, game_id: str, seat: int) -> int:
    """Return how many devices the seat has (subscribed with the present key)."""
    return session.scalar(select(func.count()).select_from(PushSubscription).where(
        PushSubscription.game_id == game_id, PushSubscription.seat == seat,
        PushSubscription.key_id == key_id())) or 0


def drop_stale(session: Session, game_id: str, seat: int) -> None:
    """Forget the seat's devices subscribed with an earlier key: no push reaches them."""
    session.execute(delete(PushSubscription).where(
        PushSubscription.game_id == game_id, PushSubscription.seat == seat,
        PushSubscription.key_id != key_id()))


def find(session: Session, game_id: str, seat: int, endpoint: str) -> PushSubscription | None:
    """Return the seat's device with ``endpoint`` (None: it has none)."""
    return session.scalar(select(PushSubscription).where(
        PushSubscription.game_id == game_id, PushSubscription.seat == seat,
        PushSubscription.endpoint_hash.in_(endpoint_hashes(endpoint))))


def sealed(subscription: Subscription) -> str:
    """Return the subscription sealed, as the table keeps it."""
    return seal_text(json.dumps(subscription.as_info(), separators=(",", ":")))


def opened(row: PushSubscription) -> Subscription:
    """Return the subscription a row keeps sealed."""
    info = json.loads(unseal_text(row.sealed))
    return Subscription(info["endpoint"], info["keys"]["p256dh"], info["keys"]["auth"])


def current_devices(session: Session, game_id: str, seat: int) -> Sequence[PushSubscription]:
    """Return the seat's devices that its present player subscribed: none made before the
    seat last changed hands (``Seat.replaced_at``), whatever a missed reaction left, and
    none made with an earlier application server key."""
    row = session.get(Seat, (game_id, seat))
    if row is None:
        return []
    query = select(PushSubscription).where(PushSubscription.game_id == game_id,
                                           PushSubscription.seat == seat,
                                           PushSubscription.key_id == key_id())
    if row.replaced_at is not None:
        query = query.where(PushSubscription.created_at >= row.replaced_at)
    return list(session.scalars(query.order_by(PushSubscription.id)))


def drop_devices(session: Session, game_id: str, seat: int) -> None:
    """Forget every device of the seat (its player left it)."""
    session.execute(delete(PushSubscription).where(PushSubscription.game_id == game_id,
                                                   PushSubscription.seat == seat))
