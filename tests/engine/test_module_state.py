"""The engine keeps no state between calls: no module-level value changes while games are played.

Its only memory is a few ``functools`` caches of pure functions of immutable arguments, listed
here with the reason for each; a new one has to be added to the list on purpose.
"""

from __future__ import annotations

import copy
import functools
import importlib
import pkgutil
import random
import types
from typing import Any

import engine
from engine import (
    Options,
    diagram,
    format_action,
    narrate_monster,
    parse_action,
    player_view,
    state_from_dict,
    state_to_dict,
    timeout_action,
)
from engine.autoplay import random_game
from engine.bots import choose

MODULES = sorted(info.name for info in pkgutil.walk_packages(engine.__path__, "engine."))

ALLOWED_CACHES = {
    # The steps a figure may take with the monster and these teleporter squares blocked.
    "engine.search.open_steps",
    # Pool and teleporter squares of a tuple of pools and one of teleporters (frozen values).
    "engine.layout._tiles",
    # How evolve() copies a dataclass: its fields never change.
    "engine.state._shape",
    # Each square's walking distance to the exit with these teleporters (frozen values),
    # read-only: a bot scores every position it looks at with it.
    "engine.bots.evaluate.exit_distances",
}

CONTAINERS = (dict, list, set, bytearray)


def module_values() -> dict[str, Any]:
    """Return every module-level value of the engine that is not a module, class or function."""
    values = {}
    for name in MODULES:
        module = importlib.import_module(name)
        for key, value in vars(module).items():
            if key.startswith("__") or isinstance(value, (types.ModuleType, type)) or callable(
                    value):
                continue
            values[f"{name}.{key}"] = value
    return values


def snapshot() -> dict[str, tuple[int, Any]]:
    """Return each value's identity, and a deep copy of each mutable container."""
    return {key: (id(value), copy.deepcopy(value) if isinstance(value, CONTAINERS) else None)
            for key, value in module_values().items()}


def play_a_little() -> None:
    """Use the engine's whole public face on a few games."""
    rnd = random.Random(5)
    for seed, options in ((1, Options()), (2, Options(experienced=True)),
                          (3, Options(experienced=True, random_setup=True))):
        for action, t in random_game(3 + seed, seed, options):
            state = t.state
            state_from_dict(state_to_dict(state))
            if rnd.random() < 0.2:
                player_view(state, state.to_move)
                diagram(state)
                if state.to_move is not None:
                    timeout_action(state)
                    choose(player_view(state, state.to_move), "easy", seed)
            if action is None:
                narrate_monster(t.events)
            else:
                format_action(action)
                parse_action(format_action(action))


def test_playing_games_changes_no_module_level_value_of_the_engine() -> None:
    before = snapshot()
    play_a_little()
    after = snapshot()
    assert after.keys() == before.keys()
    changed = [key for key in before if after[key] != before[key]]
    assert changed == []


def test_the_engines_only_caches_are_the_listed_pure_functions() -> None:
    caches = set()
    for name in MODULES:
        module = importlib.import_module(name)
        for key, value in vars(module).items():
            if isinstance(value, functools._lru_cache_wrapper) and value.__module__ == name:
                caches.add(f"{name}.{key}")
    assert caches == ALLOWED_CACHES
    for key in ALLOWED_CACHES:  # bounded, or keyed by a class (of which there are a few)
        module, _, function = key.rpartition(".")
        info = getattr(importlib.import_module(module), function).cache_info()
        assert info.maxsize is not None or function == "_shape"
