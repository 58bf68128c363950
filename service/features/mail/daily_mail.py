"""The daily mail: once a day, one mail to each address that chose it (:mod:`.daily`), listing
every game waiting for its move, with that seat's moves, and its other games in a line each.

Beat runs :func:`send_daily_mails` every few minutes (``MAIL_DAILY_CHECK_SECONDS``). An
address is due from the hour it chose, in its own time zone, until its day ends, once a day:
the first run in that time that finds a game waiting for it writes the mail; a run that
finds none writes nothing, and a later one that day may (a game that comes to wait for it
after the hour is in the next day's mail otherwise). Each address is written in a short
transaction of its own that marks its day (:func:`.daily.claim_day`, a conditional UPDATE)
with the mail, whose dedupe key names the address's hash and its day: two runs at once,
or a run after a restart, write one mail a day.

Which games: the address's seats in games under way, but not a seat the computer plays,
nor one whose mode is ``none``. A game waits for the address when it is its seat's move and
the game is not paused; one the seat has open on its page now is not counted as waiting
(``mail.seats.is_active``: the page shows it), and is told in a line with the others.

Answering: each game keeps its own reply address (``mail.addresses``) and a mail carries one
Reply-To, so each game's part gives its address, written out (mail programs make it a link
to write to) and, in the HTML, as a ``mailto:`` link with the game's subject. The mail's own
Reply-To is the game's address only when one game waits: then answering the mail plays it,
as answering its "your move" would; with several, a reply could not say which game it is
for, so the mail has none and says to write to each game's address.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time
from urllib.parse import quote
from zoneinfo import ZoneInfo

from babel.dates import format_time
from sqlalchemy import Row, select
from sqlalchemy.orm import Session

from engine import GameState
from engine.state import OVER
from service.features.mail import compose, daily, history, keys, markup, moves
from service.features.mail.addresses import reply_address
from service.features.mail.compose import Mail
from service.features.mail.notices import clock_of, when
from service.features.mail.seats import NONE, is_active, mode_of, settings_of
from service.kernel.models import Game, Seat
from service.kernel.naming import game_name
from service.kernel.narration import board_and_status
from service.kernel.store import load_state
from service.kernel.urls import home_page
from service.kernel.vocabulary import ACTIVE
from service.plumbing import outbox
from service.plumbing.columns import utcnow
from service.plumbing.i18n import (
    _,
    colour_name,
    current_language,
    in_language,
    language_of_seat,
    ngettext,
)
from service.plumbing.unit_of_work import read_transaction, write_transaction

TOPIC = "daily"
MAX_SECTIONS = 10
"""The most games shown whole (moves, board); more waiting games get a line each."""
FAR = datetime.max.replace(tzinfo=ZoneInfo("UTC"))


@dataclass(frozen=True, slots=True)
class Waiting:
    """A game waiting for the address's move, as the daily mail shows it."""

    title: str
    clock: str | None
    examples: list[str]
    reply_to: str
    subject: str
    link: str
    diagram: str


@dataclass(frozen=True, slots=True)
class Line:
    """A game told in one line: its name, where it is, its link."""

    name: str
    status: str
    link: str


def send_daily_mails(now: datetime | None = None) -> int:
    """Write the daily mail of every address that is due and has a game waiting for it;
    return how many were written. Must run in an app context."""
    now = now or utcnow()
    with read_transaction() as session:
        chosen = daily.chosen_daily(session)
        if not chosen:
            return 0
        addresses = session.scalars(
            select(Seat.email_key).distinct().join(Game, Game.id == Seat.game_id)
            .where(Game.status == ACTIVE, Seat.email_key.is_not(None),
                   Seat.computer.is_(None))).all()
    due = [key for key in addresses if key and chosen.intersection(daily.hashes_of(key))]
    return sum(_send_one(key, now) for key in due)


