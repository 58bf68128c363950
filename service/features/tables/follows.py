"""What the mail telling the end of a game adds after its results: the table's standings, and
how to ask for a rematch (notes of ``service.reactions``' ``after_game``)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.features.mail.words import said_as
from service.features.tables.models import TableGame, TableMember
from service.features.tables.views import player_name, table_standings
from service.kernel.models import Game
from service.kernel.vocabulary import FINISHED
from service.plumbing.i18n import _, current_language, ngettext


def standings_words(session: Session, game_id: str, seat: int) -> str | None:
    """Return the standings of the finished game's table in a paragraph, once it has two
    finished games or more (None: no table yet, or one game)."""
    played = session.get(TableGame, game_id)
    if played is None:
        return None
    members = list(session.scalars(select(TableMember).where(
        TableMember.table_id == played.table_id).order_by(TableMember.member)))
    table, _games = table_standings(session, played.table_id, members)
    if table.games < 2:
        return None
    lines = [ngettext("%(name)s: %(num)d win, rating %(rating).1f",
                      "%(name)s: %(num)d wins, rating %(rating).1f", line.wins,
                      name=player_name(line.key, members), rating=line.rating)
             for line in table.lines]
    # TRANSLATORS: %(standings)s lists each player: "Ann: 3 wins, rating 4.2; Bob: ...".
    return ngettext("Standings after %(num)d game: %(standings)s.",
                    "Standings after %(num)d games: %(standings)s.", table.games,
                    standings="; ".join(lines))


def rematch_words(session: Session, game_id: str, seat: int) -> str | None:
    """Return how to ask for a rematch, in the mail telling the end of the game."""
    game = session.get(Game, game_id)
    if game is None or game.status != FINISHED:
        return None
    word = said_as("rematch", current_language())
    # TRANSLATORS: %(rematch)s is the word a reply is, quoted ('rematch').
    return _("Play again with the same players? Reply %(rematch)s, or press Rematch on the "
             "game's page: the others are asked, and the game starts with those who say yes.",
             rematch=repr(word))
