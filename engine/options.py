"""Rule options: one frozen value chosen when a game is created and stored with it forever."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from engine.errors import InvalidSetup
from engine.texts import N_


@dataclass(frozen=True, slots=True)
class Options:
    """The rules a game is played under, so an old game replays under its own rules.

    * ``experienced``: the game for experienced players (17 tiles placed by the players).
    * ``random_setup``: in the experienced game, place the 17 tiles from the game's seed.
    * ``three_hits``: for 6–7 players, the 5 card becomes "3 hits" (RULES §2).
    * ``online_teleporter_rule``: the online site's teleporter placement limit (RULES §7).
    * ``open_exit``: in the experienced game, a teleporter may not be placed where it would
      leave no walk from ``p11`` to ``a1`` (teleporters are walls for figures; pools can be
      crossed and stones pushed), so the doors are never sealed for the whole game.
    """

    experienced: bool = False
    random_setup: bool = False
    three_hits: bool = False
    online_teleporter_rule: bool = False
    open_exit: bool = False

    def to_dict(self, *, changed_only: bool = False) -> dict[str, bool]:
        """Return the options as JSON-ready data (every state written or shown makes this, so
        not with ``dataclasses.asdict``, which deep-copies and costs ten times as much).

        ``changed_only``: only the options that differ from their defaults, as a game is
        stored: a release that predates an option (its reader refuses names it does not
        know) still reads every game that leaves it off, so a rollback keeps those games; a
        game that turns it on stays unreadable there, which is right, as that release cannot
        play its rules."""
        if changed_only:
            return {name: getattr(self, name) for name in _NAMES
                    if getattr(self, name) != _DEFAULTS[name]}
        return {name: getattr(self, name) for name in _NAMES}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Options:
        """Build options from JSON data; unknown keys and non-boolean values are refused."""
        data = dict(data or {})
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise InvalidSetup.said(N_("unknown rule option(s): %(names)s"),
                                    {"names": ", ".join(unknown)}, options=unknown)
        for key, value in data.items():
            if not isinstance(value, bool):
                raise InvalidSetup.said(
                    N_("rule option %(key)r must be true or false, got %(value)r"),
                    {"key": key, "value": value})
        return cls(**data)

    def check(self, player_count: int) -> None:
        """Refuse options that do not fit the number of players."""
        if self.three_hits and player_count < 6:
            raise InvalidSetup.said(
                N_("the '3 hits' card is a variant for 6-7 players, not %(players)s"),
                {"players": player_count}, option="three_hits")
        placing = [name for name in EXPERIENCED_ONLY if getattr(self, name)]
        if placing and not self.experienced:
            raise InvalidSetup.said(
                N_("random set-up and the teleporter placement rules belong to the experienced "
                   "game"),
                option=placing[0])


_NAMES = tuple(f.name for f in fields(Options))
_DEFAULTS = {f.name: f.default for f in fields(Options)}
EXPERIENCED_ONLY = ("random_setup", "online_teleporter_rule", "open_exit")
"""The options that belong to the experienced game (its placement phase)."""
