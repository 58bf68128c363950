"""A game's record, as JSON for other tools (``docs/record-format.md``) or as text to read.

The record is the game played again from its log (``service.kernel.replays``), written by the
engine (``engine.records``) with what the service adds under ``game``: its name, language,
dates and seats (names and the computer's levels, never an address or a link), and each
action's ``by`` (the computer's, or a timeout's). The order of the cards is in it only once
the game is over (its seed, under ``setup``); private notes never are.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from service.features.records import text
from service.kernel.models import Event, GameRow, SeatRow
from service.kernel.naming import game_name
from service.kernel.replays import replay_game
from service.kernel.store import authenticate_for_reading
from service.kernel.vocabulary import COMPUTER, FINISHED, TIMEOUT
from service.plumbing.clock import iso
from service.plumbing.unit_of_work import read_transaction


def export_record(game_id: str, token: str | None) -> dict[str, Any]:
    """Return the game's record as JSON-ready data (any token of the game)."""
    with read_transaction() as session:
        game, _caller, seats = authenticate_for_reading(session, game_id, token)
        return record_of(session, game, seats)


def export_text(game_id: str, token: str | None) -> tuple[str, str]:
    """Return the game's record as text to read, in the reader's language, and a file name
    for it (any token of the game)."""
    with read_transaction() as session:
        game, _caller, seats = authenticate_for_reading(session, game_id, token)
        record = record_of(session, game, seats)
    return text.record_text(record), f"{_file_stem(game)}.txt"


def record_of(session: Session, game: GameRow, seats: Sequence[SeatRow]) -> dict[str, Any]:
    """Return the record of ``game`` (started), its seed given once it is over."""
    replay = replay_game(session, game)
    data = engine.record_dict(replay, reveal=game.status == FINISHED, meta=_meta(game, seats))
    by = _by_whom(session, game.id)
    for entry in data["entries"]:
        if entry["version"] in by:
            entry["by"] = by[entry["version"]]
    return data


def _meta(game: GameRow, seats: Sequence[SeatRow]) -> dict[str, Any]:
    return {
        "id": game.id, "name": game_name(game), "language": game.language,
        "status": game.status, "created_at": iso(game.created_at),
        "started_at": iso(game.started_at), "finished_at": iso(game.finished_at),
        "takebacks": game.takebacks, "monster_preview": game.monster_preview,
        "seats": [{"seat": s.seat, "colour": s.colour, "name": s.name, "computer": s.computer}
                  for s in seats],
        "written_by": f"fearsome-floors {_release()}",
    }


def _by_whom(session: Session, game_id: str) -> dict[int, str]:
    """Return, by the version it led to, each action the computer played (``computer:
    <level>``) or a timeout made (``timeout``)."""
    rows = session.execute(select(Event.version, Event.type, Event.data).where(
        Event.game_id == game_id, Event.type.in_((COMPUTER, TIMEOUT)))).all()
    return {row.version: (f"computer:{row.data.get('level')}" if row.type == COMPUTER
                          else "timeout") for row in rows}


def _file_stem(game: GameRow) -> str:
    """Return a file name for the game's record: its name's letters and digits, and its id."""
    name = "".join(c if c.isalnum() else "-" for c in game_name(game)).strip("-")
    return f"{name[:40] or 'game'}-{game.id[:8]}"


def _release() -> str:
    try:
        return package_version("fearsome-floors")
    except PackageNotFoundError:  # run from a checkout that was not installed
        return "unknown"
