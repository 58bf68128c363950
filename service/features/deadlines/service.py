"""Pausing and resuming a game, and its time per move, for its creator: each one
transaction, committed once.

While a game is paused no action is taken (``game/paused``) and no deadline runs out; the
monster phase, which no player waits on, is still resolved. Resuming shifts the deadline and
the reminder time by exactly the time the game was paused. Both write an event to the log
(``paused``, ``resumed``) at the game's current version: the position does not change.
A new time per move counts from the next sub-turn: the one under way keeps the deadline
its player was given.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import update

from service.features.computer.service import play_if_waiting
from service.kernel.auth import CREATOR, authenticate
from service.kernel.game_rules import check_active, is_paused
from service.kernel.models import Game
from service.kernel.store import append_event, seats_of
from service.kernel.views import game_view
from service.kernel.vocabulary import ACTIVE, OPEN, PAUSED, RESUMED
from service.plumbing import clock, signals
from service.plumbing.clock import iso
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.i18n.words import status_name
from service.plumbing.unit_of_work import rows_changed, write_transaction


def pause_game(game_id: str, token: str | None) -> dict[str, Any]:
    """Pause a game under way (the creator's token); return the game as the creator sees it.

    Refusals: 409 ``game/already_paused``; the codes of ``check_active`` for a game that has
    not started, was cancelled or is over.
    """
    now = clock.now()
    with write_transaction() as session:
        game, caller = authenticate(session, game_id, token, kinds=(CREATOR,))
        if is_paused(game):
            raise _already_paused(game)
        check_active(game)
        paused = session.execute(
            update(Game).where(Game.id == game_id, Game.status == ACTIVE,
                               Game.paused_at.is_(None))
            .values(paused_at=now, updated_at=now)
        )
        if rows_changed(paused) != 1:
            raise _already_paused(game)
        append_event(session, game, {"type": PAUSED, "deadline": iso(game.move_deadline)},
                     now)
        signals.game_touched(session, game_id)
        return game_view(game, seats_of(session, game_id), caller)


def resume_game(game_id: str, token: str | None) -> dict[str, Any]:
    """Resume a paused game (the creator's token), shifting its deadlines by the pause.

    Refusals: 409 ``game/not_paused``; the codes of ``check_active`` for a game that has
    not started, was cancelled or is over.
    """
    now = clock.now()
    with write_transaction() as session:
        game, caller = authenticate(session, game_id, token, kinds=(CREATOR,))
        if game.status != ACTIVE:
            check_active(game)
        paused_at = game.paused_at
        if paused_at is None:
            raise ServiceError("game/not_paused", _("This game is not paused."))
        paused_for = max(now - paused_at, timedelta(0))  # a clock set back: no time
        resumed = session.execute(
            update(Game).where(Game.id == game_id, Game.status == ACTIVE,
                               Game.paused_at == paused_at)
            .values(paused_at=None, updated_at=now,
                    move_deadline=_later(game.move_deadline, paused_for),
                    reminder_at=_later(game.reminder_at, paused_for))
        )
        if rows_changed(resumed) != 1:
            raise ServiceError("game/not_paused", _("This game was resumed a moment ago."))
        append_event(session, game, {"type": RESUMED,
                                     "paused_seconds": paused_for.total_seconds(),
                                     "deadline": iso(game.move_deadline)}, now)
        # A computer's seat whose turn waited through the pause moves now.
        play_if_waiting(session, game, f"resumed:{paused_at.timestamp()}")
        signals.game_touched(session, game_id)
        return game_view(game, seats_of(session, game_id), caller)


def set_move_time_limit(game_id: str, token: str | None, seconds: int | None
                        ) -> dict[str, Any]:
    """Set the game's time per move (None: no limit), from its next sub-turn on (the
    creator's token); return the game as the creator sees it.

    The sub-turn under way keeps its deadline and reminder: its player was told them.
    Refusals: 409 ``game/ended`` for a game that is over or was cancelled.
    """
    now = clock.now()
    with write_transaction() as session:
        game, caller = authenticate(session, game_id, token, kinds=(CREATOR,))
        changed = session.execute(
            update(Game).where(Game.id == game_id, Game.status.in_((OPEN, ACTIVE)))
            .values(move_time_limit=seconds, updated_at=now)
        )
        if rows_changed(changed) != 1:
            # TRANSLATORS: %(status)s is the game's status: "finished" or "cancelled".
            raise ServiceError("game/ended", _("This game is %(status)s: it has no more moves "
                                               "to time.", status=status_name(game.status)),
                               {"status": game.status})
        signals.game_touched(session, game_id)
        session.refresh(game)
        return game_view(game, seats_of(session, game_id), caller)


def _later(moment: datetime | None, by: timedelta) -> datetime | None:
    return None if moment is None else moment + by


def _already_paused(game: Game) -> ServiceError:
    return ServiceError("game/already_paused", _("This game is paused already."),
                        {"paused_at": iso(game.paused_at)})