def _send_one(email_key: str, now: datetime) -> bool:
    """Write the address's daily mail if it is due now and a game waits for it; return
    whether it was written (not when its day's mail was, even if the day's mark was lost)."""
    with write_transaction() as session:
        row = daily.daily_row(session, email_key)
        seats = [seat for seat in daily.seats_of(session, email_key, (ACTIVE,))
                 if seat.Seat.computer is None]
        latest = daily.latest_seat(seats)
        if row is None or latest is None:
            return False
        zone = daily.time_zone_of(latest.Seat)
        local = now.astimezone(ZoneInfo(zone))
        if local.hour < row.hour or (row.sent_on is not None and row.sent_on >= local.date()):
            return False
        language = language_of_seat(latest.Seat.language, latest.Game.language)
        with in_language(language, zone):
            waiting, others = _games(session, seats, now)
            if not waiting or not daily.claim_day(session, row, local.date()):
                return False
            mail = daily_mail(latest.Seat.name, waiting, others, row.hour, zone)
        assert latest.Seat.email is not None  # found by its address
        return outbox.email_job(session, latest.Seat.email, mail.subject, mail.text,
                                f"daily:{row.address_hash}:{local.date().isoformat()}",
                                html=mail.html, topic=TOPIC,
                                reply_to=waiting[0].reply_to if len(waiting) == 1 else None
                                ) is not None


def _games(session: Session, seats: Sequence[Row[Game, Seat]], now: datetime
           ) -> tuple[list[Waiting], list[Line]]:
    """Return the games waiting for the address (soonest deadline first) and the lines of its
    other games (latest activity first), in the current language."""
    everyone = _seats_of_games(session, {row.Game.id for row in seats})
    ready: list[tuple[Game, Seat, GameState]] = []
    lines: list[Line] = []
    for row in seats:
        game, seat = row.Game, row.Seat
        settings = settings_of(session, game.id).get(seat.seat)
        state = load_state(game)
        if mode_of(settings) == NONE or state is None or state.phase == OVER:
            continue
        link = keys.mail_link(session, game.id, seat.seat)
        if game.paused_at is not None:
            lines.append(Line(game_name(game), _("Paused by the game's creator."), link))
        elif state.to_move == seat.seat and is_active(settings, now):
            lines.append(Line(game_name(game),
                              _("Your move; you have the game open on its page."), link))
        elif state.to_move == seat.seat:
            ready.append((game, seat, state))
        elif state.to_move is None:
            lines.append(Line(game_name(game), _("The monster is about to move."), link))
        else:
            player = history.players_of(everyone[game.id])[state.to_move]
            # TRANSLATORS: %(player)s is a player and their colour: "Ann (red)".
            lines.append(Line(game_name(game), _("%(player)s is to move.", player=player),
                              link))
    ready.sort(key=lambda found: found[0].move_deadline or FAR)
    waiting = [_waiting(session, *found) for found in ready[:MAX_SECTIONS]]
    more = [Line(game_name(game), _("Your move."), keys.mail_link(session, game.id, seat.seat))
            for game, seat, _state in ready[MAX_SECTIONS:]]
    return waiting, more + lines


def _seats_of_games(session: Session, game_ids: set[str]) -> dict[str, list[Seat]]:
    """Return every seat of these games, by game, in seat order."""
    seats: dict[str, list[Seat]] = {game_id: [] for game_id in game_ids}
    for seat in session.scalars(select(Seat).where(Seat.game_id.in_(game_ids))
                                .order_by(Seat.seat)):
        seats[seat.game_id].append(seat)
    return seats


def _waiting(session: Session, game: Game, seat: Seat, state: GameState) -> Waiting:
    """Return a game waiting for ``seat``'s move (the game at ``state``) as its part of the
    daily mail."""
    name, at = game_name(game), when(state)
    # TRANSLATORS: a game's heading in the daily mail: "Friday night: your move (green),
    # turn 3, stage 1".
    title = _("%(game)s: your move (%(colour)s), %(when)s", game=name,
              colour=colour_name(seat.colour), when=at)
    return Waiting(title=title, clock=clock_of(game, seat),
                   examples=moves.example_items(state, seat.seat),
                   reply_to=reply_address(game.id, seat.seat, session),
                   subject=f"[{name}] " + _("Your move — %(when)s", when=at),
                   link=keys.mail_link(session, game.id, seat.seat),
                   diagram=board_and_status(state))


