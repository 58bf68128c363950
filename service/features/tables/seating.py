"""Who plays a table's next game and how it is made: the table's players in order, the
start player moved on, its settings with the changes asked; and the table a finished game
makes when its first rematch is asked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from engine.setup import start_player
from engine.state import FOUR_FIGURE_COLOURS
from service.features.games.service import create_in
from service.features.tables.models import GameTable, TableGame, TableMember
from service.kernel.auth import SEAT, Caller
from service.kernel.models import GameRow
from service.kernel.store import load_state, seats_of
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.tokens import new_game_id

SETTINGS = ("options", "move_time_limit", "vacation_days", "missed_deadlines_limit",
            "absent_computer", "takebacks", "monster_preview")
"""What a table's next game is created with, and a rematch may change."""


def create_next(session: Session, table: GameTable, members: Sequence[TableMember],
            playing: Sequence[int], start: int, changes: Mapping[str, Any], client: str,
            game_id: str | None = None) -> dict[str, Any]:
    """Create the table's next game with the ``playing`` members in order, ``start`` to
    begin, the table's settings with ``changes`` made; record it at the table."""
    by_member = {m.member: m for m in members}
    settings = {**table.settings, **{k: v for k, v in changes.items() if k in SETTINGS}}
    options = dict(settings.get("options") or {})
    if len(playing) < 6:
        options.pop("three_hits", None)  # the variant is for 6-7 players
    colours: list[str | None] = [by_member[m].colour for m in playing]
    if len(playing) <= 4:
        colours = [c if c in FOUR_FIGURE_COLOURS else None for c in colours]
    number = 1 + len(list(session.scalars(select(TableGame.game_id).where(
        TableGame.table_id == table.id))))
    spec = {
        "name": str(changes.get("name") or f"{table.name} #{number}")[:60],
        "seats": [seat_spec(by_member[m], colour) for m, colour in zip(playing, colours,
                                                                         strict=True)],
        "options": options, "start_seat": playing.index(start), "language": table.language,
        **{key: settings[key] for key in SETTINGS if key in settings and key != "options"},
    }
    try:
        created = create_in(session, spec, client, game_id)
    except engine.EngineError as refusal:
        raise ServiceError("rematch/invalid", _("The next game cannot be made with these "
                                                "settings: %(reason)s", reason=refusal.message),
                           {"cause": refusal.code}) from None
    session.add(TableGame(game_id=created["game"]["id"], table_id=table.id, number=number,
                          members=list(playing), start_member=start, created_at=utcnow()))
    table.updated_at = utcnow()
    return created


def make_table(session: Session, game: GameRow) -> TableGame:
    """Make the table of a game at none yet (its first rematch): its players and settings
    from the game, the game its first."""
    now = utcnow()
    table = GameTable(id=new_game_id(), name=(game.name or _("Table"))[:80],
                      language=game.language, token_hash=None, created_at=now,
                      updated_at=now, settings={
                          "options": dict(game.options), "move_time_limit": game.move_time_limit,
                          "vacation_days": game.vacation_days,
                          "missed_deadlines_limit": game.missed_deadlines_limit,
                          "absent_computer": game.absent_computer,
                          "takebacks": game.takebacks, "monster_preview": game.monster_preview})
    session.add(table)
    session.flush()
    seats = seats_of(session, game.id)
    for seat in seats:
        session.add(TableMember(table_id=table.id, member=seat.seat, name=seat.name or "",
                                email=seat.email, language=seat.language,
                                time_zone=seat.time_zone, colour=seat.colour,
                                computer=seat.computer))
    state = load_state(game)
    assert state is not None  # a finished game started
    start = start_player(state.seed, len(seats), game.start_seat)
    played = TableGame(game_id=game.id, table_id=table.id, number=1,
                       members=[seat.seat for seat in seats], start_member=start,
                       created_at=now)
    session.add(played)
    session.flush()
    return played


def next_start(playing: Sequence[int], last: int | None) -> int:
    """Return the member who starts the next game: the first of ``playing`` after the last
    game's start player, in the table's order (the first, for the table's first game)."""
    if last is None:
        return playing[0]
    return next((member for member in playing if member > last), playing[0])


def seat_spec(member: TableMember, colour: str | None) -> dict[str, Any]:
    spec: dict[str, Any] = {"name": member.name, "colour": colour, "language": member.language,
                            "time_zone": member.time_zone}
    if member.computer is not None:
        spec["computer"] = member.computer
    elif member.email:
        spec["email"] = member.email
    return spec


def member_fields(member: Mapping[str, Any]) -> dict[str, Any]:
    return {"name": member.get("name") or _("Computer"), "email": member.get("email"),
            "language": member.get("language"), "time_zone": member.get("time_zone"),
            "colour": member.get("colour"), "computer": member.get("computer")}


def check_colours(colours: Sequence[str | None]) -> None:
    chosen = [c for c in colours if c is not None]
    if len(set(chosen)) != len(chosen):
        raise ServiceError("table/same_colour", _("Two players of the table have the same "
                                                  "colour; give each their own."))


def members_of(session: Session, table_id: str) -> list[TableMember]:
    return list(session.scalars(select(TableMember).where(TableMember.table_id == table_id)
                                .order_by(TableMember.member)))


def last_game(session: Session, table_id: str) -> TableGame | None:
    return session.scalars(select(TableGame).where(TableGame.table_id == table_id)
                           .order_by(TableGame.number.desc()).limit(1)).first()


def member_of(played: TableGame, caller: Caller) -> int | None:
    """Return the member a seat's token of the game plays (None: the creator, a spectator)."""
    if caller.kind != SEAT or caller.seat is None:
        return None
    return played.members[caller.seat]
