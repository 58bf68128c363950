"""The names of the events the engine writes: an event is a dict whose ``"type"`` is one of these.

Defined once here; the service, its mails and webhooks, and the page's tests (through the
fixtures ``web/tests/make_fixtures.py`` writes) compare event types with these names only.

A player's action writes one of ``MOVE``, ``FLIP`` or ``PLACE`` (and ``FLIP`` again for each
figure flipped because it could not move), then ``PHASE`` or ``GAME_OVER`` when the phase ends.
A monster phase writes ``CARD`` (after a ``FIRST_CARD_REDRAW`` on the game's first card), then
for each point of the card ``LOOK`` and one of ``STEP``, ``WALL``, ``TELEPORT``, ``STAY``, with
``TURNING_STONE``, ``PUSH`` and ``EAT`` on the way, then ``MONSTER_DONE``, ``STAGE_END`` when a
stage ends, and ``TURN`` or ``GAME_OVER``. A takeback by agreement writes ``TAKEBACK``: the
position is again the one at its ``to_version`` (``engine.takeback``).
"""

from __future__ import annotations

from typing import Final

# A player's action and the figure phase.
MOVE: Final = "move"
FLIP: Final = "flip"
PLACE: Final = "place"
PHASE: Final = "phase"

# The monster phase.
FIRST_CARD_REDRAW: Final = "first_card_redraw"
CARD: Final = "card"
LOOK: Final = "look"
STEP: Final = "step"
WALL: Final = "wall"
TURNING_STONE: Final = "turning_stone"
TELEPORT: Final = "teleport"
STAY: Final = "stay"
PUSH: Final = "push"
EAT: Final = "eat"
MONSTER_DONE: Final = "monster_done"
STAGE_END: Final = "stage_end"
TURN: Final = "turn"

# Either phase.
GAME_OVER: Final = "game_over"
TAKEBACK: Final = "takeback"

PLAYER_ACTIONS: Final = frozenset({MOVE, FLIP, PLACE})
"""The events that say what a player did (one per action, before any automatic flips)."""

EVENT_TYPES: Final = frozenset({
    MOVE, FLIP, PLACE, PHASE, FIRST_CARD_REDRAW, CARD, LOOK, STEP, WALL, TURNING_STONE,
    TELEPORT, STAY, PUSH, EAT, MONSTER_DONE, STAGE_END, TURN, GAME_OVER, TAKEBACK,
})
"""Every type of event the engine writes."""
