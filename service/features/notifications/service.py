"""What the service tells players, written to the outbox in the transaction of the change.

:func:`notify_about` is the one place every change of a game reports to; it hands the change
to each channel (email: :mod:`service.features.mail.notices`). The invitation and "lost my link"
emails are written here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from engine import GameState
from service.features.mail import asks, compose, moves, notices
from service.features.mail.addresses import reply_address
from service.features.mail.seats import NONE, mode_of, settings_of
from service.features.mail.words import written_move
from service.features.push import notices as push_notices
from service.features.webhooks.messages import (
    REMATCH_ASKED,
    REMATCH_DECIDED,
    SEAT_ABSENT,
    TAKEBACK_ASKED,
    TAKEBACK_DECLINED,
    TURN_NUDGED,
    write_event,
    write_messages,
)
from service.kernel.changes import GameChanged, Listeners
from service.kernel.models import GameRow, Seat, SeatRow
from service.kernel.naming import game_name
from service.kernel.narration import board_and_status
from service.kernel.store import load_state
from service.kernel.views import seat_label
from service.plumbing import outbox
from service.plumbing.i18n import _, current_language, format_moment


def notify_about(session: Session, game: GameRow, events: Sequence[Mapping[str, Any]], *,
                 state: GameState | None = None, seats: Sequence[SeatRow] | None = None,
                 listeners: Listeners | None = None) -> None:
    """Write the notifications that ``events`` of ``game`` call for, on every channel.

    Called in the transaction that stored the events, after the game row was updated, both
    for players' actions and for monster phases; ``events`` is empty when the game starts.
    ``state`` (the engine state the game row now holds) and ``seats`` (the game's seats in
    seat order) save reading them again when the caller has them; so do ``listeners``
    (whether the game has an enabled webhook endpoint, and a seat a device, read in this
    transaction).
    """
    write_messages(session, game, events,
                   has_webhooks=None if listeners is None else listeners.webhooks)
    notices.write(session, game, events, state=state, seats=seats)
    if listeners is None or listeners.devices:
        # After the mails: a seat's choice may hold its mail back for the push, or drop it.
        push_notices.write(session, game, events, state=state, seats=seats)


def notify(session: Session, change: GameChanged) -> None:
    """Write the emails and webhook messages a change of a game calls for (the reaction
    ``service.reactions`` lists)."""
    notify_about(session, change.game, change.events, state=change.state, seats=change.seats,
                 listeners=change.listeners)


def send_nudge(session: Session, game: GameRow, seat: SeatRow, by: int | None) -> None:
    """Write what tells ``seat`` (the seat the game waits for) that ``by`` (a seat, None: the
    creator) nudged it: an email, if the seat has an address and has
    not turned the game's emails off, and the webhook event ``turn.nudged``.

    One nudge a game a day (``service.features.deadlines.nudge``) keeps the dedupe keys apart: they
    name the game's version and the seat that nudged."""
    name = f"{TURN_NUDGED}_{'creator' if by is None else by}"
    write_event(session, game.id, game.version, TURN_NUDGED, {"seat": seat.seat, "by": by},
                name)
    mode = mode_of(settings_of(session, game.id).get(seat.seat))
    state = load_state(game)
    if seat.email and mode != NONE and state is not None:
        with notices.in_seat_language(game, seat):
            reader = notices.reader_of(session, game, seat, mode)
            mail = compose.nudge(reader, _nudger(session, game, by), notices.when(state),
                                 moves.example_lines(state, seat.seat),
                                 notices.clock_of(game, seat), board_and_status(state))
        notices.write_mail(session, seat, mail, "nudge",
                           f"mail:{game.id}:{seat.seat}:nudge:{game.version}:{name}")
    with notices.in_seat_language(game, seat):
        nudger = _nudger(session, game, by)
    push_notices.write_nudge(session, game, seat, nudger, name)


def _nudger(session: Session, game: GameRow, by: int | None) -> str:
    """Return who nudged, in words: ``Ann (red)``, or the game's creator."""
    seat = None if by is None else session.get(Seat, (game.id, by))
    return _("The game's creator") if seat is None else seat_label(seat)


