"""The two small HTML pages of the unsubscribe link: confirm, and done."""

from __future__ import annotations

from html import escape
from typing import Any

from service.features.mail import markup
from service.features.mail.compose import MODE_SENTENCES


def confirm_page(found: dict[str, Any], path: str) -> str:
    """Return the page that asks to confirm (a form that POSTs to the same link)."""
    form = (f'<form method="post" action="{escape(path, quote=True)}">'
            '<input type="hidden" name="List-Unsubscribe" value="One-Click">'
            '<button type="submit">Stop the emails</button></form>')
    now = (f"Seat {found['seat'] + 1} of game {found['game_id']}: "
           f"{MODE_SENTENCES[found['email_mode']]}")
    return markup.document("Stop the emails about this game?", [markup.paragraph(now), form], "")


def done_page(found: dict[str, Any]) -> str:
    """Return the page that says the seat gets no more emails."""
    done = (f"Seat {found['seat'] + 1} of game {found['game_id']} gets no more emails. You can "
            "turn them on again from the game's page.")
    return markup.document("You will get no more emails about this game",
                           [markup.paragraph(done)], "")
