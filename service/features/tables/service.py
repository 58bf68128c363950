"""Tables: a group of players that plays game after game, and the rematch that starts the next.

No accounts: a table is reached through the links its players hold. A table made from a
finished game (its first rematch makes it) is read with any token of any of its games; a
table made from scratch also has a link of its own, which its maker holds (its next game's
creator). The rules of a rematch (``docs/table.md``, "Tables and rematches"):

* any seat of a finished game, or its creator, asks for a rematch (on the page, by mail
  ``rematch``, by API): one per game. Every other player is asked, by mail and push; the
  asker and the computer's seats play;
* each answers yes (plays) or no (sits out). The game starts once everyone has answered, or
  at ``starts_by`` (the asker chose how long, a day by default) with those who said yes: a
  player who does not answer holds no one up. With fewer than two, the rematch lapses;
* the new game has the same players in the same order, the same options and settings unless
  the asker changed them, and the start player moved on to the next player; its links are
  mailed as any new game's, and each player opens it from their old game's page too.

Each use case is one transaction; a rematch starts exactly once (a conditional UPDATE of its
status, in the transaction that creates its game).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from service.features.links.service import replace_seat_token
from service.features.notifications.service import (
    tell_rematch_asked,
    tell_rematch_lapsed,
    tell_rematch_started,
)
from service.features.tables import seating, views
from service.features.tables.models import (
    ASKING,
    LAPSED,
    STARTED,
    GameTable,
    Rematch,
    TableGame,
    TableMember,
)
from service.features.tables.seating import SETTINGS
from service.kernel.auth import CREATOR, SEAT, Caller, Credential, authenticate, check_game_id
from service.kernel.models import Game, GameRecord, GameRow, Token
from service.kernel.store import authenticate_with_seats, mark_changed, seats_of
from service.kernel.urls import play_link, table_link
from service.kernel.vocabulary import FINISHED
from service.plumbing.columns import utcnow
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.tokens import hash_secret, is_game_id, new_game_id, new_token
from service.plumbing.unit_of_work import read_transaction, rows_changed, write_transaction

TABLE = "table"
"""``Token.purpose`` of the links of a rematch a player opens from the old game's page."""
DEFAULT_ANSWER_HOURS = 24


