"""The service layer of computer players: seats the computer plays, at a level.

A seat is the computer's when the creator makes it so, at the game's creation (a seat
``{"computer": "normal"}``) or later (:func:`hand_to_computer`, which also takes a seat back
for its player, as the player may do too), or when a seat becomes absent in a game whose
creator chose a level for absent seats (:func:`take_absent_seat`). Each change is written
in the log as a ``computer_seat`` event. The computer sees only what its seat may see (the
player view: no card order, no seed) and chooses with ``engine.bots``; how each level
decides is ``docs/bots.md``.

How it plays, through the pipeline every change goes through:

1. :func:`play_for_the_computer`, a reaction to every change of a game
   (``service.reactions``): if the game now waits for a computer's seat, it writes the
   outbox job ``computer_move`` (one per game and version) and holds that seat's "your
   move" mail.
2. The worker runs :func:`play_computer_move`: if the game is still at that version, not
   paused, with the seat to act and the seat still the computer's, the bot's choice is
   submitted through the one submission use case, as the seat, with the version
   precondition and an idempotency key of the game and version: it is applied once, marked
   as the computer's in the log (a ``computer`` event), and its events, mails, webhooks
   and live pages follow as for any move. The next computer seat chains by step 1.

The bot's own random numbers come from a one-way hash of the game's seed, the seat, the
version and the level (:func:`bot_seed`): a game with computer players replays exactly,
and the hash tells nothing of the card order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

import engine
from engine.bots import choose
from engine.state import FIGURES, PLACEMENT
from service.features.mail.notices import hold_turn_mail
from service.features.notifications import service as notifications
from service.kernel import pace
from service.kernel.auth import CREATOR, SEAT, Credential, VouchedSeat, authenticate_as
from service.kernel.changes import GameChanged
from service.kernel.game_rules import check_active, is_paused
from service.kernel.models import Game, GameRow, Seat, SeatRow, hold_written
from service.kernel.store import append_event, load_state, seats_of
from service.kernel.views import game_view
from service.kernel.vocabulary import ACTIVE, BY_ABSENCE, BY_CREATOR, BY_PLAYER, COMPUTER_SEAT
from service.plumbing import clock, outbox, signals
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.idempotency import Reply
from service.plumbing.unit_of_work import read_transaction, rows_changed, write_transaction

COMPUTER_JOB = "computer_move"
PLAYING_PHASES = (FIGURES, PLACEMENT)

Submit = Callable[[str, Credential, dict[str, Any], str | None], Reply]
"""The one submission use case, ``service.features.actions.service.submit_action``."""

__all__ = ["COMPUTER_JOB", "bot_seed", "hand_to_computer", "play_computer_move",
           "play_for_the_computer", "play_if_waiting", "take_absent_seat"]


def bot_seed(game_seed: int, seat: int, version: int, level: str) -> int:
    """Return the bot's seed for its move at ``version``: a one-way hash of the game's
    secret seed, so the same game replays the same, and the seed tells nothing back."""
    digest = hashlib.sha256(f"{game_seed}:{seat}:{version}:{level}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_for_the_computer(session: Session, change: GameChanged) -> None:
    """React to a change of a game: if it now waits for a computer's seat, write the job
    that plays for it and hold that seat's "your move" mail."""
    game = change.game
    if game.status != ACTIVE or game.phase not in PLAYING_PHASES:
        return
    to_move = (change.state.to_move if change.state is not None
               else (game.state or {}).get("to_move"))
    if to_move is None:
        return
    seat = _seat(session, change, to_move)
    if seat is not None and seat.computer is not None:
        _write_job(session, game, to_move, f"computer:{game.id}:{game.version}")


def play_if_waiting(session: Session, game: GameRow, key_suffix: str) -> None:
    """Write the computer's job if ``game`` waits for a computer's seat now (a seat just
    handed to it, a game resumed); ``key_suffix`` makes the job's key differ from the one
    a change at the same version wrote."""
    to_move = (game.state or {}).get("to_move")
    if game.status != ACTIVE or game.phase not in PLAYING_PHASES or to_move is None:
        return
    seat = session.get(Seat, (game.id, to_move))
    if seat is not None and seat.computer is not None:
        _write_job(session, game, to_move, f"computer:{game.id}:{game.version}:{key_suffix}")


def _seat(session: Session, change: GameChanged, number: int) -> SeatRow | None:
    if change.seats is not None:
        return next((s for s in change.seats if s.seat == number), None)
    return session.get(Seat, (change.game.id, number))


def _write_job(session: Session, game: GameRow, seat: int, key: str) -> None:
    outbox.add(session, COMPUTER_JOB, {"game_id": game.id, "version": game.version,
                                       "seat": seat}, key)
    hold_turn_mail(session, game.id, seat, game.version)


