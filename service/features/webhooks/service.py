"""The service layer of webhooks: endpoints, pings, the delivery log and redelivery.

The creator's token manages the game's endpoints, a seat's token that seat's endpoints; an
endpoint of anyone else is "not found", so no one learns of another's endpoints. The signing
secret is returned once, by :func:`create_endpoint`. A URL is checked (form, and addresses
that are public unless ``WEBHOOK_ALLOW_PRIVATE``) once the caller is known to be an owner
and before the write transaction begins, so a slow name lookup never holds the write lock.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import current_app
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from service.features.webhooks.addresses import RefusedTarget, allows_private, parse_url, resolve
from service.features.webhooks.messages import queue_ping
from service.features.webhooks.models import WebhookDelivery, WebhookEndpoint
from service.features.webhooks.signing import new_secret
from service.kernel.auth import CREATOR, SEAT, Caller, authenticate, check_game_id
from service.kernel.models import Game, Seat
from service.kernel.vocabulary import CANCELLED, FINISHED
from service.plumbing import outbox
from service.plumbing.clock import iso
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _, ngettext
from service.plumbing.i18n.words import status_name
from service.plumbing.outbox import Outbox
from service.plumbing.unit_of_work import read_transaction, write_transaction

MAX_ENDPOINTS = 5  # per owner (the game, or one seat); held under concurrency by _lock_owner
MAX_ID = 2**63 - 1
OWNERS = (SEAT, CREATOR)


def endpoint_view(endpoint: WebhookEndpoint) -> dict[str, Any]:
    """Return an endpoint as its owner sees it: everything but the secret."""
    return {
        "id": endpoint.id,
        "seat": endpoint.seat,
        "url": endpoint.url,
        "events": list(endpoint.events),
        "format": endpoint.format,
        "enabled": endpoint.enabled,
        "disabled_reason": endpoint.disabled_reason,
        "created_at": iso(endpoint.created_at),
        "updated_at": iso(endpoint.updated_at),
    }


def delivery_view(delivery: WebhookDelivery) -> dict[str, Any]:
    """Return one delivery attempt as the log shows it."""
    return {
        "id": delivery.id,
        "message_id": delivery.message_id,
        "event_type": delivery.event_type,
        "attempt": delivery.attempt,
        "ok": delivery.ok,
        "status_code": delivery.status_code,
        "duration_ms": delivery.duration_ms,
        "error": delivery.error,
        "created_at": iso(delivery.created_at),
    }


def check_url(url: str) -> None:
    """Refuse a URL of the wrong form or one that resolves to a private address (422)."""
    try:
        resolve(parse_url(url), allows_private(current_app.config["WEBHOOK_ALLOW_PRIVATE"]))
    except RefusedTarget as refused:
        raise ServiceError(refused.code, str(refused), {"url": url}) from None


def create_endpoint(game_id: str, token: str | None, spec: dict[str, Any]) -> dict[str, Any]:
    """Add an endpoint for the caller (the game's, or the caller's seat's); return it with its
    secret, which is shown this once."""
    with read_transaction() as session:
        authenticate(session, game_id, token, kinds=OWNERS)  # no name lookups for strangers
    check_url(spec["url"])
    now = utcnow()
    with write_transaction() as session:
        game, caller = authenticate(session, game_id, token, kinds=OWNERS)
        if game.status in (FINISHED, CANCELLED):
            # TRANSLATORS: %(status)s is the game's status: "finished" or "cancelled".
            raise ServiceError("game/ended", _("This game is %(status)s: it sends nothing more.",
                                               status=status_name(game.status)),
                               {"status": game.status})
        _lock_owner(session, game_id, caller)
        owned = session.scalar(select(func.count()).select_from(WebhookEndpoint)
                               .where(*_owned_by(game_id, caller))) or 0
        if owned >= MAX_ENDPOINTS:
            raise ServiceError("webhook/too_many",
                               ngettext("You have %(num)d webhook in this game, the most "
                                        "allowed; delete it first.",
                                        "You have %(num)d webhooks in this game, the most "
                                        "allowed; delete one first.", owned),
                               {"limit": MAX_ENDPOINTS})
        secret = new_secret()
        endpoint = WebhookEndpoint(
            game_id=game_id, seat=caller.seat if caller.kind == SEAT else None,
            url=spec["url"], events=_unique(spec["events"]), format=spec["format"],
            enabled=True, secret=secret, created_at=now, updated_at=now)
        session.add(endpoint)
        session.flush()
        return {**endpoint_view(endpoint), "secret": secret}


def list_endpoints(game_id: str, token: str | None) -> dict[str, Any]:
    """Return the caller's endpoints in the game, oldest first."""
    with read_transaction() as session:
        _game, caller = authenticate(session, game_id, token, kinds=OWNERS)
        rows = session.scalars(select(WebhookEndpoint).where(*_owned_by(game_id, caller))
                               .order_by(WebhookEndpoint.id))
        return {"items": [endpoint_view(row) for row in rows]}


def read_endpoint(game_id: str, token: str | None, endpoint_id: str) -> dict[str, Any]:
    """Return one of the caller's endpoints."""
    with read_transaction() as session:
        return endpoint_view(_find(session, game_id, token, endpoint_id))


def update_endpoint(game_id: str, token: str | None, endpoint_id: str,
                    changes: dict[str, Any]) -> dict[str, Any]:
    """Change an endpoint's URL, events, format or enabled flag; return it."""
    if "url" in changes:
        with read_transaction() as session:
            _find(session, game_id, token, endpoint_id)  # no name lookups for strangers
        check_url(changes["url"])
    else:
        check_game_id(game_id)
    with write_transaction() as session:
        endpoint = _find(session, game_id, token, endpoint_id)
        if "events" in changes:
            changes["events"] = _unique(changes["events"])
        for name, value in changes.items():
            setattr(endpoint, name, value)
        if "enabled" in changes:
            endpoint.disabled_reason = None
        endpoint.updated_at = utcnow()
        session.flush()
        return endpoint_view(endpoint)


def delete_endpoint(game_id: str, token: str | None, endpoint_id: str) -> None:
    """Delete an endpoint and its delivery log; messages not yet sent are dropped."""
    check_game_id(game_id)
    with write_transaction() as session:
        endpoint = _find(session, game_id, token, endpoint_id)
        session.execute(delete(WebhookDelivery).where(WebhookDelivery.endpoint_id == endpoint.id))
        session.delete(endpoint)


def drop_seat_endpoints(session: Session, game_id: str, seat: int) -> int:
    """Delete the endpoints of ``seat`` and their delivery logs, in the caller's transaction
    (the seat changed hands: they were the player's who left); return how many. Messages
    not yet sent to them are given up by the worker."""
    ids = list(session.scalars(select(WebhookEndpoint.id).where(
        WebhookEndpoint.game_id == game_id, WebhookEndpoint.seat == seat)))
    if ids:
        session.execute(delete(WebhookDelivery).where(WebhookDelivery.endpoint_id.in_(ids)))
        session.execute(delete(WebhookEndpoint).where(WebhookEndpoint.id.in_(ids)))
    return len(ids)


def ping(game_id: str, token: str | None, endpoint_id: str) -> dict[str, str]:
    """Write a test ping for an enabled endpoint; return its message id."""
    check_game_id(game_id)
    with write_transaction() as session:
        endpoint = _find(session, game_id, token, endpoint_id)
        _check_enabled(endpoint)
        game = session.get(Game, game_id)  # in the session already: _find authenticated
        assert game is not None
        return {"message_id": queue_ping(session, endpoint, game.version)}


def list_deliveries(game_id: str, token: str | None, endpoint_id: str, after: int,
                    limit: int) -> dict[str, Any]:
    """Return the endpoint's delivery attempts with an id after ``after``, oldest first."""
    with read_transaction() as session:
        endpoint = _find(session, game_id, token, endpoint_id)
        rows = list(session.scalars(
            select(WebhookDelivery)
            .where(WebhookDelivery.endpoint_id == endpoint.id, WebhookDelivery.id > after)
            .order_by(WebhookDelivery.id).limit(limit + 1)))
        items = [delivery_view(row) for row in rows[:limit]]
        return {"items": items, "next_after": items[-1]["id"] if items else after,
                "has_more": len(rows) > limit}


def redeliver(game_id: str, token: str | None, endpoint_id: str,
              delivery_id: str) -> dict[str, str]:
    """Send the message of a delivery attempt again, with the same webhook id; return it."""
    check_game_id(game_id)
    with write_transaction() as session:
        endpoint = _find(session, game_id, token, endpoint_id)
        _check_enabled(endpoint)
        row_id = _row_id(delivery_id)
        delivery = session.get(WebhookDelivery, row_id) if row_id is not None else None
        job = session.get(Outbox, delivery.outbox_id) if delivery is not None else None
        if delivery is None or delivery.endpoint_id != endpoint.id or job is None:
            raise ServiceError("webhook/delivery_not_found",
                               _("This webhook has no delivery %(delivery)s.",
                                 delivery=delivery_id),
                               {"delivery_id": delivery_id})
        outbox.add(session, outbox.WEBHOOK, dict(job.payload),
                   f"webhook:{delivery.message_id}:again:{secrets.token_hex(8)}")
        return {"message_id": delivery.message_id}


def _lock_owner(session: Session, game_id: str, caller: Caller) -> None:
    """Hold the owner's row (the seat's, or the game's for the creator) until the commit.

    Under READ COMMITTED two creations could both count 4 endpoints and both insert a fifth:
    32 at once left 6 or 7. Locking the owner's row makes them count one after the other.
    (SQLite needs no lock: a write transaction holds the database's write lock.)
    """
    if caller.kind == SEAT:
        session.execute(select(Seat.seat).where(Seat.game_id == game_id,
                                                Seat.seat == caller.seat).with_for_update())
    else:
        session.execute(select(Game.id).where(Game.id == game_id).with_for_update())


def _owned_by(game_id: str, caller: Caller) -> tuple[Any, ...]:
    """Return the conditions that select the caller's endpoints in the game."""
    owner = (WebhookEndpoint.seat == caller.seat if caller.kind == SEAT
             else WebhookEndpoint.seat.is_(None))
    return (WebhookEndpoint.game_id == game_id, owner)


def _find(session: Session, game_id: str, token: str | None,
          endpoint_id: str) -> WebhookEndpoint:
    """Return the caller's endpoint ``endpoint_id``; 404 when it is not theirs or not there."""
    _game, caller = authenticate(session, game_id, token, kinds=OWNERS)
    row_id, endpoint = _row_id(endpoint_id), None
    if row_id is not None:
        endpoint = session.scalar(select(WebhookEndpoint).where(
            WebhookEndpoint.id == row_id, *_owned_by(game_id, caller)))
    if endpoint is None:
        raise ServiceError("webhook/not_found", _("You have no webhook %(endpoint)s in this "
                                                  "game.", endpoint=endpoint_id),
                           {"endpoint_id": endpoint_id})
    return endpoint


def _check_enabled(endpoint: WebhookEndpoint) -> None:
    """Refuse to send to a disabled endpoint (409)."""
    if not endpoint.enabled:
        raise ServiceError("webhook/disabled",
                           _("Webhook %(endpoint)s is disabled; enable it first.",
                             endpoint=endpoint.id),
                           {"disabled_reason": endpoint.disabled_reason})


def _row_id(text: str) -> int | None:
    """Return the row id a path parameter names, or None when it cannot name a row."""
    if not (text.isascii() and text.isdigit() and len(text) <= 19) or not 0 < int(text) <= MAX_ID:
        return None
    return int(text)


def _unique(events: list[str]) -> list[str]:
    """Return the event types once each, in the order given."""
    return list(dict.fromkeys(events))
