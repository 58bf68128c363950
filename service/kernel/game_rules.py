"""Whether a game takes actions now: what the service decides around the engine's rules.

The engine says whose turn it is and in which phase; the service adds a game's life around
it: waiting for players, cancelled, paused by its creator. Every use case that acts on a
game (a submission, a reply by mail, a pause) asks :func:`check_active` first.
"""

from __future__ import annotations

import engine
from service.kernel.models import GameRow
from service.kernel.vocabulary import ACTIVE, CANCELLED, OPEN
from service.plumbing.clock import iso
from service.plumbing.errors import ServiceError, from_engine
from service.plumbing.i18n import _, ngettext


def check_active(game: GameRow) -> None:
    """Refuse actions on a game that has not started, was cancelled, is over or paused."""
    if game.status == OPEN:
        raise ServiceError("game/not_started",
                           ngettext("This game waits for %(num)d more player.",
                                    "This game waits for %(num)d more players.",
                                    game.seats_open),
                           {"seats_open": game.seats_open})
    if game.status == CANCELLED:
        raise ServiceError("game/cancelled", _("This game was cancelled."))
    if game.status != ACTIVE:
        raise from_engine(engine.GameOver.said("the game is over; no more actions are taken"))
    check_not_paused(game)


def is_paused(game: GameRow) -> bool:
    """True while the creator has paused the game (it must be under way)."""
    return game.status == ACTIVE and game.paused_at is not None


def check_not_paused(game: GameRow) -> None:
    """Refuse an action on a game its creator has paused (409 ``game/paused``)."""
    if is_paused(game):
        raise ServiceError("game/paused",
                           _("The creator has paused this game; moves are taken again once "
                             "they resume it."), {"paused_at": iso(game.paused_at)})
