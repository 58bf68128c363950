"""Computer players: think time per move, and strength in round robins (``engine.bots``).

    .venv/bin/python bench/bots.py think                        # median and p99 per level
    .venv/bin/python bench/bots.py strength --games 100 --jobs 2 \\
        --pairings easy-random,normal-easy,hard-normal --players 2,4 --variants basic,experienced

Think time: the positions are taken from seeded random games (2 and 4 players, basic), so
every run times the same positions; each level decides each position once. Strength: for a
pairing A-B the games are shared out over the player counts and variants; with 2 players
A and B take turns at seat 0, with 4 players each has two seats, alternately A B A B and
B A B A. A scores 1 when one of its seats wins, 0 when one of B's does, 1/2 when nobody
does (nobody escaped); its rate comes with a 95 % Wilson interval. The experienced games
start with the placement phase, played by the bots. Each bot's seed is derived from the
game's seed, the seat and the version by a one-way hash, as the service does. The tests run
both parts small (``tests/test_benches.py``), to see that they still run.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import (  # noqa: E402
    Options,
    action_from_dict,
    apply_action,
    new_game,
    player_view,
    resolve_monster_phase,
)
from engine.autoplay import random_game  # noqa: E402
from engine.bots import LEVELS, choose  # noqa: E402
from engine.state import FIGURES, MONSTER, OVER, GameState, Outcome  # noqa: E402

VARIANTS = {"basic": Options(), "experienced": Options(experienced=True)}


def bot_seed(game_seed: int, seat: int, version: int) -> int:
    """Return a bot's seed for one decision: a one-way hash of the game's seed, the seat and
    the version (what the service passes)."""
    digest = hashlib.sha256(f"{game_seed}:{seat}:{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def percentile(values: list[float], p: float) -> float:
    """Return the p-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def sample_positions(count: int) -> list[GameState]:
    """Return ``count`` figure-phase positions from seeded random games, 2 and 4 players."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        states = [t.state for _, t in random_game(2 if seed % 2 else 4, 500 + seed)
                  if t.state.phase == FIGURES]
        found.extend(states[::max(1, len(states) // 6)][:6])
    return found[:count]


def bench_think(levels: list[str], positions: int) -> None:
    """Print the median and p99 think time per move of each level."""
    states = sample_positions(positions)
    print(f"think time per move: {len(states)} positions from random games "
          f"(2 and 4 players, basic)")
    for level in levels:
        times, cpu = [], []
        for i, state in enumerate(states):
            view = player_view(state, state.to_move)
            t0, c0 = time.perf_counter(), time.process_time()
            choose(view, level, i)
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        print(f"  {level:7s} wall median {statistics.median(times):7.1f} ms, "
              f"p99 {percentile(times, 99):7.1f} ms, max {max(times):7.1f} ms; "
              f"CPU median {statistics.median(cpu):7.1f} ms, p99 {percentile(cpu, 99):7.1f} ms")


def game_seed(number: int) -> int:
    """Return the seed of the bench's game ``number`` (from 0): a run's games depend only on
    their numbers."""
    return 1_000_003 * (number + 1)


def play_game(spec: tuple[tuple[str, ...], str, int]) -> tuple[Outcome, float]:
    """Play one game of bots (one level per seat); return its outcome and the CPU seconds it
    took (this VM is shared: wall time counts other processes' turns)."""
    levels, variant, seed = spec
    c0 = time.process_time()
    state = new_game(len(levels), seed=seed, options=VARIANTS[variant])
    while state.phase != OVER:
        if state.phase == MONSTER:
            state = resolve_monster_phase(state).state
            continue
        seat = state.to_move
        assert seat is not None
        action = choose(player_view(state, seat), levels[seat],
                        bot_seed(seed, seat, state.version))
        state = apply_action(state, action_from_dict(action), seat).state
    assert state.outcome is not None
    return state.outcome, time.process_time() - c0


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95 % Wilson interval of a rate ``score / n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def game_specs(a: str, b: str, games: int, players: list[int], variants: list[str],
               offset: int = 0) -> list[tuple[tuple[str, ...], str, int]]:
    """Return the games of pairing A-B: shared out over the settings, seats alternating;
    ``offset`` games are skipped (to add games to an earlier run)."""
    settings = [(p, v) for p in players for v in variants]
    specs = []
    for i in range(offset, offset + games):
        count, variant = settings[i % len(settings)]
        first, second = (a, b) if (i // len(settings)) % 2 == 0 else (b, a)
        levels = tuple(first if seat % 2 == 0 else second for seat in range(count))
        specs.append((levels, variant, game_seed(i)))
    return specs


def bench_strength(pairings: list[str], games: int, players: list[int], variants: list[str],
                   jobs: int, offset: int = 0) -> None:
    """Print each pairing's score for A with its interval, games and time per game."""
    print(f"strength: {games} games per pairing (from game {offset}), players {players}, "
          f"variants {variants}, {jobs} job(s)")
    with Pool(jobs) as pool:
        for pairing in pairings:
            a, b = pairing.split("-")
            specs = game_specs(a, b, games, players, variants, offset)
            t0 = time.perf_counter()
            results = pool.map(play_game, specs, chunksize=1)
            wall = time.perf_counter() - t0
            score = 0.0
            by_setting: dict[tuple[int, str], list[float]] = {}
            for (levels, variant, _), (outcome, _) in zip(specs, results, strict=True):
                winners = outcome.winners
                points = 0.5 if not winners else float(levels[winners[0]] == a)
                score += points
                by_setting.setdefault((len(levels), variant), []).append(points)
            low, high = wilson(score, len(specs))
            per_game = sum(seconds for _, seconds in results) / len(results)
            print(f"  {a} vs {b}: {a} scores {score:.1f}/{len(specs)} = "
                  f"{score / len(specs):.1%} (95% Wilson {low:.1%}..{high:.1%}); "
                  f"{per_game:.2f} CPU s per game, {wall:.0f} s wall; "
                  f"500 games: {500 * per_game / jobs / 60:.0f} min on {jobs} free core(s)")
            for (count, variant), points in sorted(by_setting.items()):
                print(f"      {count} players {variant:11s} {sum(points):6.1f}/{len(points)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("think", "strength"))
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--pairings", default="easy-random,normal-easy,hard-normal")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--variants", default="basic,experienced")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--offset", type=int, default=0, help="skip this many games")
    args = parser.parse_args()
    if args.what == "think":
        bench_think(args.levels.split(","), args.positions)
    else:
        bench_strength(args.pairings.split(","), args.games,
                       [int(p) for p in args.players.split(",")], args.variants.split(","),
                       args.jobs, args.offset)


if __name__ == "__main__":
    main()
