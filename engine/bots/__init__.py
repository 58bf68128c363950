"""Computer players: ``choose(view, level, seed)`` returns the action a bot takes.

A bot reads only the player view of the seat to act (``engine.view.player_view``): never the
pile's order, the game's seed or its generator. ``seed`` is the caller's (the service derives
it from the game's secret seed, the seat and the version by a one-way hash); the bot draws its
own guesses of the pile and breaks ties with it, so the same view, level and seed always give
the same action. Every level does a fixed amount of work, never a clock's worth.

Levels (``LEVELS``): ``random`` (any legal action), ``easy`` (one ply: progress, escapes and
the monster's line of sight), ``normal`` (plays the game turn out and weighs the monster phase
over the cards that may come) and ``hard`` (one game turn further). See ``docs/bots.md``.

>>> from engine import new_game, player_view
>>> game = new_game(["red", "blue"], seed=7, start_seat=0)
>>> action = choose(player_view(game, 0), "easy", seed=1)
>>> action["type"], action["figure"].startswith("red")
('move', True)
>>> choose(player_view(game, 0), "easy", seed=1) == action
True
"""

from __future__ import annotations

from typing import Any

from engine.actions import action_to_dict
from engine.bots.knowledge import sampled_pile, state_from_view
from engine.bots.lookahead import HARD, NORMAL, look_ahead
from engine.bots.placing import random_placement, scored_placement
from engine.bots.policy import easy_action
from engine.errors import InvalidSetup, WrongPhase
from engine.rng import Rng

LEVELS = ("random", "easy", "normal", "hard")

__all__ = ["LEVELS", "choose", "state_from_view"]


def choose(view: dict[str, Any], level: str, seed: int) -> dict[str, Any]:
    """Return the action (as the API takes it: ``action_from_dict``'s form) that a bot of
    ``level`` takes for the seat to act in ``view``; the same inputs give the same action.

    Raises ``InvalidSetup`` for an unknown level and ``WrongPhase`` when nobody is to act.
    """
    if level not in LEVELS:
        raise InvalidSetup.said("%(level)r is not a computer player's level (%(levels)s)",
                                {"level": level, "levels": ", ".join(LEVELS)}, level=level)
    legal = view["legal"]
    rng = Rng(seed)
    if legal["kind"] == "placement":
        if level in ("random", "easy"):
            return random_placement(view, rng, sensible=level == "easy")
        return scored_placement(view, rng)
    if legal["kind"] != "figure":
        raise WrongPhase.said("nobody is to act in the %(phase)s phase", phase=view["phase"])
    if level == "random":
        return _random_figure_action(legal, rng)
    only = _only_action(legal)
    if only is not None:
        return only
    state = state_from_view(view, sampled_pile(view, rng), rng.next_u64())
    if level == "easy":
        action = easy_action(state, rng)
    else:
        action = look_ahead(state, NORMAL if level == "normal" else HARD, rng)
    return action_to_dict(action)


def _only_action(legal: dict[str, Any]) -> dict[str, Any] | None:
    """Return the one action of the listing when there is no choice (a single figure left,
    which may only flip), else None."""
    figures = legal["figures"]
    if len(figures) == 1 and not figures[0]["moves"]:
        return {"type": "flip", "figure": figures[0]["figure"]}
    return None


def _random_figure_action(legal: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """Return a random figure's random move, or its flip (always when it cannot move, else
    one time in twenty), as :func:`engine.autoplay.random_action` plays."""
    figure = rng.choice(legal["figures"])
    moves = figure["moves"]
    if not moves or rng.below(20) == 0:
        return {"type": "flip", "figure": figure["figure"]}
    move = rng.choice(moves)
    return {"type": "move", "figure": move["figure"], "path": move["path"]}
