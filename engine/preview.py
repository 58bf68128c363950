"""Where the monster would walk: for each card it may turn up next, its walk from a position.

Public information a player could work out at the table: the position, and which cards the
stage's pile still holds (never their order). The page shows it for the position after the
move being chosen, when a game's creator turned the preview on, and in a sandbox.

>>> from engine import new_game
>>> game = new_game(["red", "blue"], seed=7, start_seat=0)
>>> [(walk.card, walk.path[:3]) for walk in monster_walks(game)][:2]
[('10', ('a1', 'b1', 'c1')), ('5', ('a1', 'b1', 'c1'))]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.board import DIRECTION_LETTERS, square_name
from engine.cards import card_label, is_hit, remaining_cards
from engine.events import STEP, TELEPORT
from engine.layout import Layout
from engine.monster import Walk
from engine.state import GameState, figure_key


def next_card_odds(state: GameState) -> list[tuple[str, float]]:
    """Return each card that may come next with its probability, as the public facts give it.

    Every order of the remaining cards is equally likely; the first card of the game is never
    a hit card (RULES §4, D9), so before it only the number cards may come.
    """
    cards = remaining_cards(state.options.three_hits, state.discard)
    if not state.first_card_drawn:
        cards = [c for c in cards if not is_hit(c)]
    counts = Counter(cards)
    total = sum(counts.values())
    return [(card, n / total) for card, n in sorted(counts.items())]


@dataclass(frozen=True, slots=True)
class MonsterWalk:
    """The monster's walk for one card: the squares it stands on in turn (from where it
    stands now; a square twice when it turns and comes back), the figures it would eat, where
    it ends and facing which way, and the card's chance of coming next."""

    card: str
    chance: float
    path: tuple[str, ...]
    eaten: tuple[str, ...]
    square: str
    facing: str

    def to_dict(self) -> dict[str, Any]:
        """Return the walk as JSON-ready data."""
        return {"card": self.card, "label": card_label(self.card), "chance": self.chance,
                "path": list(self.path), "eaten": list(self.eaten), "square": self.square,
                "facing": self.facing}


def monster_walk(state: GameState, card: str, chance: float = 1.0) -> MonsterWalk:
    """Return the monster's walk for ``card`` if its turn came in ``state`` now (the figures
    yet to move standing where they stand); never mutates."""
    lay = Layout(state)
    walk = Walk(state, lay)
    walk.run(card)
    path = [square_name(state.monster.square)]
    for event in walk.events:
        if event["type"] in (STEP, TELEPORT):
            path.append(event["to"])
    return MonsterWalk(card, chance, tuple(path),
                       tuple(figure_key(state.figures[i]) for i in walk.eaten),
                       square_name(lay.monster), DIRECTION_LETTERS[lay.facing])


def monster_walks(state: GameState) -> list[MonsterWalk]:
    """Return the monster's walk for each card that may come next (:func:`next_card_odds`),
    in the order of the cards' names."""
    return [monster_walk(state, card, chance) for card, chance in next_card_odds(state)]
