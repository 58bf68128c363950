"""The emails that ask a player something about the table, and tell the answer: a takeback
to agree to or not and what became of one's own; a rematch to play or not, and one that
lapsed.

Like :mod:`.compose`, functions here take plain values and return a
:class:`~service.features.mail.compose.Mail`; they read no database.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.features.mail.compose import Mail, Reader, game_mail
from service.features.mail.words import said_as
from service.plumbing.i18n import _, current_language


def _quoted(command: str) -> str:
    """Return a command word quoted as the reader writes it (``'yes'``, ``'ja'``)."""
    return f"'{said_as(command, current_language())}'"


def takeback_asked(reader: Reader, asker: str, undone: Sequence[str], diagram: str) -> Mail:
    """Return the email that asks the reader to agree that ``asker`` (``Ann (green)``) takes
    back their last move and the ``undone`` moves after it (each ``Ann (green): green 5
    +NNW``), and how to answer."""
    sections: list[tuple[str, str | list[str]]] = [
        # TRANSLATORS: %(who)s is a player, "Ann (green)".
        ("", _("%(who)s asks to take back their last move in %(game)s. It would take back:",
               who=asker, game=reader.game_name)),
        ("", list(undone)),
        # TRANSLATORS: %(yes)s and %(no)s are the words a reply is, quoted: 'yes', 'no'.
        ("", _("Reply %(yes)s to agree or %(no)s to keep the game as it is; or answer on the "
               "game's page. If you move instead, the moves stand.", yes=_quoted("yes"),
               no=_quoted("no")))]
    return game_mail(reader, reader.subject(_("%(who)s asks to take back a move", who=asker)),
                     sections, diagram, _("Answer on the page"), playing=False)


def takeback_declined(reader: Reader, by: str) -> Mail:
    """Return the email that tells the reader ``by`` said no to their takeback."""
    return game_mail(reader, reader.subject(_("Your move stands")),
                     [("", _("%(who)s said no: your move stands, and the game goes on from "
                             "where it is.", who=by))], None, _("See the game"),
                     playing=False)


def rematch_asked(reader: Reader, asker: str | None, starts_by: str,
                  players: Sequence[str]) -> Mail:
    """Return the email that asks the reader to play a rematch: who asked (None: the game's
    creator), with whom, until when the others may answer, and how to answer."""
    who = asker or _("The game's creator")
    sections: list[tuple[str, str | list[str]]] = [
        # TRANSLATORS: %(who)s is a player, "Ann (green)", or "The game's creator".
        ("", _("%(who)s asks for a rematch of %(game)s, with the same players:", who=who,
               game=reader.game_name)),
        ("", list(players)),
        # TRANSLATORS: %(yes)s and %(no)s are the words a reply is, quoted; %(moment)s a day
        # and time.
        ("", _("Reply %(yes)s to play or %(no)s to sit this one out, or answer on the game's "
               "page. The game starts once everyone has answered, or at %(moment)s with those "
               "who said yes; your new link comes by email then.", yes=_quoted("yes"),
               no=_quoted("no"), moment=starts_by))]
    return game_mail(reader, reader.subject(_("A rematch? %(who)s asks", who=who)), sections,
                     None, _("Answer on the page"), playing=False)


def rematch_lapsed(reader: Reader) -> Mail:
    """Return the email that tells the reader the rematch did not start: too few said yes."""
    return game_mail(reader, reader.subject(_("No rematch this time")),
                     [("", _("Fewer than two players said yes in time, so the rematch of "
                             "%(game)s does not start. Anyone may ask again from the game's "
                             "page.", game=reader.game_name))], None, _("See the game"),
                     playing=False)
