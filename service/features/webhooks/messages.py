"""The webhook messages a change of a game calls for, written to the outbox in its transaction.

A change (a game started, a player's action, a monster phase) becomes a few webhook events:
``game.started``, ``action.accepted``, ``monster.resolved``, then ``move.due`` (whose move
it is now) or ``game.over``; a message posted to the table (``service.features.talk``) becomes
``message.posted``; the pace tools (``service.features.deadlines``) write ``turn.nudged`` (a seat,
or the creator, nudged the seat to act) and ``seat.absent`` (a seat missed as many deadlines as
the creator allows: they may hand it on); the takebacks (``service.features.takebacks``)
write ``takeback.asked`` and ``takeback.declined``, and a takeback made is ``takeback.made``;
the tables (``service.features.tables``) write ``rematch.asked`` and ``rematch.decided``.
Each enabled endpoint of the game that wants an
event gets one outbox row (kind ``webhook``) whose ``message_id`` is stable (endpoint, game,
version, type, a posted message's seq, and a digest of what the change says), so writing it twice
is a no-op and a receiver can drop duplicates; a different change at a version used before (a game
restored from a backup, then played on otherwise) gets ids no receiver has seen. A seat's
endpoint hears ``move.due`` and ``turn.nudged`` only when the move is its own,
``message.posted`` only for the other seats' messages, and never ``seat.absent``, which is
for the creator. Event data are the engine's events as
the public log shows them and the players' messages, never the state (no pile, seed,
generator state, token or email). A message names the game by its name; a chat format's
ends with the game's spectator link, whose token the worker fills in when it sends
(``service.features.webhooks.spectator``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from engine import events as engine_events
from service.features.webhooks.chat import STANDARD, chat_body, sentence
from service.features.webhooks.models import WebhookEndpoint
from service.features.webhooks.spectator import placeholder_link
from service.kernel.models import Game, GameRow, Seat
from service.kernel.naming import default_name
from service.plumbing import outbox
from service.plumbing.columns import utcnow
from service.plumbing.extensions import table_of
from service.plumbing.i18n import colour_name, in_language

GAME_STARTED = "game.started"
ACTION_ACCEPTED = "action.accepted"
MONSTER_RESOLVED = "monster.resolved"
MOVE_DUE = "move.due"
GAME_OVER = "game.over"
MESSAGE_POSTED = "message.posted"
TURN_NUDGED = "turn.nudged"
SEAT_ABSENT = "seat.absent"
TAKEBACK_ASKED = "takeback.asked"
TAKEBACK_DECLINED = "takeback.declined"
TAKEBACK_MADE = "takeback.made"
REMATCH_ASKED = "rematch.asked"
REMATCH_DECIDED = "rematch.decided"
PING = "ping"
EVENT_TYPES = (GAME_STARTED, ACTION_ACCEPTED, MONSTER_RESOLVED, MOVE_DUE, GAME_OVER,
               MESSAGE_POSTED, TURN_NUDGED, SEAT_ABSENT, TAKEBACK_ASKED, TAKEBACK_DECLINED,
               TAKEBACK_MADE, REMATCH_ASKED, REMATCH_DECIDED)

_MONSTER_EVENTS = {engine_events.CARD, engine_events.MONSTER_DONE}
# Built once: every change of every game asks the first; most games have no endpoint.
_ANY_ENABLED = (select(table_of(WebhookEndpoint).c.id)
                .where(table_of(WebhookEndpoint).c.game_id == bindparam("game_id"),
                       table_of(WebhookEndpoint).c.enabled.is_(True))
                .limit(1))
_ENABLED_ENDPOINTS = (select(WebhookEndpoint)
                      .where(WebhookEndpoint.game_id == bindparam("game_id"),
                             WebhookEndpoint.enabled.is_(True))
                      .order_by(WebhookEndpoint.id))


def webhook_events(game: GameRow, events: Sequence[Mapping[str, Any]]
                   ) -> list[tuple[str, dict[str, Any]]]:
    """Return the webhook events (type, data) of a change of ``game`` with these engine events.

    No engine events means the game has just started.
    """
    happened: list[tuple[str, dict[str, Any]]] = []
    kinds = {event.get("type") for event in events}
    to_move = (game.state or {}).get("to_move")
    if not events:
        happened.append((GAME_STARTED, {"to_move": to_move}))
    elif kinds & engine_events.PLAYER_ACTIONS:
        seat = next(e["seat"] for e in events if e.get("type") in engine_events.PLAYER_ACTIONS)
        happened.append((ACTION_ACCEPTED, {"seat": seat, "events": [dict(e) for e in events]}))
    elif kinds & _MONSTER_EVENTS:
        happened.append((MONSTER_RESOLVED, {"events": [dict(e) for e in events]}))
    elif engine_events.TAKEBACK in kinds:
        back = next(e for e in events if e.get("type") == engine_events.TAKEBACK)
        happened.append((TAKEBACK_MADE, {"seat": back["seat"], "to_version": back["to_version"],
                                         "from_version": back["from_version"]}))
    over = next((e for e in events if e.get("type") == engine_events.GAME_OVER), None)
    if over is not None:
        happened.append((GAME_OVER, {"outcome": {k: v for k, v in over.items() if k != "type"}}))
    elif to_move is not None:
        happened.append((MOVE_DUE, {"seat": to_move}))
    return happened


def wants(endpoint: WebhookEndpoint, event_type: str, data: Mapping[str, Any]) -> bool:
    """True when ``endpoint`` is to hear of this event: its filter; a seat's endpoint hears of
    its own moves and nudges only, of the others' messages only, and of no absent seat."""
    if endpoint.events and event_type not in endpoint.events:
        return False
    if endpoint.seat is None:
        return True
    if event_type == SEAT_ABSENT:
        return False
    if event_type in (MOVE_DUE, TURN_NUDGED):
        return bool(data["seat"] == endpoint.seat)
    if event_type == MESSAGE_POSTED:
        return bool(data["seat"] != endpoint.seat)
    return True


