"""Fingerprints of what the code does, to show a refactor changed nothing a player can see.

Prints three SHA-256 digests:

* ``games``: every state (the position format) and every event list of ``--games`` random
  games (``engine.autoplay.random_game``), 2 to 7 players, each rule option on and off;
* ``views``: the player view of every seat and the text diagram of ``--positions`` positions
  taken from those games;
* ``openapi``: the API's OpenAPI document (keys sorted).

Run it on two trees and compare the lines, e.g. the code before a change in a worktree::

    git worktree add /tmp/before HEAD
    PYTHONPATH=/tmp/before .venv/bin/python /tmp/before/bench/behaviour_hash.py
    .venv/bin/python bench/behaviour_hash.py

It uses only the engine's public functions and ``service.create_app``, which both trees have.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the repository importable
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.autoplay import random_game  # noqa: E402
from engine.options import EXPERIENCED_ONLY  # noqa: E402


def canonical(value: Any) -> bytes:
    """Return ``value`` as canonical JSON bytes (keys sorted)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def game_settings(count: int) -> list[tuple[int, engine.Options, int]]:
    """Return (players, options, seed) for ``count`` games over every player count and option."""
    names = [field for field in engine.Options.__dataclass_fields__]
    settings = []
    for seed in range(count):
        players = 2 + seed % 6
        flags = {name: bool((seed >> bit) & 1) for bit, name in enumerate(names)}
        if not flags.get("experienced"):
            flags.update(dict.fromkeys(EXPERIENCED_ONLY, False))
        if players < 6:
            flags["three_hits"] = False  # the 3-hits card is for 6-7 players
        settings.append((players, engine.Options(**flags), seed))
    return settings


def fingerprint(games: int, positions: int) -> dict[str, str]:
    """Play the games and return the digests of games and views."""
    game_digest, view_digest = hashlib.sha256(), hashlib.sha256()
    states: list[engine.GameState] = []
    for players, options, seed in game_settings(games):
        for action, transition in random_game(players, seed, options):
            game_digest.update(canonical(None if action is None else engine.action_to_dict(action)))
            game_digest.update(canonical(engine.state_to_dict(transition.state)))
            game_digest.update(canonical(list(transition.events)))
            states.append(transition.state)
    step = max(1, len(states) // positions)
    taken = states[::step][:positions]
    if len(taken) < positions:
        raise SystemExit(f"only {len(taken)} positions in {games} games; ask for more games")
    for state in taken:
        for seat in range(len(state.players)):
            view_digest.update(canonical(engine.player_view(state, seat)))
        view_digest.update(engine.diagram(state).encode())
    return {"games": game_digest.hexdigest(), "views": view_digest.hexdigest(),
            "positions": str(len(taken)), "states": str(len(states))}


def openapi_digest() -> str:
    """Return the digest of the API's OpenAPI document."""
    from service import create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/x.sqlite3"})
        document = app.test_client().get("/api/v1/openapi.json").get_json()
    return hashlib.sha256(canonical(document)).hexdigest()


def main() -> None:
    """Print the digests."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--positions", type=int, default=5000)
    arguments = parser.parse_args()
    digests = fingerprint(arguments.games, arguments.positions)
    digests["openapi"] = openapi_digest()
    for name, value in digests.items():
        print(f"{name}: {value}")


if __name__ == "__main__":
    main()
