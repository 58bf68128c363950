"""Reading and writing games in the service layer's transaction.

Every change to a started game goes through :func:`save_transition`: a conditional UPDATE on
the version the caller read, so of two concurrent changes to one version exactly one is
written; then the action and the events, in the same transaction. On PostgreSQL the game
row, the action and the events go in one statement. It returns what changed as a fact
(``service.kernel.changes.GameChanged``) and decides nothing more: who reacts to a change is
``service.reactions``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Connection,
    Integer,
    Row,
    Select,
    String,
    bindparam,
    column,
    exists,
    func,
    insert,
    select,
    table,
    true,
    update,
)
from sqlalchemy.orm import Session

import engine
from engine import GameState, Transition
from engine.state import OVER
from service.kernel.auth import (
    Caller,
    Credential,
    VouchedSeat,
    authenticate_rows,
    check_game_id,
    game_not_found,
    vouched_caller,
)
from service.kernel.changes import GameChanged, Listeners
from service.kernel.models import (
    Action,
    Event,
    Game,
    GameRecord,
    GameRow,
    Seat,
    SeatRecord,
    SeatRow,
    Token,
    WrittenAction,
    WrittenEvent,
    hold_written,
)
from service.kernel.vocabulary import ACTIVE, FINISHED
from service.plumbing import signals
from service.plumbing.columns import utcnow
from service.plumbing.extensions import table_of
from service.plumbing.unit_of_work import rows_changed


class StaleWrite(Exception):
    """The game row was no longer at the version (or status) the change was made against."""


# Statements built once: the submission path runs them on every move, and building a statement
# costs more than running it. The UPDATE takes its SET columns from the parameters given.
_GAMES = table_of(Game)
_SEATS_OF = select(Seat).where(Seat.game_id == bindparam("game_id")).order_by(Seat.seat)
# The one fact of a feature's table the kernel reads: whether a game has an enabled webhook
# endpoint (the webhooks' WebhookEndpoint), in the query that reads the game, so that a change
# carries it (GameChanged.has_webhooks) and the notifications need not ask again. Declared by
# the two columns read, so that the kernel imports no feature (docs/architecture.md, "Seams").
_HOOKS = table("webhook_endpoints", column("game_id", String), column("enabled", Boolean))
# Likewise whether any seat of the game has a device to push to (the push feature's
# PushSubscription), so that a move in a game nobody follows on a device asks nothing more.
_DEVICES = table("push_subscriptions", column("game_id", String))
_TOKENS = table_of(Token)
_SEATS = table_of(Seat)
_SEAT_COLUMNS = tuple(_SEATS.c)
_SEAT_PREFIX = "seat_"
_GAME_KEYS = tuple(c.key for c in _GAMES.c)
_SEAT_KEYS = tuple(c.key for c in _SEAT_COLUMNS)


def _game_and_seats_select(*extra: Any) -> Select[*tuple[Any, ...]]:
    """Select a game's columns, its seats' columns (``seat_<name>``, one row per seat) and
    ``extra`` of the game ``:game_id``, as Core rows: these reads run on every move, poll and
    monster phase, and loading ORM objects would cost more than the query."""
    return (select(*_GAMES.c, *(c.label(_SEAT_PREFIX + c.key) for c in _SEAT_COLUMNS), *extra)
            .join(_SEATS, _SEATS.c.game_id == _GAMES.c.id)
            .where(_GAMES.c.id == bindparam("game_id"))
            .order_by(_SEATS.c.seat))


def _game_token_and_seats(*extra: Any) -> Select[*tuple[Any, ...]]:
    """:func:`_game_and_seats_select` with the caller's token (``hash``, ``kind``, ``seat``)."""
    return (_game_and_seats_select(_TOKENS.c.hash, _TOKENS.c.kind, _TOKENS.c.seat, *extra)
            .join(_TOKENS, _TOKENS.c.game_id == _GAMES.c.id)
            .where(_TOKENS.c.hash == bindparam("hash")))


_HAS_WEBHOOKS = exists().where(
    _HOOKS.c.game_id == _GAMES.c.id, _HOOKS.c.enabled.is_(True)).label("has_webhooks")
_HAS_DEVICES = exists().where(_DEVICES.c.game_id == _GAMES.c.id).label("has_devices")
# What a monster phase reads: the game, its seats, whether it has an enabled webhook endpoint
# and whether a seat has a device.
_GAME_SEATS_AND_HOOKS = _game_and_seats_select(_HAS_WEBHOOKS, _HAS_DEVICES)
# What a submission reads: the same and the caller's token.
_GAME_TOKEN_AND_SEATS = _game_token_and_seats(_HAS_WEBHOOKS, _HAS_DEVICES)
# What a read of a game reads: the game, its seats and the caller's token.
_GAME_TOKEN_SEATS = _game_token_and_seats()