def play_computer_move(game_id: str, version: int, seat: int, submit: Submit) -> None:
    """Play the computer's move for ``seat`` if the game is still at ``version`` with the
    seat to act and the seat still the computer's (else do nothing: a late or repeated job).

    Safe to run twice: the submission's idempotency key (game and version) makes a second
    run answer as the first, and a game that moved on is left alone.
    """
    with read_transaction() as session:
        game = session.get(Game, game_id)
        row = session.get(Seat, (game_id, seat))
        if (game is None or game.version != version or game.status != ACTIVE
                or is_paused(game) or row is None or row.computer is None):
            return
        level = row.computer
        state = load_state(game)
    if state is None or state.phase not in PLAYING_PHASES or state.to_move != seat:
        return
    view = engine.player_view(state, seat)
    action = choose(view, level, bot_seed(state.seed, seat, version, level))
    request = {"expected_version": version, "action": action}
    try:
        submit(game_id, VouchedSeat(game_id, seat, computer=level), request,
               f"computer:{game_id}:{version}")
    except ServiceError as refusal:
        if refusal.code != "game/stale_version":  # someone moved first: nothing to play
            raise


def hand_to_computer(game_id: str, credential: Credential, seat_text: str, level: str | None
                     ) -> dict[str, Any]:
    """Let the computer play ``seat`` at ``level`` from now on (the creator's token), or
    (``level`` None) give the seat back to its player (the creator's token, or the seat's
    own, or the seat the mail door vouched for: a player takes their seat back), whose link
    never stopped working and whose missed deadlines count from nought again. Return the
    game as the caller sees it. ``seat_text`` is the path's seat number, from 0.

    Refusals: 422 ``seat/not_found``; 409 ``seat/open`` for a seat no one has taken (the
    computer takes the seats of players, not empty chairs: fill it by invitation, or make
    it the computer's when creating the game); 403 ``auth/forbidden`` for another seat's
    token; the codes of ``check_active``.
    """
    now = clock.now()
    with write_transaction() as session:
        game, caller = authenticate_as(session, game_id, credential,
                                       kinds=(CREATOR,) if level is not None
                                       else (CREATOR, SEAT))
        check_active(game)
        seat = int(seat_text) if seat_text.isascii() and seat_text.isdigit() \
            and len(seat_text) <= 2 else -1
        row = session.get(Seat, (game_id, seat)) if seat >= 0 else None
        if row is None:
            raise ServiceError("seat/not_found", _("This game has no seat %(number)s.",
                                                   number=seat + 1 if seat >= 0
                                                   else seat_text))
        if caller.kind == SEAT and caller.seat != seat:
            raise ServiceError("auth/forbidden", _("You may take back only your own seat; "
                                                   "the game's creator decides for the "
                                                   "others."))
        if row.name is None:
            raise ServiceError("seat/open", _("Seat %(number)s is open: someone must take "
                                              "it before the computer can play it.",
                                              number=seat + 1))
        if _set_player(session, game, row, level, BY_CREATOR if caller.kind == CREATOR
                       else BY_PLAYER, now) and level is not None:
            play_if_waiting(session, game, f"handed:{seat}:{game.event_count}")
        signals.game_touched(session, game_id)
        return game_view(game, seats_of(session, game_id), caller)


def take_absent_seat(session: Session, game: Game, seat: Seat, now: datetime) -> None:
    """Let the computer play ``seat``, which has just missed a deadline, if it is absent now
    and the creator chose a level for absent seats (``games.absent_computer``), and the
    computer does not play it already; tell its player by email. Called before the reactions
    to the timeout's change, so that :func:`play_for_the_computer` plays for the seat if the
    game waits for it."""
    level = game.absent_computer
    if (level is None or seat.computer is not None or seat.name is None
            or not pace.is_absent(game, seat)):
        return
    _set_player(session, game, seat, level, BY_ABSENCE, now)
    notifications.tell_computer_plays(session, game, seat)


def _set_player(session: Session, game: Game, row: Seat, level: str | None, by: str,
                now: datetime) -> bool:
    """Write who plays ``row`` now (``level``, None: its player), with a ``computer_seat``
    event saying ``by`` whom; a seat given back counts its missed deadlines from nought.
    Return False, having written nothing, when nothing changes."""
    if row.computer == level:
        return False
    values: dict[str, Any] = {"computer": level}
    if level is None:
        values["missed_deadlines"] = 0
    changed = session.execute(update(Seat).where(Seat.game_id == game.id,
                                                 Seat.seat == row.seat).values(**values))
    assert rows_changed(changed) == 1
    session.refresh(row)
    event = append_event(session, game, {"type": COMPUTER_SEAT, "seat": row.seat,
                                         "level": level, "by": by}, now)
    hold_written(game, {"event_count": event.seq})
    game.updated_at = now
    return True
