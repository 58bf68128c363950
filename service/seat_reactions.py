"""Who reacts when a seat is handed to a new player, in one place.

``service.games.host`` retires a seat's links and email when its creator invites someone new
to it, and hands the seat to :func:`seat_changed_hands` in the same transaction, as a game's
change goes to ``service.reactions``: what belonged to the player who left goes with them,
committed exactly when the seat changes hands. Today that is the seat's own webhooks
(the old player's addresses, which would go on hearing of the seat's moves and its table),
an email change the old player asked for and has not confirmed (confirmed later, it would
take the seat's mail back to them), and the game's open pages (``service.signals``). A
feature takes nothing from another (``tests/test_layers.py``), so the games feature reaches
the webhooks and the links through here.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.orm import Session

from service import signals
from service.links.email import forget_email_change
from service.webhooks.service import drop_seat_endpoints

SeatReaction = Callable[[Session, str, int], object]


def tell_the_live_pages(session: Session, game_id: str, seat: int) -> None:
    """Mark the game as changed: its open pages read it again after the commit."""
    signals.game_touched(session, game_id)


REACTIONS: tuple[SeatReaction, ...] = (drop_seat_endpoints, forget_email_change,
                                       tell_the_live_pages)


def seat_changed_hands(session: Session, game_id: str, seat: int) -> None:
    """Run every reaction to ``seat`` of ``game_id`` changing hands, in order."""
    for react in REACTIONS:
        react(session, game_id, seat)
