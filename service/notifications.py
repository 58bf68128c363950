"""What the service tells players, written to the outbox in the transaction of the change.

:func:`notify_about` is the one place every change of a game reports to; it hands the change
to each channel (email: :mod:`service.mail.notices`). The invitation and "lost my link"
emails are written here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.orm import Session

from engine import GameState
from service import outbox
from service.mail import compose, notices
from service.mail.addresses import reply_address
from service.models import GameRow, SeatRow
from service.webhooks.messages import write_messages


def notify_about(session: Session, game: GameRow, events: Sequence[Mapping[str, Any]], *,
                 state: GameState | None = None, seats: Sequence[SeatRow] | None = None,
                 has_webhooks: bool | None = None) -> None:
    """Write the notifications that ``events`` of ``game`` call for, on every channel.

    Called in the transaction that stored the events, after the game row was updated, both
    for players' actions and for monster phases; ``events`` is empty when the game starts.
    ``state`` (the engine state the game row now holds) and ``seats`` (the game's seats in
    seat order) save reading them again when the caller has them; so does ``has_webhooks``
    (whether the game has an enabled endpoint, read in this transaction).
    """
    write_messages(session, game, events, has_webhooks=has_webhooks)
    notices.write(session, game, events, state=state, seats=seats)


def send_invitation(session: Session, game_id: str, seat: int, to: str, name: str,
                    link: str) -> None:
    """Write the email that gives a player their private link when the game is created."""
    mail = compose.invitation(name, link)
    outbox.email_job(session, to, mail.subject, mail.text, f"invite:{game_id}:{seat}",
                     html=mail.html, reply_to=reply_address(game_id, seat, session),
                     headers=notices.list_headers(game_id, seat),
                     game_id=game_id, seat=seat, topic="invite")
    notices.mark_invited(session, game_id, seat)


def send_links(session: Session, to: str, links: Sequence[tuple[str, str]],
               dedupe_key: str) -> bool:
    """Write the email that answers "I lost my link": one line per game, name and link.

    Return False when an email with ``dedupe_key`` was written before (nothing written)."""
    mail = compose.lost_links(links)
    return outbox.email_job(session, to, mail.subject, mail.text, dedupe_key, html=mail.html,
                            topic="links") is not None
