"""What the service tells players, written to the outbox in the transaction of the change.

The invitation and "lost my link" emails are written here. :func:`notify_about` is where the
notifications issue writes "it is your turn" and "the game is over" messages (email or
webhook outbox rows) for the events of each change; until then it writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

from service import outbox
from service.models import Game


def notify_about(session: Session, game: Game, events: Sequence[dict[str, Any]]) -> None:
    """Write the notifications that ``events`` of ``game`` call for (none yet: worker issue).

    Called in the transaction that stored the events, after the game row was updated, both
    for players' actions and for monster phases; ``events`` is empty when the game starts.
    """


def send_invitation(session: Session, game_id: str, seat: int, to: str, name: str,
                    link: str) -> None:
    """Write the email that gives a player their private link when the game is created."""
    text = (
        f"Hello {name},\n\n"
        "you have been invited to a game of Fearsome Floors, played by mail.\n"
        "This is your private link; it lets you play, so keep it to yourself:\n\n"
        f"  {link}\n\n"
        "If you lose it, ask for it again on the game page with this email address.\n"
    )
    outbox.email_job(session, to, "Your seat in a game of Fearsome Floors", text,
                     f"invite:{game_id}:{seat}")


def send_links(session: Session, to: str, links: Sequence[tuple[str, str]],
               dedupe_key: str) -> None:
    """Write the email that answers "I lost my link": one line per game, name and link."""
    lines = "\n".join(f"  {name}: {link}" for name, link in links)
    text = (
        "Hello,\n\n"
        "you asked for your links to your games of Fearsome Floors. Here they are:\n\n"
        f"{lines}\n\n"
        "The links you were first given keep working; those in any earlier email like this\n"
        "one do not. If you did not ask for this, you can ignore this email.\n"
    )
    outbox.email_job(session, to, "Your links to Fearsome Floors", text, dedupe_key)
