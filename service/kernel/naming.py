"""What people call a game: its name, or for a game without one, a name from its id."""

from __future__ import annotations

from service.kernel.models import GameRow
from service.plumbing.i18n import _

SHORT_ID = 6


def default_name(game_id: str) -> str:
    """Return the name of a game its creator did not name: ``Game`` and its id's start, in
    the current language."""
    # TRANSLATORS: the name of a game its creator did not name; %(id)s is like "a1b2c3".
    return _("Game %(id)s", id=game_id[:SHORT_ID])


def game_name(game: GameRow) -> str:
    """Return the game's name as its players read it in subjects, mails and on the page."""
    return game.name or default_name(game.id)