def _game_and_seats(
    rows: Sequence[Row[*tuple[Any, ...]]],
) -> tuple[GameRecord, list[SeatRecord]]:
    """Return the game and its seats from rows of :func:`_game_and_seats_select`."""
    first = rows[0]._mapping
    game = GameRecord(**{key: first[key] for key in _GAME_KEYS})
    seats = [SeatRecord(**{key: row._mapping[_SEAT_PREFIX + key] for key in _SEAT_KEYS})
             for row in rows]
    return game, seats


_UPDATE_IF_CURRENT = update(_GAMES).where(
    _GAMES.c.id == bindparam("b_id"), _GAMES.c.version == bindparam("b_version"),
    _GAMES.c.status == ACTIVE)
_INSERT_ACTION = insert(table_of(Action))
_INSERT_EVENTS = insert(table_of(Event))


def load_state(game: GameRow) -> GameState | None:
    """Return the engine state a game row holds (None while it waits for players)."""
    return None if game.state is None else engine.state_from_dict(game.state)


def seats_of(session: Session, game_id: str) -> list[Seat]:
    """Return the seats of a game, in seat order."""
    return list(session.scalars(_SEATS_OF, {"game_id": game_id}))


def game_with_seats(session: Session,
                    game_id: str) -> tuple[GameRecord, list[SeatRecord], Listeners] | None:
    """Return the game, its seats and who listens besides the mail (for
    :func:`save_transition`) in one query, as records; None when there is no such game."""
    rows = session.execute(_GAME_SEATS_AND_HOOKS, {"game_id": game_id}).all()
    if not rows:
        return None
    game, seats = _game_and_seats(rows)
    return game, seats, _listeners(rows[0])


def _listeners(row: Row[*tuple[Any, ...]]) -> Listeners:
    """Return who listens to the game, from a row of a read that asked."""
    return Listeners(bool(row.has_webhooks), bool(row.has_devices))


def authenticate_with_seats(
    session: Session, game_id: str, credential: Credential, *, kinds: tuple[str, ...] = ()
) -> tuple[GameRecord, Caller, list[SeatRecord], Listeners]:
    """Return the game, the caller, the seats and who listens besides the mail, in one
    query (see :func:`auth.authenticate`, :func:`game_with_seats`).

    A :class:`~service.kernel.auth.VouchedSeat` is the seat it names (the other door checked it);
    a :class:`~service.kernel.auth.Bearer` token is checked here. The game and the seats are
    records (:class:`~service.kernel.models.GameRecord`), not ORM objects."""
    if isinstance(credential, VouchedSeat):
        check_game_id(game_id)
        found = game_with_seats(session, game_id)
        if found is None:
            raise game_not_found()
        game, seats, listeners = found
        return game, vouched_caller(game_id, credential, kinds), seats, listeners
    rows, caller = authenticate_rows(session, game_id, credential.token, _GAME_TOKEN_AND_SEATS,
                                     kinds=kinds)
    game, seats = _game_and_seats(rows)
    return game, caller, seats, _listeners(rows[0])


def authenticate_for_reading(
    session: Session, game_id: str, token: str | None
) -> tuple[GameRecord, Caller, list[SeatRecord]]:
    """Return the game, the caller and the seats (as records), in one query (see
    :func:`auth.authenticate`)."""
    rows, caller = authenticate_rows(session, game_id, token, _GAME_TOKEN_SEATS)
    game, seats = _game_and_seats(rows)
    return game, caller, seats


def save_transition(
    session: Session,
    game: GameRow,
    transition: Transition,
    now: datetime,
    action: engine.Action | None = None,
    seat: int | None = None,
    seats: Sequence[SeatRow] | None = None,
    listeners: Listeners | None = None,
) -> GameChanged:
    """Write ``transition`` of ``game`` (read at ``game.version``) with its action and events;
    return the change as a fact, for ``service.reactions.game_changed``.

    ``action`` is the player's action that caused it (None: the monster phase); ``seats``
    and ``listeners``, what :func:`game_with_seats` says, when the caller has asked: the
    fact carries them on. Raises :class:`StaleWrite` when another change got there first;
    then nothing is written. On success ``game`` holds the new values. The rows are written
    with Core statements, not the unit of work, and returned as plain tuples (they are only
    read afterwards).
    """
    state = transition.state
    values: dict[str, Any] = {
        "state": engine.state_to_dict(state, stored=True),
        "version": state.version,
        "phase": state.phase,
        "updated_at": now,
        "event_count": game.event_count + len(transition.events),
    }
    if action is not None:
        values["action_count"] = game.action_count + 1
    if state.phase == OVER:
        values.update(status=FINISHED, finished_at=now)
    action_seq = game.action_count + 1 if action is not None else None
    event_seq, version_before = game.event_count, game.version
    row = None
    if action is not None and action_seq is not None and seat is not None:
        row = WrittenAction(game.id, action_seq, seat, engine.format_action(action),
                            engine.action_to_dict(action), version_before, state.version, now)
    events = [WrittenEvent(game.id, event_seq + i, state.version, action_seq,
                           str(data.get("type", "")), data, now)
              for i, data in enumerate(transition.events, start=1)]
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        written, has_plans = _write_at_once(connection, game.id, version_before, values, row,
                                            events)
        # As the row is now: a plan saved while this change was computed counts (it waited
        # for the row's lock, service.features.plans); SQLite writers run one at a time, so their
        # first read of the row is already current.
        values_now = {**values, "has_plans": has_plans}
    else:
        written = _write_in_turn(connection, game.id, version_before, values, row, events)
        values_now = values
    if not written:
        raise StaleWrite(game.id)
    hold_written(game, values_now)
    return GameChanged(game, transition.events, state, seats, listeners, row, events)