def create_table(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Make a table from scratch: its name, its players (names, addresses, languages,
    colours, or the computer's level) and the settings of its games; return it with its
    link, which only this answer shows."""
    members = [dict(member) for member in spec["members"]]
    seating.check_colours([m.get("colour") for m in members])
    token, now = new_token(), utcnow()
    table = GameTable(id=new_game_id(), name=spec["name"], language=spec["language"],
                      token_hash=hash_secret(token), created_at=now, updated_at=now,
                      settings={key: spec[key] for key in SETTINGS if key in spec})
    with write_transaction() as session:
        session.add(table)
        session.flush()
        for number, member in enumerate(members):
            session.add(TableMember(table_id=table.id, member=number,
                                    **seating.member_fields(member)))
        session.flush()
        view = views.table_view(session, table)
    return {"table": view, "token": token, "link": table_link(table.id, token)}


def read_table(table_id: str, token: str | None) -> dict[str, Any]:
    """Return the table its own link opens: players, games, standings, its rematch."""
    with read_transaction() as session:
        return views.table_view(session, _own_table(session, table_id, token))


def table_of_game(game_id: str, token: str | None) -> dict[str, Any]:
    """Return the table of a game (any token of the game), or, for a game at no table yet,
    the table its first rematch would make (its players, no games counted)."""
    check_game_id(game_id)
    with read_transaction() as session:
        game, caller = authenticate(session, game_id, token)
        played = session.get(TableGame, game_id)
        if played is None:
            return views.table_to_be(session, game)
        table = session.get(GameTable, played.table_id)
        assert table is not None
        return views.table_view(session, table, game_id, seating.member_of(played, caller))


def new_table_game(table_id: str, token: str | None, changes: Mapping[str, Any],
                   client: str) -> dict[str, Any]:
    """Start the table's next game with all its players (the table's own link): what a
    game's creator receives, the table's link holding the creator's powers."""
    with write_transaction() as session:
        table = _own_table(session, table_id, token)
        members = seating.members_of(session, table.id)
        last = seating.last_game(session, table.id)
        playing = [m.member for m in members]
        start = seating.next_start(playing, None if last is None else last.start_member)
        return seating.create_next(session, table, members, playing, start, changes, client)


def ask_rematch(game_id: str, credential: Credential,
                changes: Mapping[str, Any]) -> dict[str, Any]:
    """Ask for a rematch of a finished game (a seat, or its creator); the asker plays.
    Returns the rematch (the one asked before, if any)."""
    check_game_id(game_id)
    with write_transaction() as session:
        game, caller = _game_of(session, game_id, credential, (SEAT, CREATOR))
        if game.status != FINISHED:
            raise ServiceError("rematch/not_over",
                               _("A rematch is asked once the game is over."),
                               {"status": game.status})
        played = session.get(TableGame, game_id) or seating.make_table(session, game)
        rematch = session.scalar(select(Rematch).where(Rematch.after_game_id == game_id))
        member = seating.member_of(played, caller)
        if rematch is None:
            rematch = _new_rematch(session, game, played, member, changes)
        return views.rematch_answer(session, rematch, member)


def ask_or_play(game_id: str, credential: Credential) -> dict[str, Any]:
    """Ask for a rematch of a finished game, or, once one is asked, play it (the mail door's
    ``rematch``, for a seat it vouched for)."""
    check_game_id(game_id)
    with write_transaction() as session:
        rematch = session.scalar(select(Rematch).where(Rematch.after_game_id == game_id))
    if rematch is not None and rematch.status == ASKING:
        return answer_rematch(game_id, credential, True)
    return ask_rematch(game_id, credential, {})


def answer_rematch(game_id: str, credential: Credential, play: bool) -> dict[str, Any]:
    """Say whether the caller's seat plays the rematch asked after ``game_id``; the last
    answer starts it. Refusals: 409 ``rematch/none``, ``rematch/started``."""
    check_game_id(game_id)
    with write_transaction() as session:
        game, caller = _game_of(session, game_id, credential, (SEAT,))
        played, rematch = _asked(session, game_id)
        member = seating.member_of(played, caller)
        assert member is not None
        rematch.answers = {**rematch.answers, str(member): play}
        mark_changed(session, game_id)
        if _everyone_answered(session, rematch):
            _start(session, rematch, utcnow())
        return views.rematch_answer(session, rematch, member)


def rematch_links(game_id: str, credential: Credential) -> dict[str, Any]:
    """Return the links of the rematch's game for the caller: its own seat's (a new link,
    replacing the last one it was given so), and the creator's to whoever asked for it or
    created the old game. Refusals: 409 ``rematch/none``, ``rematch/not_started``."""
    check_game_id(game_id)
    with write_transaction() as session:
        _game, caller = _game_of(session, game_id, credential, (SEAT, CREATOR))
        rematch = session.scalar(select(Rematch).where(Rematch.after_game_id == game_id))
        played = session.get(TableGame, game_id)
        if rematch is None or played is None:
            raise _no_rematch()
        if rematch.game_id is None:
            raise ServiceError("rematch/not_started", _("The rematch has not started yet."),
                               {"starts_by": rematch.starts_by.isoformat()})
        member = seating.member_of(played, caller)
        new = session.get(TableGame, rematch.game_id)
        assert new is not None
        now, links = utcnow(), {"game_id": rematch.game_id, "link": None,
                                "creator_link": None}
        if member is not None and member in new.members:
            seat_token = new_token()
            replace_seat_token(session, rematch.game_id, new.members.index(member), seat_token,
                               TABLE, now)
            links["link"] = play_link(rematch.game_id, seat_token)
        if caller.kind == CREATOR or (member is not None and member == rematch.asked_by):
            creator_token = new_token()
            _replace_creator_token(session, rematch.game_id, creator_token, now)
            links["creator_link"] = play_link(rematch.game_id, creator_token)
        return links


def start_due(now: datetime) -> int:
    """Start every rematch whose time to answer is over, with those who said yes (or let it
    lapse with fewer than two); return how many were decided. Each in its own transaction;
    run twice at once, each rematch starts once."""
    with read_transaction() as session:
        due = list(session.scalars(select(Rematch.id).where(
            Rematch.status == ASKING, Rematch.starts_by <= now).order_by(Rematch.id)))
    decided = 0
    for rematch_id in due:
        with write_transaction() as session:
            rematch = session.get(Rematch, rematch_id)
            if rematch is not None and rematch.status == ASKING:
                decided += _start(session, rematch, now)
    return decided


def _new_rematch(session: Session, game: GameRow, played: TableGame, asker: int | None,
                 changes: Mapping[str, Any]) -> Rematch:
    """Write the rematch asked after ``game``; ask every other player; start it at once if
    nobody is left to ask."""
    now = utcnow()
    members = {m.member: m for m in seating.members_of(session, played.table_id)}
    answers = {str(member): True for member in played.members
               if member == asker or members[member].computer is not None}
    hours = int(changes.get("answer_hours", DEFAULT_ANSWER_HOURS))
    rematch = Rematch(table_id=played.table_id, after_game_id=game.id, asked_by=asker,
                      answers=answers, status=ASKING, starts_by=now + timedelta(hours=hours),
                      changes={key: changes[key] for key in (*SETTINGS, "name") if key in changes},
                      created_at=now)
    session.add(rematch)
    session.flush()
    mark_changed(session, game.id)
    if _everyone_answered(session, rematch):
        _start(session, rematch, now)
        return rematch
    seats = seats_of(session, game.id)
    asking = [seats[number] for number, member in enumerate(played.members)
              if str(member) not in answers]
    who = None if asker is None else seats[played.members.index(asker)]
    tell_rematch_asked(session, game, seats, who, asking, rematch.id, rematch.starts_by)
    return rematch


def _everyone_answered(session: Session, rematch: Rematch) -> bool:
    played = session.get(TableGame, rematch.after_game_id)
    assert played is not None
    return all(str(member) in rematch.answers for member in played.members)


def _start(session: Session, rematch: Rematch, now: datetime) -> int:
    """Start the rematch's game with the players who said yes, or let it lapse; claimed by a
    conditional UPDATE, so it happens once. Return 1 when this call decided it, else 0."""
    played = session.get(TableGame, rematch.after_game_id)
    table = session.get(GameTable, rematch.table_id)
    assert played is not None and table is not None
    playing = [member for member in played.members if rematch.answers.get(str(member))]
    game_id = new_game_id() if len(playing) >= 2 else None
    claimed = session.execute(
        update(Rematch).where(Rematch.id == rematch.id, Rematch.status == ASKING)
        .values(status=STARTED if game_id else LAPSED, game_id=game_id, decided_at=now)
        .execution_options(synchronize_session=False))
    if rows_changed(claimed) != 1:
        return 0
    session.refresh(rematch)
    mark_changed(session, rematch.after_game_id)
    old = session.get(Game, rematch.after_game_id)
    assert old is not None
    if game_id is None:
        tell_rematch_lapsed(session, old, seats_of(session, old.id), rematch.id)
        return 1
    members = seating.members_of(session, table.id)
    start = seating.next_start(playing, played.start_member)
    seating.create_next(session, table, members, playing, start, rematch.changes,
                        f"table:{table.id}", game_id)
    tell_rematch_started(session, old, rematch.id, game_id)
    return 1


def _game_of(session: Session, game_id: str, credential: Credential,
             kinds: tuple[str, ...]) -> tuple[GameRecord, Caller]:
    """Return the game and who asks: a token, or a seat the mail door vouched for."""
    game, caller, _seats, _listeners = authenticate_with_seats(session, game_id, credential,
                                                               kinds=kinds)
    return game, caller


def _asked(session: Session, game_id: str) -> tuple[TableGame, Rematch]:
    played = session.get(TableGame, game_id)
    rematch = session.scalar(select(Rematch).where(Rematch.after_game_id == game_id))
    if played is None or rematch is None:
        raise _no_rematch()
    if rematch.status != ASKING:
        raise ServiceError("rematch/started", _("The rematch has been decided already."),
                           {"status": rematch.status, "game_id": rematch.game_id})
    return played, rematch


def _no_rematch() -> ServiceError:
    return ServiceError("rematch/none", _("Nobody has asked for a rematch of this game."))


def _own_table(session: Session, table_id: str, token: str | None) -> GameTable:
    """Return the table its own link (``token``) opens; refuse any other."""
    table = session.get(GameTable, table_id) if is_game_id(table_id) else None
    if (table is None or token is None or table.token_hash is None
            or hash_secret(token) != table.token_hash):
        raise ServiceError("table/not_found",
                           _("There is no table here, or this link does not open it."))
    return table


def _replace_creator_token(session: Session, game_id: str, token: str, now: datetime) -> None:
    """Store ``token`` as the game's creator token handed out from the old game, in place of
    the last one handed out so (the first always keeps working)."""
    session.execute(delete(Token).where(Token.game_id == game_id, Token.kind == CREATOR,
                                        Token.purpose == TABLE))
    session.add(Token(hash=hash_secret(token), game_id=game_id, kind=CREATOR, purpose=TABLE,
                      created_at=now))