def _hour_words(hour: int) -> str:
    """Return an hour of the day as the reader writes it: ``8:00 AM``, ``08:00``."""
    return format_time(time(hour), "short", locale=current_language())


def _how_to_play(game: Waiting) -> str:
    """How to play a game of the daily mail by mail: its own address and its moves now."""
    words = compose.command_words()
    if not game.examples:
        # TRANSLATORS: %(address)s is the game's own reply address; %(board)s and %(help)s
        # are the words a reply starts with.
        return _("To play it by mail, write your move to %(address)s; or %(board)s for the "
                 "board, %(help)s for how to write moves.", address=game.reply_to,
                 board=words["board"], help=words["help"])
    # TRANSLATORS: %(address)s is the game's own reply address; %(moves)s lists moves as
    # written, "green 5 +NNW (to n9) or flip green 1"; %(board)s, %(help)s and %(say)s are
    # the words a reply starts with.
    return _("To play it by mail, write your move to %(address)s, for example %(moves)s; or "
             "%(board)s, %(help)s or %(say)s and a message.", address=game.reply_to,
             moves=compose.or_list(game.examples), **words)


def _mailto(game: Waiting) -> str:
    """Return the link that opens a mail to the game's reply address, with its subject."""
    return f"mailto:{game.reply_to}?subject={quote(game.subject)}"


def daily_mail(name: str | None, waiting: Sequence[Waiting], others: Sequence[Line],
               hour: int, zone: str) -> Mail:
    """Return the daily mail: the games waiting for the reader's move, each with how to
    answer it, its moves, its link and its board; then the reader's other games, a line
    each; then why this mail comes and how to change it."""
    count = len(waiting)
    subject = ngettext("Fearsome Floors: %(num)d game waits for your move",
                       "Fearsome Floors: %(num)d games wait for your move", count)
    greeting = _("Hello %(name)s,", name=name) if name else _("Hello,")
    if count == 1:
        intro = _("It is your move in one game: reply to this email with your move to play "
                  "it.")
    else:
        intro = ngettext(
            "It is your move in %(num)d game. Each has its own address to write your move "
            "to, below: a reply to this email would not say which game it is for.",
            "It is your move in %(num)d games. Each has its own address to write your move "
            "to, below: a reply to this email would not say which game it is for.", count)
    text = [greeting, "", intro, ""]
    html = [markup.paragraph(greeting), markup.paragraph(intro)]
    for game in waiting:
        play = _how_to_play(game)
        text += [game.title, "-" * len(game.title), *([game.clock] if game.clock else []),
                 play, _("Your game: %(link)s", link=game.link), "", game.diagram, ""]
        html += [markup.heading(game.title),
                 *([markup.paragraph(game.clock)] if game.clock else []),
                 markup.paragraph(play),
                 markup.button(_mailto(game), _("Reply to play this game")),
                 markup.button(game.link, _("Make your move")), markup.board(game.diagram)]
    if others:
        title = _("Your other games")
        text += [title, "-" * len(title), *(f"- {o.name}: {o.status}" for o in others), ""]
        html += [markup.heading(title), "<ul>" + "".join(
            f"<li>{markup.link(o.link, o.name)}: {markup.text(o.status)}</li>" for o in others)
            + "</ul>"]
    footer = _footer(hour, zone)
    text += ["-- ", footer, ""]
    return Mail(subject, "\n".join(text), markup.document(subject, html, markup.text(footer)))


def _footer(hour: int, zone: str) -> str:
    """Why the daily mail comes, what still comes on its own, and where to change it."""
    return " ".join([
        # TRANSLATORS: %(hour)s is an hour like "8:00 AM", %(zone)s a time zone like
        # "Europe/Berlin".
        _("You chose one mail a day for all your games, at %(hour)s (%(zone)s), instead of "
          "a mail per game: the end of a game and invitations still come on their own.",
          hour=_hour_words(hour), zone=zone),
        # TRANSLATORS: followed by the address of a page.
        _("To change it, open any game's settings, or ask for a link to all your games at "
          "%(link)s", link=home_page())])

