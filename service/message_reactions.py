"""Who reacts when a player posts a message to a game's table, in one place.

``service.talk`` writes the message and hands it to :func:`message_posted` in the same
transaction, as a game's change goes to ``service.reactions``; what reacts writes into that
transaction, so it is committed exactly when the message is. Today that is the webhooks
(``message.posted``, outbox rows the worker sends after the commit) and the game's open
pages (``service.signals``).

It is a module of its own, not a reaction in ``service.reactions``: that one reaches the mail
channel (``service.notifications``), and the mail channel may come to read the table (the
messages since a seat's last move, in its mails), which would make a loop. A feature takes
nothing from another (``tests/test_layers.py``), so the talk feature reaches the webhooks
through here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy.orm import Session

from service import signals
from service.webhooks.messages import write_message_posted

MessageReaction = Callable[[Session, str, int, Mapping[str, Any]], object]



def tell_the_live_pages(session: Session, game_id: str, version: int,
                        message: Mapping[str, Any]) -> None:
    """Mark the game as changed: its open pages show the message after the commit."""
    signals.game_touched(session, game_id)


REACTIONS: tuple[MessageReaction, ...] = (write_message_posted, tell_the_live_pages)


def message_posted(session: Session, game_id: str, version: int,
                   message: Mapping[str, Any]) -> None:
    """Run every reaction to a message posted in game ``game_id`` at ``version``, in the
    caller's transaction.

    ``message`` is ``{seq, seat, name, colour, text}``: public data, never a token or email.
    """
    for reaction in REACTIONS:
        reaction(session, game_id, version, message)
