"""The invitations of a new game: each seat's link mailed to its address, or held back.

An invitation to an address whose owner has never answered the service is counted per
recipient and per creating client (``service.features.mail.quotas``); one beyond a limit is
held back. That is no error for the creator: the game is still created, the seat keeps its
link (in the creator's answer, to pass on by hand), and the answer says which seats'
invitations were held back and why, in the creator's language. A held seat keeps no address
either, so no later mail of the game goes to it; its player can add their address on their
page, where it is confirmed before any mail goes to it (``service.features.links.email``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.orm import Session

from service.features.mail import quotas
from service.features.notifications import service as notifications
from service.kernel.models import Game, Seat
from service.plumbing.i18n import _, ngettext


def invite(session: Session, game: Game, seats: Sequence[Seat], links: Mapping[int, str],
           client: str) -> list[dict[str, Any]]:
    """Write the invitation of each seat with an address (its link: ``links[seat]``), or hold
    it back; return the held ones, by seat, with the reason and the creator's message.

    ``client`` is the creating client's address. Runs in the creation's transaction: the
    counts commit with the game.
    """
    invited = [(seat, seat.email) for seat in seats if seat.email is not None]
    answers = quotas.admit_invitations(session, [email for _seat, email in invited], client)
    held = []
    for (seat, _email), refusal in zip(invited, answers, strict=True):
        if refusal is None:
            notifications.send_invitation(session, game, seat, links[seat.seat])
            continue
        seat.email = seat.email_key = None
        held.append({"seat": seat.seat, "reason": refusal.reason,
                     "message": held_message(refusal)})
    return held


def held_message(held: quotas.Held) -> str:
    """Say, in the current language, why an invitation was held back and what to do."""
    if held.reason == quotas.RECIPIENT:
        why = ngettext(
            "Invitation not sent: this address has had %(num)d invitation today already and "
            "has never answered us.",
            "Invitation not sent: this address has had %(num)d invitations today already and "
            "has never answered us.", held.limit)
    else:
        why = ngettext(
            "Invitation not sent: %(num)d invitation to addresses that have never answered us "
            "went out from your connection in this hour already.",
            "Invitation not sent: %(num)d invitations to addresses that have never answered us "
            "went out from your connection in this hour already.", held.limit)
    return " ".join((why, _("Send the player their link yourself. The address was not kept: "
                            "the player can add it on their page.")))
