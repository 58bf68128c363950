"""Monster cards: a number of steps, or a number of figures to catch (RULES §2, §4)."""

from __future__ import annotations

from collections import Counter

from engine.errors import InvalidPosition
from engine.texts import N_

BASIC_CARDS: tuple[str, ...] = ("5", "7", "7", "8", "8", "10", "1hit", "2hits")
THREE_HITS_CARDS: tuple[str, ...] = ("3hits", "7", "7", "8", "8", "10", "1hit", "2hits")
CARD_NAMES = frozenset({"5", "7", "8", "10", "1hit", "2hits", "3hits"})

MAX_HIT_STEPS = 20
"""A hit card never makes the monster walk more than 20 steps (RULES §3.3)."""

CARDS_PER_STAGE = 7
"""A stage ends once the second-to-last card of the pile has been carried out (RULES §4)."""


def deck(three_hits: bool) -> tuple[str, ...]:
    """Return the eight cards of a game, with the 5 replaced by "3 hits" in that variant."""
    return THREE_HITS_CARDS if three_hits else BASIC_CARDS


def remaining_cards(three_hits: bool, discard: list[str] | tuple[str, ...]) -> list[str]:
    """Return the cards still in the stage's pile, sorted: the deck less the stage's discard
    (public: only their order is secret)."""
    left = Counter(deck(three_hits))
    left.subtract(discard)
    return sorted(left.elements())


def check_card(card: str) -> str:
    """Return ``card`` if it names a monster card, else refuse it."""
    if card not in CARD_NAMES:
        raise InvalidPosition.said(
            N_("%(card)r is not a monster card (5, 7, 8, 10, 1hit, 2hits, 3hits)"), card=card)
    return card


def is_hit(card: str) -> bool:
    """Return True for the "1 hit", "2 hits" and "3 hits" cards."""
    return card.endswith("hit") or card.endswith("hits")


def hits(card: str) -> int:
    """Return how many figures a hit card asks for (0 for a number card)."""
    return int(card[0]) if is_hit(card) else 0


def steps(card: str) -> int:
    """Return how many steps a number card gives (0 for a hit card)."""
    return 0 if is_hit(card) else int(card)


def card_label(card: str) -> str:
    """Return the card as printed: ``8`` or ``2 hits``."""
    if is_hit(card):
        n = hits(card)
        return f"{n} hit" if n == 1 else f"{n} hits"
    return card
