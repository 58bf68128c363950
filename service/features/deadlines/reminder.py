"""The reminder email: "your time runs out soon", to the seat to act, through the mail channel.

It follows the seat's email preference as the other game emails do (``service.features.mail``): sent
in the modes ``every_event`` and ``my_turn``, not in ``digest`` or ``none``, not while
the seat was on the game's page within the last minute, and not to an address that chose one
mail a day for all its games (``service.features.mail.daily``). It carries the seat's mail link and
the List-Unsubscribe headers of every game email; its dedupe key is the sub-turn's version.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from service.features.mail import compose, notices
from service.features.mail.compose import Mail, Reader
from service.features.mail.daily import replaces_game_mails
from service.features.mail.seats import is_active, mode_of, settings_of
from service.kernel.models import Game, Seat
from service.plumbing.i18n import _, colour_name, format_moment, ngettext

TOPIC = "reminder"


def write_reminder(session: Session, game: Game, seat: Seat, deadline: datetime,
                   now: datetime) -> None:
    """Write the reminder email of the seat to act to the outbox, if it wants one."""
    if not seat.email:
        return
    row = settings_of(session, game.id).get(seat.seat)
    mode = mode_of(row)
    if mode not in notices.SENDING_MODES or is_active(row, now):
        return
    if replaces_game_mails(session, seat.email):
        return  # the address gets one mail a day for all its games instead
    with notices.in_seat_language(game, seat):
        mail = reminder_mail(notices.reader_of(session, game, seat, mode), deadline, now)
    notices.write_mail(session, seat, mail, TOPIC,
                       f"mail:{game.id}:{seat.seat}:{TOPIC}:{game.version}")


def reminder_mail(reader: Reader, deadline: datetime, now: datetime) -> Mail:
    """Return the reminder's subject, text and HTML."""
    minutes = max(1, round((deadline - now).total_seconds() / 60))
    said = [
        # TRANSLATORS: %(deadline)s is a day and time.
        ngettext("It is your move (%(colour)s) in %(game)s, and your time runs out at "
                 "%(deadline)s, in about %(num)d minute.",
                 "It is your move (%(colour)s) in %(game)s, and your time runs out at "
                 "%(deadline)s, in about %(num)d minutes.", minutes,
                 colour=colour_name(reader.colour), game=reader.game_name,
                 deadline=format_moment(deadline)),
        _("If it runs out, your figure with the lowest number that has not moved yet is "
          "flipped where it stands, and play goes on."),
    ]
    return compose.game_mail(reader, reader.subject(_("Your move: time runs out soon")),
                             [("", line) for line in said], None, _("Make your move"))
