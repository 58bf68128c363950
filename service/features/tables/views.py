"""What a table's readers see: its players, its games, its standings and its rematch.

The standings are rebuilt from the table's finished games alone, every time they are read
(:mod:`.standings`): a person is the table's player at their seat, the computer one player per
level ("Computer (hard)"). No view holds an address or a link.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.features.tables.models import GameTable, Rematch, TableGame, TableMember
from service.features.tables.standings import (
    Result,
    Standings,
    computer_key,
    computer_level,
    standings,
)
from service.kernel.models import Game
from service.kernel.naming import game_name
from service.kernel.store import seats_of
from service.kernel.vocabulary import FINISHED
from service.plumbing.clock import iso
from service.plumbing.i18n import _
from service.plumbing.i18n.words import level_name


def player_key(member: TableMember) -> str:
    """Return the standings' key of a member: its own, or its computer level's."""
    return computer_key(member.computer) if member.computer else f"member:{member.member}"


def player_name(key: str, members: Sequence[TableMember]) -> str:
    """Return the name of a standings' key: the member's, or ``Computer (hard)``."""
    level = computer_level(key)
    if level is not None:
        # TRANSLATORS: the computer as a player of a table's standings, at one level.
        return _("Computer (%(level)s)", level=level_name(level))
    number = int(key.removeprefix("member:"))
    return next(m.name for m in members if m.member == number)


def table_standings(session: Session, table_id: str,
                    members: Sequence[TableMember]) -> tuple[Standings, list[dict[str, Any]]]:
    """Return the standings of the table's finished games, and each of its games in order."""
    by_member = {m.member: m for m in members}
    played = list(session.scalars(select(TableGame).where(TableGame.table_id == table_id)
                                  .order_by(TableGame.number)))
    rows = {game.id: game for game in session.scalars(select(Game).where(
        Game.id.in_([p.game_id for p in played])))}
    results, games = [], []
    for entry in played:
        game = rows[entry.game_id]
        outcome = (game.state or {}).get("outcome") if game.status == FINISHED else None
        if outcome is not None:
            keys = tuple(player_key(by_member[member]) for member in entry.members)
            results.append(Result.from_outcome(game.id, (iso(game.finished_at), game.id), keys,
                                               outcome))
        games.append({
            "number": entry.number, "game_id": game.id, "name": game_name(game),
            "status": game.status, "finished_at": iso(game.finished_at),
            "members": entry.members,
            "winners": [entry.members[seat] for seat in (outcome or {}).get("winners", [])]})
    return standings(results), games


def table_view(session: Session, table: GameTable, game_id: str | None = None,
               member: int | None = None) -> dict[str, Any]:
    """Return the table as its readers see it; ``game_id`` and ``member``: the game it is
    read from and the member reading (its rematch, and whether it is asked)."""
    members = list(session.scalars(select(TableMember).where(TableMember.table_id == table.id)
                                   .order_by(TableMember.member)))
    table_line, games = table_standings(session, table.id, members)
    rematch = None if game_id is None else session.scalar(
        select(Rematch).where(Rematch.after_game_id == game_id))
    return {
        "id": table.id, "name": table.name, "you": member,
        "members": [{"member": m.member, "name": m.name, "colour": m.colour,
                     "computer": m.computer} for m in members],
        "games": games,
        "standings": standings_view(table_line, members),
        "rematch": None if rematch is None else rematch_view(session, rematch),
    }


def table_to_be(session: Session, game: Game) -> dict[str, Any]:
    """Return what a game at no table yet shows of its table: its players, no standings."""
    seats = seats_of(session, game.id)
    return {"id": None, "name": game_name(game), "you": None,
            "members": [{"member": s.seat, "name": s.name, "colour": s.colour,
                         "computer": s.computer} for s in seats],
            "games": [], "standings": {"games": 0, "lines": [], "head_to_head": []},
            "rematch": None}


def standings_view(table: Standings, members: Sequence[TableMember]) -> dict[str, Any]:
    """Return the standings as the API shows them, each player named."""
    return {
        "games": table.games,
        "lines": [{"key": line.key, "name": player_name(line.key, members),
                   "member": _member_number(line.key), "games": line.games, "wins": line.wins,
                   "escaped": line.escaped, "rating": line.rating, "mu": round(line.mu, 3),
                   "sigma": round(line.sigma, 3)} for line in table.lines],
        "head_to_head": [{"player": a, "other": b, "games": meeting.games,
                          "above": meeting.above, "below": meeting.below}
                         for (a, b), meeting in table.head_to_head.items()],
    }


def rematch_view(session: Session, rematch: Rematch) -> dict[str, Any]:
    """Return a rematch as its readers see it: who asked, each answer, who is still asked."""
    played = session.get(TableGame, rematch.after_game_id)
    assert played is not None
    names = {m.member: m.name for m in session.scalars(select(TableMember).where(
        TableMember.table_id == rematch.table_id))}
    waiting = [m for m in played.members if str(m) not in rematch.answers]
    return {
        "status": rematch.status, "asked_by": rematch.asked_by,
        "answers": {int(member): said for member, said in rematch.answers.items()},
        "waiting": waiting, "waiting_names": [names[m] for m in waiting],
        "starts_by": iso(rematch.starts_by), "game_id": rematch.game_id,
        "decided_at": iso(rematch.decided_at),
    }


def rematch_answer(session: Session, rematch: Rematch, member: int | None) -> dict[str, Any]:
    """Return what asking or answering a rematch answers: the rematch and the caller."""
    return {"rematch": rematch_view(session, rematch), "you": member}


def _member_number(key: str) -> int | None:
    return int(key.removeprefix("member:")) if key.startswith("member:") else None