def _write_in_turn(connection: Connection, game_id: str, version_before: int,
                   values: dict[str, Any], action: WrittenAction | None,
                   events: list[WrittenEvent]) -> bool:
    """Write the game row, the action and the events one statement after the other (SQLite,
    in-process: a statement costs no round trip). Return False, writing nothing, when the row
    is no longer at ``version_before``."""
    result = connection.execute(_UPDATE_IF_CURRENT,
                                {"b_id": game_id, "b_version": version_before, **values})
    if rows_changed(result) != 1:
        return False
    if action is not None:
        connection.execute(_INSERT_ACTION, action._asdict())
    if events:
        connection.execute(_INSERT_EVENTS, [e._asdict() for e in events])
    return True


def _write_at_once(connection: Connection, game_id: str, version_before: int,
                   values: dict[str, Any], action: WrittenAction | None,
                   events: list[WrittenEvent]) -> tuple[bool, bool]:
    """Write the game row, the action and the events in one PostgreSQL statement (one round
    trip instead of three): the conditional UPDATE in a CTE, and the INSERTs taking their rows
    from what it returned, so they write nothing when it matched no row. Return whether it
    matched, and the row's ``has_plans`` as written."""
    statement = _statement_at_once(tuple(values), action is not None, bool(events))
    params: dict[str, Any] = {"b_id": game_id, "b_version": version_before, **values}
    if action is not None:
        params.update({"a_" + name: value for name, value in action._asdict().items()
                       if name != "game_id"})
    if events:
        first = events[0]
        params.update(e_version=first.version, e_action_seq=first.action_seq,
                      e_created_at=first.created_at,
                      e_rows=[{"seq": e.seq, "type": e.type, "data": e.data} for e in events])
    matched, has_plans = connection.execute(statement, params).one()
    return matched == 1, bool(has_plans)


@functools.cache
def _statement_at_once(keys: tuple[str, ...], with_action: bool,
                       with_events: bool) -> Select[int, Any]:
    """Build the statement of :func:`_write_at_once` for these SET columns, once."""
    games = _GAMES
    written = (update(games)
               .where(games.c.id == bindparam("b_id"), games.c.version == bindparam("b_version"),
                      games.c.status == ACTIVE)
               .values({games.c[key]: bindparam(key, type_=games.c[key].type) for key in keys})
               .returning(games.c.id, games.c.has_plans)
               .cte("written_game"))
    statement = select(func.count(), func.bool_or(written.c.has_plans)).select_from(written)
    if with_action:
        actions = table_of(Action)
        names = ["seq", "seat", "notation", "action", "version_before", "version_after",
                 "created_at"]
        statement = statement.add_cte(insert(actions).from_select(
            ["game_id", *names],
            select(written.c.id,
                   *(bindparam("a_" + name, type_=actions.c[name].type) for name in names)),
        ).cte("written_action"))
    if with_events:
        event_table = table_of(Event)
        rows = func.json_to_recordset(bindparam("e_rows", type_=JSON)).table_valued(
            column("seq", Integer), column("type", String), column("data", JSON),
        ).render_derived(name="event_rows", with_types=True)
        statement = statement.add_cte(insert(event_table).from_select(
            ["game_id", "seq", "version", "action_seq", "type", "data", "created_at"],
            select(written.c.id, rows.c.seq,
                   bindparam("e_version", type_=Integer),
                   bindparam("e_action_seq", type_=Integer),
                   rows.c.type, rows.c.data,
                   bindparam("e_created_at", type_=event_table.c.created_at.type))
            .select_from(written).join(rows, true()),
        ).cte("written_events"))
    return statement


def append_event(session: Session, game: GameRow, data: dict[str, Any], now: datetime) -> Event:
    """Add an event to the game's log at its current version, not caused by an action."""
    seq = session.execute(
        update(Game).where(Game.id == game.id).values(event_count=Game.event_count + 1)
        .returning(Game.event_count)
    ).scalar_one()
    event = Event(game_id=game.id, seq=seq, version=game.version, action_seq=None,
                  type=str(data["type"]), data=data, created_at=now)
    session.add(event)
    return event


def mark_changed(session: Session, game_id: str) -> None:
    """Mark ``game_id`` as changed though its position did not (a takeback asked or refused,
    a rematch asked or answered): its ``updated_at`` moves on, so its ETag and its open
    pages' stamp change, and its open pages hear of it after the commit."""
    session.execute(update(Game).where(Game.id == game_id).values(updated_at=utcnow()))
    signals.game_touched(session, game_id)
