"""The use cases of Web Push: the public key, a seat's choices and its devices.

A seat's token reads and sets its choices (``channels``: mail, push or both; ``mail_waits``:
with push on, a mail waits a while for its push and goes only if the push was not
delivered; ``talk``: every message of the table pushed, or none) and adds or removes a
device. The endpoint is judged (``endpoints.check_endpoint``: https, public addresses) once
the caller is known to be a seat and before the write transaction begins, so a slow name
lookup never holds the write lock. A refused subscription writes nothing. A device
subscribed for a seat that heard by mail alone makes it hear on its devices too (``both``):
turning notifications on is a choice of push. The home link subscribes a device for every
seat it lists at once (``service.features.home.devices``, through :func:`checked_subscription`,
:func:`keep` and :func:`forget`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from service.features.push import devices
from service.features.push.endpoints import Subscription, check_endpoint, read_subscription
from service.features.push.models import BOTH, MAIL, PushSubscription
from service.kernel.auth import SEAT, authenticate
from service.kernel.models import Seat
from service.kernel.vocabulary import CANCELLED, FINISHED
from service.plumbing import vapid
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _, ngettext
from service.plumbing.unit_of_work import read_transaction, write_transaction

MAX_DEVICES = 10  # per seat: a phone, a laptop, a tablet ... with room to spare
CHOICES = ("channels", "mail_waits", "talk")


def key() -> dict[str, Any]:
    """Return the application server key browsers subscribe with, and whether push is on."""
    if not vapid.is_available():
        return {"public_key": None, "available": False}
    return {"public_key": vapid.public_key(), "available": True}


def read(game_id: str, token: str | None) -> dict[str, Any]:
    """Return the seat's choices and how many devices it has (a seat's token)."""
    with read_transaction() as session:
        seat = _seat_of(session, game_id, token)
        return _view(session, game_id, seat)


def choose(game_id: str, token: str | None, changes: Mapping[str, Any]) -> dict[str, Any]:
    """Set any of the seat's ``channels``, ``mail_waits`` and ``talk``; return the view."""
    with write_transaction() as session:
        seat = _seat_of(session, game_id, token)
        row = devices.settings_of(session, game_id, seat)
        for name in CHOICES:
            if name in changes:
                setattr(row, name, changes[name])
        row.updated_at = utcnow()
        devices.save_settings(session, row)
        return _view(session, game_id, seat)


def subscribe(game_id: str, token: str | None, body: Mapping[str, Any]) -> dict[str, Any]:
    """Keep the device's subscription for the seat (the same endpoint again: its keys are
    renewed, nothing added); return ``subscribed`` and the view.

    Refusals: 409 ``push/unavailable`` (no VAPID key), ``game/ended``, ``push/too_many``;
    422 ``push/invalid_endpoint``, ``push/invalid_keys``."""
    with read_transaction() as session:
        _seat_of(session, game_id, token)  # no name lookups for strangers
    subscription = checked_subscription(body)
    with write_transaction() as session:
        game, caller = authenticate(session, game_id, token, kinds=(SEAT,))
        assert caller.seat is not None  # a seat's token
        if game.status in (FINISHED, CANCELLED):
            raise ServiceError("game/ended", _("This game has ended: it sends nothing more."),
                               {"status": game.status})
        keep(session, game_id, caller.seat, subscription)
        session.flush()
        return {"subscribed": True, **_view(session, game_id, caller.seat)}


def checked_subscription(body: Mapping[str, Any]) -> Subscription:
    """Return the subscription of a ``PushSubscription.toJSON()`` body once push is on, its
    keys are sound and its endpoint may be POSTed to (it resolves the endpoint's host: call
    it outside any write transaction). Refusals: ``push/unavailable`` (409),
    ``push/invalid_keys``, ``push/invalid_endpoint`` (422)."""
    if not vapid.is_available():
        raise ServiceError("push/unavailable",
                           _("Notifications on devices are not set up on this service."))
    subscription = read_subscription(body)
    check_endpoint(subscription.endpoint)
    return subscription


def keep(session: Session, game_id: str, seat: int, subscription: Subscription) -> None:
    """Store the device for the seat (renew its keys when it has it); with it, the seat that
    heard by mail alone hears on its devices too (``channels`` both)."""
    # The seat's row held until the commit: requests at once count and add one after the
    # other, so none passes the limit (SQLite's write transaction holds its write lock).
    session.execute(select(Seat.seat).where(Seat.game_id == game_id, Seat.seat == seat)
                    .with_for_update())
    devices.drop_stale(session, game_id, seat)
    row = devices.find(session, game_id, seat, subscription.endpoint)
    if row is not None:
        row.sealed = devices.sealed(subscription)
        row.endpoint_hash = devices.endpoint_hashes(subscription.endpoint)[0]
    else:
        owned = devices.count(session, game_id, seat)
        if owned >= MAX_DEVICES:
            raise ServiceError("push/too_many", ngettext(
                "This seat has notifications on %(num)d device, the most allowed; turn "
                "them off on one first.",
                "This seat has notifications on %(num)d devices, the most allowed; turn "
                "them off on one first.", owned), {"limit": MAX_DEVICES})
        session.add(PushSubscription(
            game_id=game_id, seat=seat,
            endpoint_hash=devices.endpoint_hashes(subscription.endpoint)[0],
            sealed=devices.sealed(subscription), key_id=vapid.key_id(), created_at=utcnow()))
    choices = devices.settings_of(session, game_id, seat)
    if choices.channels == MAIL:
        choices.channels, choices.updated_at = BOTH, utcnow()
        devices.save_settings(session, choices)


def forget(session: Session, game_id: str, seat: int, endpoint: str) -> None:
    """Forget the seat's device with ``endpoint`` (nothing when it has none)."""
    session.execute(delete(PushSubscription).where(
        PushSubscription.game_id == game_id, PushSubscription.seat == seat,
        PushSubscription.endpoint_hash.in_(devices.endpoint_hashes(endpoint))))


def unsubscribe(game_id: str, token: str | None, endpoint: str) -> dict[str, Any]:
    """Forget the seat's device with ``endpoint`` (nothing when it has none); return
    ``subscribed`` (False) and the view."""
    with write_transaction() as session:
        seat = _seat_of(session, game_id, token)
        forget(session, game_id, seat, endpoint)
        return {"subscribed": False, **_view(session, game_id, seat)}


def drop_seat_devices(session: Session, game_id: str, seat: int) -> None:
    """Forget the devices of a seat that changed hands: the player who left hears nothing
    more (the reaction ``service.reactions`` lists)."""
    devices.drop_devices(session, game_id, seat)


def _seat_of(session: Session, game_id: str, token: str | None) -> int:
    _game, caller = authenticate(session, game_id, token, kinds=(SEAT,))
    assert caller.seat is not None  # a seat's token
    return caller.seat


def _view(session: Session, game_id: str, seat: int) -> dict[str, Any]:
    row = devices.settings_of(session, game_id, seat)
    return {"channels": row.channels, "mail_waits": row.mail_waits, "talk": row.talk,
            "devices": devices.count(session, game_id, seat)}
