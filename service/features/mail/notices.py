"""Who is emailed about a change, and with what: written to the outbox in its transaction.

For each seat with an address, after each change of a started game:

* the game is over: "game over" (modes ``every_event`` and ``my_turn``);
* it is now the seat's turn: "your move" with what happened since its last move;
* a monster phase just ended: its walk in words (mode ``every_event``).

Nothing goes to a seat whose mode is ``digest`` or ``none``, nor to one that read the game
on its page within the last minute; nothing but "game over" to an address that chose one
mail a day for all its games (:mod:`.daily`, :mod:`.daily_mail`). When a game starts at its
creation, the seat to move just got its invitation in the same transaction and gets no
second email.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from flask import current_app
from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from engine import GameState
from engine.events import MONSTER_DONE
from engine.outcome import IMMEDIATE, NOTHING_LEFT, STAGE_TWO_OVER
from engine.state import OVER, Outcome
from service.features.mail import compose, history, keys, moves
from service.features.mail.addresses import reply_address
from service.features.mail.compose import Mail, Reader
from service.features.mail.daily import replaces_game_mails
from service.features.mail.seats import EVERY_EVENT, MY_TURN, is_active, mode_of, settings_of
from service.features.mail.words import written_move
from service.features.talk.service import MessageRecord, since_version
from service.kernel import narration, pace
from service.kernel.models import GameRow, Seat, SeatRow
from service.kernel.naming import game_name
from service.kernel.pipeline import notes_after_game, notes_for_mail
from service.kernel.store import load_state
from service.kernel.vocabulary import ACTIVE, FINISHED
from service.plumbing import clock, outbox
from service.plumbing.columns import utcnow
from service.plumbing.i18n import (
    _,
    colour_name,
    current_language,
    in_language,
    language_of_seat,
    ngettext,
)

_INVITED = "ff_mail_invited"
_HELD = "ff_mail_turn_held"
SENDING_MODES = (EVERY_EVENT, MY_TURN)
_SEATS_OF = select(Seat).where(Seat.game_id == bindparam("game_id")).order_by(Seat.seat)


def mark_invited(session: Session, game_id: str, seat: int) -> None:
    """Remember that the seat got its invitation in this transaction."""
    session.info.setdefault(_INVITED, set()).add((game_id, seat))


def hold_turn_mail(session: Session, game_id: str, seat: int, version: int) -> None:
    """Send no "your move" to the seat for the game at ``version`` in this transaction: its
    turn plan acts for it (``service.features.plans``), or mails it with the reason it stopped."""
    session.info.setdefault(_HELD, set()).add((game_id, seat, version))


def is_turn_held(session: Session, game_id: str, seat: int, version: int) -> bool:
    """True when the seat's "your move" for the game at ``version`` is held in this
    transaction (:func:`hold_turn_mail`): the other channels hold theirs too."""
    return (game_id, seat, version) in session.info.get(_HELD, set())


@contextmanager
def in_seat_language(game: GameRow, seat: SeatRow) -> Iterator[None]:
    """Write the texts and times of a mail to ``seat`` inside the block in the seat's language
    (else its game's) and in its time zone: every mail to a seat is composed in one."""
    with in_language(language_of_seat(seat.language, game.language), seat.time_zone):
        yield


def unsubscribe_url(game_id: str, seat: int) -> str:
    """Return the seat's one-click unsubscribe address."""
    base = str(current_app.config["PUBLIC_URL"]).rstrip("/")
    return f"{base}/api/v1/unsubscribe/{keys.unsubscribe_token(game_id, seat)}"


def list_headers(game_id: str, seat: int) -> dict[str, str]:
    """Return the List-Unsubscribe headers (RFC 2369, one-click RFC 8058) of a seat's emails."""
    targets = [f"<{unsubscribe_url(game_id, seat)}>"]
    mailto = current_app.config.get("MAIL_UNSUBSCRIBE_MAILTO")
    if mailto:
        targets.append(f"<mailto:{mailto}?subject=unsubscribe%20"
                       f"{keys.unsubscribe_token(game_id, seat)}>")
    return {"List-Unsubscribe": ", ".join(targets),
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


def turn_mail_prefix(game_id: str, seat: int) -> str:
    """Return how the job key of every mail to a seat about its game begins (its turns, the
    monster, the end, nudges, reminders): a held-back answer waits for the next of them."""
    return f"mail:{game_id}:{seat}:"


def thread_key(game_id: str, seat: int) -> str:
    """Return the job key of the first email of the seat's thread (its invitation): every
    email about the game to the seat names it, so mail clients show them as one thread."""
    return f"invite:{game_id}:{seat}"


def reader_of(session: Session, game: GameRow, seat: SeatRow, mode: str) -> Reader:
    """Return the reader an email about ``game`` to ``seat`` is written for."""
    return Reader(game_id=game.id, game_name=game_name(game), seat=seat.seat,
                  name=seat.name or _("seat %(number)s", number=seat.seat + 1),
                  colour=seat.colour, link=keys.mail_link(session, game.id, seat.seat),
                  unsubscribe_url=unsubscribe_url(game.id, seat.seat), mode=mode)


def write_mail(session: Session, seat: SeatRow, mail: Mail, topic: str, key: str) -> None:
    """Write one email about the seat's game to the outbox, with its list headers and the
    seat's own reply address (a reply can carry a move: ``service.features.mailin``)."""
    assert seat.email is not None
    outbox.email_job(session, seat.email, mail.subject, mail.text, key, html=mail.html,
                     reply_to=reply_address(seat.game_id, seat.seat, session),
                     headers=list_headers(seat.game_id, seat.seat), game_id=seat.game_id,
                     seat=seat.seat, topic=topic, thread=thread_key(seat.game_id, seat.seat))


def write(session: Session, game: GameRow, events: Sequence[Mapping[str, Any]], *,
          state: GameState | None = None, seats: Sequence[SeatRow] | None = None) -> None:
    """Write the emails that a change of ``game`` (its ``events``) calls for.

    ``state`` and ``seats`` (in seat order), when given, are the game's as it now stands.
    """
    if game.status not in (ACTIVE, FINISHED):
        return
    all_seats = list(session.scalars(_SEATS_OF, {"game_id": game.id}) if seats is None
                     else seats)
    with_email = [s for s in all_seats if s.email]
    if not with_email:
        return
    if state is None:
        state = load_state(game)
    if state is None:
        return
    settings = settings_of(session, game.id)
    now = utcnow()
    is_monster = any(e.get("type") == MONSTER_DONE for e in events)
    invited = session.info.get(_INVITED, set())
    held = session.info.get(_HELD, set())
    for seat in with_email:
        row = settings.get(seat.seat)
        mode = mode_of(row)
        if mode not in SENDING_MODES or is_active(row, now):
            continue
        if state.phase == OVER:
            topic = "over"
        elif seat.seat == state.to_move and (game.id, seat.seat) not in invited:
            if (game.id, seat.seat, game.version) in held:
                continue
            topic = "turn"
        elif is_monster and mode == EVERY_EVENT:
            topic = "monster"
        else:
            continue
        if topic != "over" and replaces_game_mails(session, seat.email):
            continue  # the address gets one mail a day for all its games instead
        with in_seat_language(game, seat):
            players = history.players_of(all_seats)  # in the seat's language
            reader = reader_of(session, game, seat, mode)
            mail = _compose(session, topic, reader, state, events, players, now,
                            clock_of(game, seat) if topic == "turn" else None)
        write_mail(session, seat, mail, topic, f"mail:{game.id}:{seat.seat}:{topic}:"
                                               f"{game.version}")


def clock_of(game: GameRow, seat: SeatRow) -> str | None:
    """Return what a mail to the seat to act says of its time (None: the game has no limit):
    until when, how long from now, and its vacation days left."""
    deadline = None if game.paused_at is not None else game.move_deadline
    return compose.clock_line(deadline, clock.now(), pace.days_left(game, seat))


def write_turn_mail(session: Session, game: GameRow, seat: int) -> None:
    """Write the "your move" email of ``seat``, whose turn it is in ``game`` (its turn plan
    stopped, or was dropped after holding it), as :func:`write` would, to a seat that gets it."""
    row = session.get(Seat, (game.id, seat))
    state = load_state(game)
    if row is None or not row.email or state is None:
        return
    settings = settings_of(session, game.id).get(seat)
    mode, now = mode_of(settings), utcnow()
    if mode not in SENDING_MODES or is_active(settings, now):
        return
    if replaces_game_mails(session, row.email):
        return  # the address gets one mail a day for all its games instead
    with in_seat_language(game, row):
        players = history.players_of(list(session.scalars(_SEATS_OF, {"game_id": game.id})))
        mail = _compose(session, "turn", reader_of(session, game, row, mode), state, (),
                        players, now, clock_of(game, row))
    write_mail(session, row, mail, "turn", f"mail:{game.id}:{seat}:turn:{game.version}")


def _compose(session: Session, topic: str, reader: Reader, state: GameState,
             events: Sequence[Mapping[str, Any]], players: dict[int, str],
             now: datetime, clock_words: str | None) -> Mail:
    board = narration.board_and_status(state)
    # What the features have to tell the seat first (what its turn plan did): told once.
    note = notes_for_mail(session, reader.game_id, reader.seat)
    if topic == "turn":
        last, notation = history.last_move(session, reader.game_id, reader.seat)
        lines = history.since_version(session, reader.game_id, last, players)
        said = since_version(session, reader.game_id, last, exclude_seat=reader.seat)
        return compose.your_move(reader, when(state), moves.example_items(state, reader.seat),
                                 lines, [talk_line(m, players) for m in said], board,
                                 clock_words, note, last_move=notation and written_move(
                                     notation, current_language()))
    if topic == "monster":
        return compose.monster_result(
            reader, when(state), _after(note, narration.summarize_monster(events)), board)
    summary, results, why = outcome_words(state, players)
    return compose.game_over(reader, _after(note, summary), results, why, board,
                             notes_after_game(session, reader.game_id, reader.seat))


def _after(note: str | None, text: str) -> str:
    """Return the first paragraph of a mail: ``note``, if any, then ``text``."""
    return f"{note}\n\n{text}" if note else text


def talk_line(message: MessageRecord, players: Mapping[int, str]) -> str:
    """Return a message of the table as a mail shows it: ``Ann (green): good luck``."""
    return f"{players.get(message.seat) or colour_name(message.colour)}: {message.text}"


def when(state: GameState) -> str:
    """Return where the game is: ``turn 3, stage 1``."""
    return _("turn %(turn)s, stage %(stage)s", turn=state.game_turn, stage=state.stage)


def outcome_words(state: GameState, players: dict[int, str]
                  ) -> tuple[str, list[str], str | None]:
    """Return the end of the game in words: who won and why, each seat's result, and why a
    player was eaten more often than they have figures, when one was (else None)."""
    outcome = state.outcome
    assert outcome is not None  # the game is over
    summary = " ".join(part for part in (_who_won(state, outcome, players),
                                         _why_it_ended(outcome.reason)) if part)
    results = [_result(players.get(p.seat, colour_name(p.colour)), outcome.escaped[p.seat],
                       outcome.eaten[p.seat]) for p in state.players]
    most = max((len([f for f in state.figures if f.colour == p.colour]) for p in state.players),
               default=0)
    note = (_("A figure eaten in the first stage comes back into play, so it can be eaten "
              "more than once.") if max(outcome.eaten, default=0) > most else None)
    return summary, results, note


def _result(player: str, escaped: int, eaten: int) -> str:
    """A player's result: ``Ann (green): 2 figures out, eaten 3 times``."""
    out = ngettext("%(num)d figure out", "%(num)d figures out", escaped)
    times = ngettext("eaten %(num)d time", "eaten %(num)d times", eaten)
    # TRANSLATORS: a player's result: "Ann (green): 2 figures out, eaten 3 times".
    return _("%(player)s: %(escaped)s, %(eaten)s", player=player, escaped=out, eaten=times)


def _who_won(state: GameState, outcome: Outcome, players: dict[int, str]) -> str:
    """Who won, and what won it: all but one figure out, the most figures out, or the same
    number as another player but reached first; or that nobody won."""
    if not outcome.winners:
        return _("Nobody won: no figure got out.")
    seat = outcome.winners[0]
    name = players.get(seat, colour_name(state.colour_of(seat)))
    count = outcome.escaped[seat]
    if outcome.reason == IMMEDIATE:
        # TRANSLATORS: "Ann (green) won by getting 3 figures out, all but one of theirs."
        return ngettext("%(name)s won by getting %(num)d figure out, all but one of theirs.",
                        "%(name)s won by getting %(num)d figures out, all but one of theirs.",
                        count, name=name)
    tied = [players.get(other, colour_name(state.colour_of(other)))
            for other, number in enumerate(outcome.escaped) if number == count and other != seat]
    if tied:
        # TRANSLATORS: a tie on figures out, won by who got there first: "Ann (green) won:
        # Bob (red) also got 2 figures out, but Ann (green) got there first."
        return ngettext("%(name)s won: %(others)s also got %(num)d figure out, but %(name)s "
                        "got there first.",
                        "%(name)s won: %(others)s also got %(num)d figures out, but %(name)s "
                        "got there first.", count, name=name, others=narration.and_list(tied))
    return ngettext("%(name)s won with the most figures out: %(num)d.",
                    "%(name)s won with the most figures out: %(num)d.", count, name=name)


def _why_it_ended(reason: str) -> str | None:
    """Why the game ended, when a player did not end it by getting their figures out."""
    if reason == STAGE_TWO_OVER:
        return _("The game ended when the second stage ran out of cards.")
    if reason == NOTHING_LEFT:
        return _("The game ended in the second stage: no figure was left inside or waiting "
                 "outside.")
    return None
