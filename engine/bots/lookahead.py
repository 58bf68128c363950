"""The levels that look ahead: the rest of the game turn, then the monster over its cards.

``normal`` keeps the actions that score best at one ply. For each, the rest of the figure
phase is played by the quick default policy (:func:`engine.bots.policy.easy_action`) for every
seat, its own later figures and the other seats' replies alike; then the monster phase is
carried out once for each card that may come next, weighted by its chance (public: the deck
less the stage's discard), and the positions are scored. ``hard`` takes ``normal``'s best
first and looks at them again with the rest of the figure phase played by ``normal`` for every
seat: the replies a thinking opponent makes, not a hasty one.

The work is fixed (how many candidates; for ``hard``, how many positions scored, see
:class:`engine.bots.policy.Work`), never a clock, so the same view and seed always give the
same action.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.bots.evaluate import score
from engine.bots.policy import Work, best_of, play_out_figure_phase, ranked_actions
from engine.game import apply_action
from engine.monster_phase import resolve_monster_phase
from engine.preview import next_card_odds
from engine.rng import Rng
from engine.search import SearchCache
from engine.state import FIGURES, MONSTER, GameState

AFTER_MONSTER_DANGER = 0.5
"""After a monster phase the figures move again before the next one: its eye counts less."""


@dataclass(frozen=True, slots=True)
class Budget:
    """A level's fixed amount of work."""

    candidates: int  # actions kept, best first by the one-ply score, for the first look
    thorough: int = 0  # positions the second look may score in all (0: no second look)


NORMAL = Budget(candidates=6)
HARD = Budget(candidates=6, thorough=16_000)
FEWEST_THOROUGH = 2
"""The second look weighs at least this many candidates, whatever it costs."""
SHARES = 4
"""A candidate's rest of the turn is played by ``normal`` until it has cost this share of the
second look's work (then by the quick policy): long turns are looked at less far, for fewer
candidates; short ones for all."""


def monster_value(state: GameState, seat: int) -> float:
    """Return ``seat``'s expected score after the monster phase of ``state``, over the cards
    that may come (the score itself when ``state`` is not in the monster phase: the end)."""
    if state.phase != MONSTER:
        return score(state, seat)
    total = 0.0
    for card, chance in next_card_odds(state):
        after = resolve_monster_phase(state, card).state
        total += chance * score(after, seat, AFTER_MONSTER_DANGER)
    return total


def play_out_thoroughly(state: GameState, allowance: int, cache: SearchCache,
                        work: Work) -> GameState:
    """Play the rest of the figure phase with ``normal``'s choice for every seat until
    ``allowance`` more positions have been scored, then with the quick default policy."""
    stop = work.scored + allowance
    while state.to_move is not None and state.phase == FIGURES and work.scored < stop:
        action = look_ahead(state, NORMAL, Rng(state.version), work)
        state = apply_action(state, action, cache=cache).state
    return play_out_figure_phase(state, cache, work)


def look_ahead(state: GameState, budget: Budget, rng: Rng, work: Work | None = None) -> Action:
    """Return the action of the seat to act that the look ahead values most; ``rng`` breaks
    exact ties; ``work`` counts the positions scored."""
    seat = state.to_move
    assert seat is not None
    work = work or Work()
    cache = SearchCache()
    ranked = ranked_actions(state, cache, work)
    first = []
    for _, action, after in ranked[:budget.candidates]:
        rest = play_out_figure_phase(after, cache, work)
        first.append((monster_value(rest, seat), action, after))
    if not budget.thorough:
        return best_of([(value, action) for value, action, _ in first], rng)
    # The second look: the first look's best first, then the rest of the actions in their
    # one-ply order, until it has done its fixed amount of work (a short turn with many
    # actions is looked at for more of them).
    first.sort(key=lambda item: -item[0])
    start = work.scored
    second: list[tuple[float, Action]] = []
    for _, action, after in first + ranked[budget.candidates:]:
        if len(second) >= FEWEST_THOROUGH and work.scored - start >= budget.thorough:
            break
        rest = play_out_thoroughly(after, budget.thorough // SHARES, cache, work)
        second.append((monster_value(rest, seat), action))
    return best_of(second, rng)
