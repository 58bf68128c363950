"""A device subscribed to pushes for every seat of the link to "my games" at once.

Home authorizes (the home token, as it authorizes reading the games) and lists the seats;
the push feature judges the subscription and keeps it for each seat
(``service.features.push.service``), so a device gets the same pushes as if each seat's
page had subscribed it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.features.home.service import seats_of_home
from service.features.push.service import checked_subscription, forget, keep
from service.plumbing.errors import ServiceError
from service.plumbing.unit_of_work import read_transaction, write_transaction


def subscribe(token: str | None, body: Mapping[str, Any]) -> dict[str, Any]:
    """Keep the device's subscription for every seat the home link lists in a game open or
    under way; return ``subscribed`` and how many seats took it (a seat that has its most
    devices already is left out). Refusals as the push feature's, and the home link's own
    (401)."""
    with read_transaction() as session:
        seats_of_home(session, token)  # no name lookups for strangers
    subscription = checked_subscription(body)
    with write_transaction() as session:
        taken = 0
        for game_id, seat in seats_of_home(session, token):
            try:
                with session.begin_nested():
                    keep(session, game_id, seat, subscription)
            except ServiceError:  # that seat has its most devices
                continue
            taken += 1
        return {"subscribed": True, "seats": taken}


def unsubscribe(token: str | None, endpoint: str) -> dict[str, Any]:
    """Forget the device with ``endpoint`` for every seat the home link lists."""
    with write_transaction() as session:
        seats = seats_of_home(session, token)
        for game_id, seat in seats:
            forget(session, game_id, seat, endpoint)
        return {"subscribed": False, "seats": len(seats)}