def tell_absent(session: Session, game: GameRow, seat: SeatRow) -> None:
    """Tell the creator's webhooks that ``seat`` has missed as many deadlines as the creator
    allows (``seat.absent``): they may hand the seat to someone else, unless the computer
    plays it now (``computer``: its level). The creator's page says it too (the game view's
    ``absent``); the creator has no email address."""
    write_event(session, game.id, game.version, SEAT_ABSENT,
                {"seat": seat.seat, "missed_deadlines": seat.missed_deadlines,
                 "computer": seat.computer}, SEAT_ABSENT)


def tell_computer_plays(session: Session, game: GameRow, seat: SeatRow) -> None:
    """Tell the player of ``seat`` by email (if it has an address and has not turned the
    game's emails off) that the computer plays their seat now, having missed too many
    deadlines, and how to take it back."""
    mode = mode_of(settings_of(session, game.id).get(seat.seat))
    if not seat.email or seat.computer is None or mode == NONE:
        return
    with notices.in_seat_language(game, seat):
        reader = notices.reader_of(session, game, seat, mode)
        mail = compose.computer_plays(reader, seat.missed_deadlines, seat.computer)
    notices.write_mail(session, seat, mail, "computer",
                       f"mail:{game.id}:{seat.seat}:computer:{game.version}")


def send_invitation(session: Session, game: GameRow, seat: SeatRow, link: str) -> None:
    """Write the email that gives a player their private link when the game is created; when
    the game starts at once and the seat moves first, with examples of its moves."""
    assert seat.email is not None
    state = load_state(game)
    with notices.in_seat_language(game, seat):
        examples = [] if state is None else moves.example_lines(state, seat.seat)
        mail = compose.invitation(seat.name or "", game_name(game), seat.colour, link,
                                  examples)
    outbox.email_job(session, seat.email, mail.subject, mail.text,
                     notices.thread_key(game.id, seat.seat), html=mail.html,
                     reply_to=reply_address(game.id, seat.seat, session),
                     headers=notices.list_headers(game.id, seat.seat),
                     game_id=game.id, seat=seat.seat, topic="invite")
    notices.mark_invited(session, game.id, seat.seat)


def send_links(session: Session, to: str, links: Sequence[tuple[str, str]],
               dedupe_key: str) -> bool:
    """Write the email that answers "I lost my link": one line per game, name and link (in
    the current language: the one of the request that asked for it).

    Return False when an email with ``dedupe_key`` was written before (nothing written)."""
    mail = compose.lost_links(links)
    return outbox.email_job(session, to, mail.subject, mail.text, dedupe_key, html=mail.html,
                            topic="links") is not None


def tell_takeback_asked(session: Session, game: GameRow, seats: Sequence[SeatRow], asker: int,
                        undoes: Sequence[Mapping[str, Any]], approvers: Sequence[int],
                        request: int) -> None:
    """Ask the ``approvers`` (seats) to agree that ``asker`` takes back ``undoes`` (each
    ``{seat, notation}``): by email (unless the seat turned the game's emails off) and push,
    and tell the game's webhooks (``takeback.asked``)."""
    write_event(session, game.id, game.version, TAKEBACK_ASKED,
                {"seat": asker, "approvers": list(approvers),
                 "undoes": [dict(u) for u in undoes]}, f"{TAKEBACK_ASKED}_{request}")
    state = load_state(game)
    assert state is not None  # a takeback is asked in a game under way
    by_seat = {s.seat: s for s in seats}
    modes = settings_of(session, game.id)
    for seat in (by_seat[number] for number in approvers):
        topic_key = f"takeback:{request}"
        mail_key = f"mail:{game.id}:{seat.seat}:{topic_key}"
        with notices.in_seat_language(game, seat):
            who = seat_label(by_seat[asker])
            if seat.email and mode_of(modes.get(seat.seat)) != NONE:
                undone = [f"{seat_label(by_seat[u['seat']])}: "
                          f"{written_move(u['notation'], current_language())}" for u in undoes]
                reader = notices.reader_of(session, game, seat, mode_of(modes.get(seat.seat)))
                notices.write_mail(session, seat, asks.takeback_asked(
                    reader, who, undone, board_and_status(state)), "takeback", mail_key)
            # TRANSLATORS: a phone notification; %(who)s is "Ann (green)".
            body = _("%(who)s asks to take back a move. Do you agree?", who=who)
        push_notices.write_notice(session, game, seat, "takeback", body, topic_key, mail_key)


