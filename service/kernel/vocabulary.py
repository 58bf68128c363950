"""The service's own words for a game, defined once: its statuses and its log events.

The engine owns the words of the rules (phases, event types: ``engine``); these are what the
service adds around a game. A status is a ``str`` enum, so it is stored, compared and sent
as the plain string (``"active"``).
"""

from __future__ import annotations

from enum import StrEnum


class GameStatus(StrEnum):
    """Where a game is in its life: waiting for players, under way, over, or cancelled."""

    OPEN = "open"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"


OPEN = GameStatus.OPEN
ACTIVE = GameStatus.ACTIVE
FINISHED = GameStatus.FINISHED
CANCELLED = GameStatus.CANCELLED
STATUSES = tuple(GameStatus)
"""Every status, in the order of a game's life (the OpenAPI document lists them so)."""


# The events the service writes into a game's log beside the engine's (``engine.events``):
# a deadline note, and the reason written before the flip of a seat that ran out of time.
TIMEOUT = "timeout"
"""A seat's time ran out; the engine's events of the flip made for it follow."""
REMINDER = "reminder"
"""The seat to act was reminded that its time runs out soon."""
PAUSED = "paused"
"""The creator paused the game."""
RESUMED = "resumed"
"""The creator resumed the game."""
VACATION = "vacation"
"""A seat's deadline passed and days of its vacation were spent: the deadline moved on."""
NUDGED = "nudged"
"""A seat (or the creator) nudged the seat the game waits for."""
COMPUTER_LEVELS = ("easy", "normal", "hard")
"""The levels at which the computer plays a seat (``engine.bots``, docs/bots.md)."""
COMPUTER = "computer"
"""The computer played the action whose engine events follow, for the seat, at its level."""
COMPUTER_SEAT = "computer_seat"
"""The computer took a seat at ``level``, or (``level`` null) gave it back; ``by`` says why:
the creator chose it, the seat's own player took it back, or the seat became absent."""
BY_CREATOR, BY_PLAYER, BY_ABSENCE = "creator", "player", "absent"
"""Who handed a seat to the computer or took it back (a ``computer_seat`` event's ``by``)."""
TAKEBACK_ASKED = "takeback_asked"
"""A seat asked to take back its last action; the seats whose actions it would take back too
(or the seat to act next) are asked to agree (``service.features.takebacks``)."""
TAKEBACK_DECLINED = "takeback_declined"
"""A seat asked to agree said no, or the seat that asked withdrew: nothing was taken back."""
SERVICE_EVENT_TYPES = (TIMEOUT, REMINDER, PAUSED, RESUMED, VACATION, NUDGED, COMPUTER,
                       COMPUTER_SEAT, TAKEBACK_ASKED, TAKEBACK_DECLINED)


class Takebacks(StrEnum):
    """How a game's seats may take back their last action (the creator chooses): with the
    agreement of those it would concern, freely until the next seat acts (then by
    agreement), or not at all."""

    AGREEMENT = "agreement"
    FREE = "free"
    OFF = "off"


TAKEBACK_MODES = tuple(Takebacks)
