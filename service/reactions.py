"""Who reacts when a game changes, in one place: :func:`game_changed`.

Every use case that changes a started game (an action, a monster phase, a timeout, the
start itself) writes the change and hands the :class:`~service.changes.GameChanged` fact
here, in the same transaction. The reactions run in this order, each writing into that
transaction, so each is committed exactly when the change is:

1. the monster phase, when the figures' phase just ended: an outbox job, which the worker
   resolves after the commit (``worker.monster_job``);
2. the deadline of the sub-turn the game now waits for (``service.timing``);
3. the turn plans: when the figure phase ends they are cleared; when the game now waits for
   a seat with a plan, an outbox job plays it (``worker.plans``) and that seat's "your
   move" mail is held, so it must run before the notifications (``service.plans``);
4. the computer players: when the game now waits for a seat the computer plays, an outbox
   job plays for it (``worker.computer``) and that seat's "your move" mail is held
   (``service.computer``);
5. the notifications: emails and webhook messages, as outbox rows (``service.notifications``),
   which the worker sends after the commit (``worker.mail``, ``worker.webhooks``);
6. the game's open pages: the game is marked as changed, and after the commit every web
   process streaming it hears of it (``service.signals``, ``service.live``).

Nothing here talks to the outside world: what reaches it goes through the outbox, after the
commit. A new feature that must hear of every change of a game adds its reaction here.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.orm import Session

from engine.state import MONSTER
from service import notifications, outbox, signals
from service.changes import GameChanged
from service.computer.service import play_for_the_computer
from service.plans.service import follow_the_plans
from service.timing import start_sub_turn

Reaction = Callable[[Session, GameChanged], None]


def schedule_monster_phase(session: Session, change: GameChanged) -> None:
    """Write the job that resolves the monster phase the game has just entered."""
    if change.game.phase == MONSTER:
        outbox.monster_phase_job(session, change.game.id, change.game.version)


def time_the_sub_turn(session: Session, change: GameChanged) -> None:
    """Set the deadline of the sub-turn the game now waits for (none without a limit)."""
    start_sub_turn(session, change.game)


def notify(session: Session, change: GameChanged) -> None:
    """Write the emails and webhook messages the change calls for."""
    notifications.notify_about(session, change.game, change.events, state=change.state,
                               seats=change.seats, has_webhooks=change.has_webhooks)


def tell_the_live_pages(session: Session, change: GameChanged) -> None:
    """Mark the game as changed: after the commit, its open pages hear of it
    (``service.signals``, ``service.live``)."""
    signals.game_touched(session, change.game.id)


REACTIONS: tuple[Reaction, ...] = (schedule_monster_phase, time_the_sub_turn,
                                   follow_the_plans, play_for_the_computer, notify,
                                   tell_the_live_pages)


def game_changed(session: Session, change: GameChanged) -> None:
    """Run every reaction to ``change`` in the caller's transaction, in order."""
    for reaction in REACTIONS:
        reaction(session, change)
