"""What happened to a game, as a fact: :class:`GameChanged`.

The store writes a change of a game (a player's action, a monster phase, a timeout) and
returns this fact; the game's start makes one too. It says what the row now holds and what
happened; it decides nothing. Who reacts to it, and how, is ``service.reactions``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import GameState
from service.kernel.models import GameRow, SeatRow, WrittenAction, WrittenEvent


@dataclass(frozen=True, slots=True)
class Listeners:
    """Who hears of a game's changes besides the mail, as the change's own read found it:
    an enabled webhook endpoint, a seat's device to push to."""

    webhooks: bool
    devices: bool


@dataclass(frozen=True, slots=True)
class GameChanged:
    """A change of a game, as written in the current transaction.

    ``game`` holds the values just written. ``state`` is the engine state it now holds, or
    None when the one reacting should read it from the row; ``events`` are the engine's
    events, none when the game has just started. ``seats`` (in seat order) and
    ``listeners`` are what the transaction read already, or None when not asked.
    ``action`` and ``written_events`` are the log rows the store wrote.
    """

    game: GameRow
    events: Sequence[Mapping[str, Any]] = ()
    state: GameState | None = None
    seats: Sequence[SeatRow] | None = None
    listeners: Listeners | None = None
    action: WrittenAction | None = None
    written_events: Sequence[WrittenEvent] = ()

    @property
    def is_start(self) -> bool:
        """True when the game has just started (no events: nothing was played yet)."""
        return not self.events
