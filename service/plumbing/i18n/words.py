"""The game's own words said in the reader's language: the seats' colours."""

from __future__ import annotations

from service.plumbing.i18n.setup import _


def colour_name(colour: str) -> str:
    """A seat's colour (``green``, ...) as its reader says it; unknown colours as given."""
    names = {
        "green": _("green"), "red": _("red"), "blue": _("blue"), "yellow": _("yellow"),
        "beige": _("beige"), "purple": _("purple"), "black": _("black"),
    }
    return names.get(colour, colour)


def status_name(status: str) -> str:
    """A game's status (``finished``, ...) as its reader says it, to fit "This game is ..."."""
    names = {
        "open": _("open"), "active": _("under way"), "finished": _("finished"),
        "cancelled": _("cancelled"),
    }
    return names.get(status, status)


def level_name(level: str) -> str:
    """A computer player's level (``easy``, ...) as its reader says it."""
    # TRANSLATORS: the levels at which the computer plays a seat
    names = {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")}
    return names.get(level, level)