@dataclass(frozen=True, slots=True)
class Names:
    """What a message calls the game and each seat (``Ann (red)``, an open seat by its colour),
    and the language its messages are written in (the game's)."""

    game: str
    seats: dict[int, str]
    language: str | None = None


def names_of(session: Session, game_id: str) -> Names:
    """Return the names of the game and its seats, as the players read them in the game's
    language."""
    named, language = session.execute(select(Game.name, Game.language)
                                      .where(Game.id == game_id)).one_or_none() or (None, None)
    rows = session.execute(select(Seat.seat, Seat.name, Seat.colour)
                           .where(Seat.game_id == game_id))
    with in_language(language):
        return Names(named or default_name(game_id),
                     {row.seat: f"{row.name} ({colour_name(row.colour)})" if row.name
                      else colour_name(row.colour) for row in rows}, language)


def write_messages(session: Session, game: GameRow, events: Sequence[Mapping[str, Any]], *,
                   has_webhooks: bool | None = None) -> int:
    """Write the outbox rows of the webhook messages this change calls for; return how many.

    Called in the transaction of the change, after the game row holds its new values.
    ``has_webhooks``: whether the game has an enabled endpoint, if the caller read it in this
    transaction (None: asked here).
    """
    happened = [(event_type, data, event_type)
                for event_type, data in webhook_events(game, events)]
    return _write(session, game.id, game.version, happened, has_webhooks)


def write_message_posted(session: Session, game_id: str, version: int,
                         data: Mapping[str, Any]) -> int:
    """Write the outbox rows that tell of a message posted to the table; return how many.

    ``data`` is the message as webhooks carry it: ``{seq, seat, name, colour, text}``;
    ``version`` is the game's. Called in the transaction that wrote the message.
    """
    return _write(session, game_id, version,
                  [(MESSAGE_POSTED, data, f"{MESSAGE_POSTED}_{data['seq']}")], None)


def write_event(session: Session, game_id: str, version: int, event_type: str,
                data: Mapping[str, Any], name: str) -> int:
    """Write the outbox rows of one event that is not a change of the position (a nudge, a
    seat found absent); ``name`` makes its message id unique in the game at ``version``.
    Return how many rows are new."""
    return _write(session, game_id, version, [(event_type, data, name)], None)


def _write(session: Session, game_id: str, version: int,
           happened: Sequence[tuple[str, Mapping[str, Any], str]],
           has_webhooks: bool | None) -> int:
    """Write one outbox row per enabled endpoint and event (type, data, what names it in the
    message id) it wants; return how many rows are new."""
    if has_webhooks is None:
        has_webhooks = session.execute(_ANY_ENABLED, {"game_id": game_id}).first() is not None
    if not has_webhooks:
        return 0
    endpoints = session.scalars(_ENABLED_ENDPOINTS, {"game_id": game_id}).all()
    if not endpoints:
        return 0
    names = names_of(session, game_id)
    now = utcnow()
    written = 0
    change = digest_of(happened)
    for event_type, data, name in happened:
        for endpoint in endpoints:
            if wants(endpoint, event_type, data):
                message_id = f"msg_{endpoint.id}_{game_id}_{version}_{name}_{change}"
                if queue(session, endpoint, message_id, event_type, version, data, names,
                         now) is not None:
                    written += 1
    return written


def digest_of(happened: Sequence[tuple[str, Mapping[str, Any], str]]) -> str:
    """Return 12 hex digits that name what a change says (its events' types and data): the
    same change written again gets the same, another change at the same version another."""
    said = json.dumps([(event_type, data) for event_type, data, _ in happened],
                      sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(said.encode()).hexdigest()[:12]


def queue_ping(session: Session, endpoint: WebhookEndpoint, version: int) -> str:
    """Write a ``ping`` message for ``endpoint``; return its message id."""
    message_id = f"msg_{endpoint.id}_ping_{secrets.token_hex(8)}"
    queue(session, endpoint, message_id, PING, version, {}, names_of(session, endpoint.game_id),
          utcnow())
    return message_id


def queue(session: Session, endpoint: WebhookEndpoint, message_id: str, event_type: str,
          version: int, data: Mapping[str, Any], names: Names,
          now: datetime) -> int | None:
    """Write one webhook message for ``endpoint`` to the outbox; return the row id (None: a
    duplicate of a message already written)."""
    with in_language(names.language):
        text = sentence(event_type, names.game, data, names.seats, endpoint.format)
        body = _body(endpoint, event_type, version, data, names, now, text)
    payload = {"endpoint_id": endpoint.id, "game_id": endpoint.game_id,
               "message_id": message_id, "type": event_type, "body": body}
    return outbox.add(session, outbox.WEBHOOK, payload, f"webhook:{message_id}")


def _body(endpoint: WebhookEndpoint, event_type: str, version: int, data: Mapping[str, Any],
          names: Names, now: datetime, text: str) -> dict[str, Any]:
    """Return the body of one message in the endpoint's format."""
    if endpoint.format == STANDARD:
        return {
            "type": event_type,
            "timestamp": now.isoformat().replace("+00:00", "Z"),
            "game_id": endpoint.game_id,
            "game_name": names.game,
            "version": version,
            "text": text,
            "data": dict(data),
        }
    return chat_body(endpoint.format, text, placeholder_link(endpoint.game_id))
