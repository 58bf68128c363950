"""The service layer of "your games on this device": what each seat a browser keeps is now.

A browser keeps the tokens of the games it has opened (``web/js/model/device.js``) and asks
for all of them at once (:func:`read_my_games`). Each token speaks for its own game only: an
entry whose token is not (or no longer) one of its game's is answered ``gone``, the same
whether the game never was, was deleted, or the seat was handed to someone else, so the
answer tells a holder of a stale token nothing it did not know. It reads in one
transaction, writes nothing, and answers in the order asked, so the page matches each
answer to what it keeps.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from service.kernel.auth import SEAT
from service.kernel.models import Game, Seat, Token
from service.kernel.naming import game_name
from service.kernel.vocabulary import ACTIVE
from service.plumbing import clock
from service.plumbing.tokens import hash_secret
from service.plumbing.unit_of_work import read_transaction

MAX_GAMES = 100
"""The most games one request asks for (as many as a home link lists)."""


def read_my_games(kept: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Return, for each ``{"game_id", "token"}`` of ``kept`` in order, what the game is now
    for the token's holder, or ``{"game_id", "gone": True}`` when the token is not one of
    that game's. Two queries, whatever the count: the tokens with their games, then the
    seats of those games."""
    hashes = [hash_secret(entry["token"]) for entry in kept]
    with read_transaction() as session:
        rows = session.execute(
            select(Token.hash, Token.game_id, Token.kind, Token.seat, Game)
            .join(Game, Game.id == Token.game_id).where(Token.hash.in_(set(hashes)))
        ).all() if hashes else []
        found = {row.hash: row for row in rows}
        seats = {(seat.game_id, seat.seat): seat for seat in session.scalars(
            select(Seat).where(Seat.game_id.in_({row.game_id for row in rows})))
        } if rows else {}
        # Inside the transaction: its end expires the rows, and each would be read again.
        return [_entry(row.Game, row.kind, row.seat, seats)
                if row is not None and row.game_id == entry["game_id"]
                else {"game_id": entry["game_id"], "gone": True}
                for entry, row in zip(kept, map(found.get, hashes), strict=True)]


def _entry(game: Game, kind: str, seat: int | None,
           seats: dict[tuple[str, int], Seat]) -> dict[str, Any]:
    """Return what one game is now for the holder of a token of ``kind`` (and ``seat``)."""
    running = game.status == ACTIVE
    to_move = (game.state or {}).get("to_move") if running else None
    mover = seats.get((game.id, to_move)) if to_move is not None else None
    own = seats.get((game.id, seat)) if seat is not None else None
    paused = running and game.paused_at is not None
    # A seat the computer plays does not wait for its person.
    waits = (kind == SEAT and own is not None and to_move == seat and not paused
             and own.computer is None)
    return {
        "game_id": game.id,
        "gone": False,
        "name": game_name(game),
        "status": game.status,
        "phase": game.phase,
        "version": game.version,
        "kind": kind,
        "seat": seat,
        "colour": own.colour if own else None,
        "player": own.name if own else None,
        "to_move": None if mover is None else {
            "seat": mover.seat, "name": mover.name, "colour": mover.colour},
        "your_move": waits,
        "paused": paused,
        "since": clock.iso(game.updated_at),
        "move_deadline": clock.iso(game.move_deadline) if running else None,
    }