def tell_takeback_declined(session: Session, game: GameRow, seats: Sequence[SeatRow],
                           asker: int, by: int, request: int) -> None:
    """Tell ``asker`` by email and push that ``by`` said no to its takeback, and the game's
    webhooks (``takeback.declined``)."""
    write_event(session, game.id, game.version, TAKEBACK_DECLINED, {"seat": asker, "by": by},
                f"{TAKEBACK_DECLINED}_{request}")
    by_seat = {s.seat: s for s in seats}
    seat = by_seat[asker]
    topic_key = f"takeback_declined:{request}"
    mail_key = f"mail:{game.id}:{seat.seat}:{topic_key}"
    mode = mode_of(settings_of(session, game.id).get(seat.seat))
    with notices.in_seat_language(game, seat):
        who = seat_label(by_seat[by])
        if seat.email and mode != NONE:
            notices.write_mail(session, seat, asks.takeback_declined(
                notices.reader_of(session, game, seat, mode), who), "takeback", mail_key)
        # TRANSLATORS: a phone notification; %(who)s is "Bob (red)".
        body = _("%(who)s said no: your move stands.", who=who)
    push_notices.write_notice(session, game, seat, "takeback", body, topic_key, mail_key)


def tell_rematch_asked(session: Session, game: GameRow, seats: Sequence[SeatRow],
                       asker: SeatRow | None, asking: Sequence[SeatRow], rematch: int,
                       starts_by: datetime) -> None:
    """Ask the seats ``asking`` of the finished ``game`` whether they play the rematch
    ``asker`` (None: the creator) asked for, by email and push, and tell the game's webhooks
    (``rematch.asked``)."""
    write_event(session, game.id, game.version, REMATCH_ASKED,
                {"seat": None if asker is None else asker.seat,
                 "asking": [seat.seat for seat in asking], "starts_by": starts_by.isoformat()},
                f"{REMATCH_ASKED}_{rematch}")
    modes = settings_of(session, game.id)
    for seat in asking:
        key = f"rematch:{rematch}"
        mail_key = f"mail:{game.id}:{seat.seat}:{key}"
        mode = mode_of(modes.get(seat.seat))
        with notices.in_seat_language(game, seat):
            who = None if asker is None else seat_label(asker)
            if seat.email and mode != NONE:
                notices.write_mail(session, seat, asks.rematch_asked(
                    notices.reader_of(session, game, seat, mode), who,
                    format_moment(starts_by), [seat_label(s) for s in seats]), "rematch",
                    mail_key)
            asking_one = who or _("The game's creator")
            # TRANSLATORS: a phone notification; %(who)s is "Ann (green)" or "The game's
            # creator".
            body = _("%(who)s asks for a rematch. Do you play?", who=asking_one)
        push_notices.write_notice(session, game, seat, "rematch", body, key, mail_key)


def tell_rematch_lapsed(session: Session, game: GameRow, seats: Sequence[SeatRow],
                        rematch: int) -> None:
    """Tell the players of ``game`` by email that its rematch did not start (too few said
    yes), and its webhooks (``rematch.decided``)."""
    write_event(session, game.id, game.version, REMATCH_DECIDED,
                {"status": "lapsed", "game_id": None}, f"{REMATCH_DECIDED}_{rematch}")
    modes = settings_of(session, game.id)
    for seat in seats:
        mode = mode_of(modes.get(seat.seat))
        if not seat.email or mode == NONE or seat.computer is not None:
            continue
        with notices.in_seat_language(game, seat):
            mail = asks.rematch_lapsed(notices.reader_of(session, game, seat, mode))
        notices.write_mail(session, seat, mail, "rematch",
                           f"mail:{game.id}:{seat.seat}:rematch_lapsed:{rematch}")


def tell_rematch_started(session: Session, game: GameRow, rematch: int, new_game: str) -> None:
    """Tell the finished game's webhooks that its rematch started (``rematch.decided``): its
    players get the new game's links as any new game's (its invitations)."""
    write_event(session, game.id, game.version, REMATCH_DECIDED,
                {"status": "started", "game_id": new_game}, f"{REMATCH_DECIDED}_{rematch}")
