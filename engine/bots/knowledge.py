"""What a computer player knows: the player view, and the game states it may stand for.

A bot never sees the pile's order, the game's seed or its generator's state (the view drops
them). Which cards remain is public: the stage's cards are the whole deck less this stage's
discard. To simulate, the bot rebuilds a state from the view with a pile and a generator of
its own, both drawn from the seed the caller passes.
"""

from __future__ import annotations

from typing import Any

from engine.cards import remaining_cards
from engine.position import state_from_dict
from engine.rng import Rng
from engine.state import GameState

VIEW_ONLY_FIELDS = ("cards_left", "viewer", "legal")
"""What a view adds to the position format; the rest is the position less its secrets."""


def sampled_pile(view: dict[str, Any], rng: Rng) -> list[str]:
    """Return one order of the remaining cards, shuffled with the bot's own generator."""
    cards = remaining_cards(bool(view["options"].get("three_hits")), view["discard"])
    rng.shuffle(cards)
    return cards


def state_from_view(view: dict[str, Any], pile: list[str] | tuple[str, ...],
                    rng_seed: int) -> GameState:
    """Rebuild a game state from a player view, with ``pile`` and a generator seeded with
    ``rng_seed`` in place of the secrets the view leaves out."""
    data = {key: value for key, value in view.items() if key not in VIEW_ONLY_FIELDS}
    data["pile"] = list(pile)
    data["seed"] = rng_seed
    data["rng"] = rng_seed
    return state_from_dict(data)
