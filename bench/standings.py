"""A table of computer players: their standings after a few hundred games together.

    .venv/bin/python bench/standings.py                      # 300 games, the four levels
    .venv/bin/python bench/standings.py --games 2 --levels random,easy --jobs 1
    .venv/bin/python bench/standings.py --games 300 --levels random,easy,normal,hard \\
        --variants basic,experienced --jobs 2

Seats the levels at one table (one seat each: four levels, a 4-player game) for ``--games``
games. Game i seats the levels rotated by i, so that no level keeps a seat (the start player
is drawn from the game's seed), and the variants take turns, a whole round of rotations
each. Each game is played to its end by ``engine.bots.choose`` as
``bench/bots.py`` plays (its ``play_game``: the same seeds, the same bots' seeds), and read
as a table's result with ``computer_key(level)`` for each seat; the standings are
``service.features.tables.standings``'s. Prints each level's line (games, wins, figures out,
mu, sigma, rating), the head to head, whether the ratings put the levels in their order of
strength (hard > normal > easy > random; printed, not asserted), and the CPU seconds per
game and the wall time. Hard costs about 24 CPU seconds a game against normal
(``docs/bots.md``): 300 games with hard take more than 150 CPU minutes, well over an hour on
two free cores (without hard, about 4 CPU seconds a game). The tests run it small
(``tests/test_benches.py``), to see that it still runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import VARIANTS, game_seed, play_game  # noqa: E402

from engine.bots import LEVELS  # noqa: E402
from service.features.tables.standings import (  # noqa: E402
    Result,
    Standings,
    computer_key,
    computer_level,
    standings,
)

Spec = tuple[tuple[str, ...], str, int]


def table_specs(levels: list[str], variants: list[str], games: int) -> list[Spec]:
    """Return the games of the table: game i seats ``levels`` rotated by i, the variants
    taking turns at a whole round of rotations each."""
    specs = []
    for i in range(games):
        turn = i % len(levels)
        seated = tuple(levels[turn:] + levels[:turn])
        specs.append((seated, variants[i // len(levels) % len(variants)], game_seed(i)))
    return specs


def print_standings(table: Standings) -> None:
    """Print each level's line, then each pair's head to head (the higher-rated first)."""
    print(f"  {'level':7s} {'games':>5s} {'wins':>5s} {'figures out':>11s} {'mu':>6s} "
          f"{'sigma':>5s} {'rating':>6s}")
    for line in table.lines:
        print(f"  {computer_level(line.key) or line.key:7s} {line.games:5d} {line.wins:5d} "
              f"{line.escaped:11d} {line.mu:6.2f} {line.sigma:5.2f} {line.rating:6.1f}")
    print("head to head (games together; finished above, below; level):")
    keys = [line.key for line in table.lines]
    for n, a in enumerate(keys):
        for b in keys[n + 1:]:
            meeting = table.head_to_head[a, b]
            print(f"  {computer_level(a)} vs {computer_level(b)}: {meeting.games} games; "
                  f"above {meeting.above}, below {meeting.below}, "
                  f"level {meeting.games - meeting.above - meeting.below}")


def order_line(table: Standings) -> str:
    """Return the line that says whether the ratings rank the levels by their strength."""
    strength = {computer_key(level): n for n, level in enumerate(LEVELS)}
    found = [line.key for line in table.lines]
    expected = sorted(found, key=strength.__getitem__, reverse=True)
    if found == expected:
        return f"order: {names(expected)}: yes"
    return f"order: {names(expected)}: no (found {names(found)})"


def names(keys: list[str]) -> str:
    """Return the levels of ``keys``, strongest first: ``hard > normal``."""
    return " > ".join(computer_level(key) or key for key in keys)


def bench_table(levels: list[str], variants: list[str], games: int, jobs: int) -> None:
    """Play the table's games, then print its standings, the order and the time taken."""
    print(f"standings: {games} games of {', '.join(levels)} at one table, variants "
          f"{', '.join(variants)}, {jobs} job(s)")
    specs = table_specs(levels, variants, games)
    t0 = time.perf_counter()
    with Pool(jobs) as pool:
        played = pool.map(play_game, specs, chunksize=1)
    wall = time.perf_counter() - t0
    results = [Result.from_outcome(f"game {i}", (i,), [computer_key(level) for level in seated],
                                   outcome.to_dict())
               for i, ((seated, _, _), (outcome, _)) in enumerate(zip(specs, played, strict=True))]
    table = standings(results)
    print_standings(table)
    print(order_line(table))
    cpu = sum(seconds for _, seconds in played)
    print(f"{cpu / games:.2f} CPU s per game, {cpu:.0f} CPU s in all; {wall:.1f} s wall")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help="the levels at the table, one seat each (2 to 7)")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    levels, variants = args.levels.split(","), args.variants.split(",")
    unknown = sorted(set(levels) - set(LEVELS)) + sorted(set(variants) - set(VARIANTS))
    if unknown:
        parser.error(f"unknown level or variant: {', '.join(unknown)} (levels: "
                     f"{', '.join(LEVELS)}; variants: {', '.join(VARIANTS)})")
    bench_table(levels, variants, args.games, args.jobs)


if __name__ == "__main__":
    main()
