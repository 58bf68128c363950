"""A nudge: a seat, or the creator, reminds the seat the game waits for that it is its move.

At most one nudge a game in ``NUDGE_INTERVAL`` (24 hours, ``service.kernel.views``, which shows
when the next may go), whoever sends it: a nudge is a tap on the shoulder, and one a day is
what a correspondence table tolerates. It is claimed with a conditional UPDATE of the game
row (``nudged_at`` still empty or a day old, the version read), so two players nudging at
once send one, and a move made meanwhile is not nudged for. It goes to the nudged seat by
email (if it has an address and has not turned the game's emails off) and to the webhooks as
``turn.nudged`` (``service.features.notifications.send_nudge``), and is written to the log as a
``nudged`` event at the game's current version: the position does not change, nobody's
move goes stale.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import or_, update

from service.features.notifications import service as notifications
from service.kernel.auth import CREATOR, SEAT, Credential, authenticate_as
from service.kernel.models import Game, GameRow, Seat
from service.kernel.store import append_event
from service.kernel.views import NUDGE_INTERVAL
from service.kernel.vocabulary import ACTIVE, CANCELLED, NUDGED, OPEN
from service.plumbing import clock, signals
from service.plumbing.clock import iso
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _, format_moment
from service.plumbing.unit_of_work import rows_changed, write_transaction


def nudge(game_id: str, credential: Credential) -> dict[str, Any]:
    """Nudge the seat the game waits for (a seat's token, or the creator's; or a seat the mail
    door vouched for); return whom, when, and when the game may be nudged next.

    Refusals: 403 for the spectators' token; 409 ``nudge/nobody_to_nudge`` when nobody is to
    act (the game has not started, is paused, in the monster phase, over or cancelled); 422
    ``nudge/yourself`` for the seat to act; 429 ``nudge/too_soon`` within a day of the
    game's last nudge, with ``next_nudge_at`` and Retry-After; 409 ``nudge/moved_on`` when a
    move was made while the nudge was being sent.
    """
    now = clock.now()
    with write_transaction() as session:
        game, caller = authenticate_as(session, game_id, credential, kinds=(SEAT, CREATOR))
        to_move = _waited_for(game)
        if caller.kind == SEAT and caller.seat == to_move:
            raise ServiceError("nudge/yourself", _("It is your own move: nobody else to nudge."),
                               {"seat": to_move})
        _check_not_too_soon(game, now)
        claimed = session.execute(
            update(Game).where(Game.id == game_id, Game.version == game.version,
                               Game.status == ACTIVE, Game.paused_at.is_(None),
                               or_(Game.nudged_at.is_(None),
                                   Game.nudged_at <= now - NUDGE_INTERVAL))
            .values(nudged_at=now)
        )
        if rows_changed(claimed) != 1:
            session.refresh(game)  # someone nudged, moved or paused a moment ago: say which
            _waited_for(game)
            _check_not_too_soon(game, now)
            raise ServiceError("nudge/moved_on", _("The game moved on a moment ago: look at "
                                                   "whose move it is now."),
                               {"version": game.version})
        seat = session.get(Seat, (game_id, to_move))
        assert seat is not None
        by = caller.seat if caller.kind == SEAT else None
        append_event(session, game, {"type": NUDGED, "seat": to_move, "by": by}, now)
        notifications.send_nudge(session, game, seat, by)
        signals.game_touched(session, game_id)
        return {"seat": to_move, "by": by, "emailed": bool(seat.email),
                "nudged_at": iso(now), "next_nudge_at": iso(now + NUDGE_INTERVAL)}


def _waited_for(game: Game) -> int:
    """Return the seat the game waits for, or refuse: nobody is to act."""
    to_move = (game.state or {}).get("to_move") if game.status == ACTIVE else None
    reason = ("not_started" if game.status == OPEN else "cancelled"
              if game.status == CANCELLED else "over" if game.status != ACTIVE
              else "paused" if game.paused_at is not None
              else "monster" if to_move is None else None)
    if reason is None:
        assert to_move is not None
        return int(to_move)
    message = {
        "not_started": _("Nobody is to move now: the game has not started."),
        "cancelled": _("Nobody is to move now: the game was cancelled."),
        "over": _("Nobody is to move now: the game is over."),
        "paused": _("Nobody is to move now: the creator has paused the game."),
        "monster": _("Nobody is to move now: the monster is moving."),
    }[reason]
    raise ServiceError("nudge/nobody_to_nudge", message, {"reason": reason})


def _check_not_too_soon(game: GameRow, now: datetime) -> None:
    allowed = None if game.nudged_at is None else game.nudged_at + NUDGE_INTERVAL
    if allowed is not None and allowed > now:
        raise _too_soon(allowed, now)


def _too_soon(allowed: datetime, now: datetime) -> ServiceError:
    wait = max(1, int((allowed - now).total_seconds() + 0.999))
    # TRANSLATORS: %(moment)s is a day and time.
    return ServiceError("nudge/too_soon", _("This game was nudged less than a day ago. One "
                                            "nudge a day: the next may go at %(moment)s.",
                                            moment=format_moment(allowed)),
                        {"next_nudge_at": iso(allowed)}, {"Retry-After": str(wait)})

