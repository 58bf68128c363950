"""Which games the revised D4 changes: random games played under rules version 1, each monster
phase also resolved under version 2.

    .venv/bin/python bench/rules_versions.py              # 2,000 games, about a minute
    .venv/bin/python bench/rules_versions.py --games 500

Rules version 1 stopped the monster after four turns in one point; version 2 only on a loop
(RULES.md D4). A game stored before the change keeps version 1 (migration 0008), so it never
changes; this counts what would have changed had it been switched: for each monster phase of
each game (played on under version 1, as it was), whether version 2 resolves that same phase
differently, and which way (ended elsewhere, or only the events told differ). Basic games
have no turning stones, so only experienced games (half of the seeds, 2-7 players, random
set-up or the players' placement) can differ.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Options, apply_action, new_game, resolve_monster_phase  # noqa: E402
from engine.autoplay import random_action  # noqa: E402
from engine.state import MONSTER, OVER, evolve  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    started = time.perf_counter()
    games = experienced = changed_games = phases = changed_phases = moved_elsewhere = 0
    stops = {1: 0, 2: 0}
    for seed in range(args.games):
        options = Options(experienced=seed % 2 == 1, random_setup=seed % 4 == 1)
        state = evolve(new_game(2 + seed % 6, seed=seed, options=options), rules=1)
        rnd = random.Random(seed)
        games += 1
        experienced += options.experienced
        changed = False
        while state.phase != OVER:
            if state.phase == MONSTER:
                old = resolve_monster_phase(state)
                new = resolve_monster_phase(evolve(state, rules=2))
                phases += 1
                stops[1] += sum(e["type"] == "stay" for e in old.events)
                stops[2] += sum(e["type"] == "stay" for e in new.events)
                if old.events != new.events:
                    changed_phases += 1
                    changed = True
                    if (old.state.monster, old.state.figures, old.state.stones) != (
                            new.state.monster, new.state.figures, new.state.stones):
                        moved_elsewhere += 1
                state = old.state
            else:
                to_move = state.to_move
                assert to_move is not None
                state = apply_action(state, random_action(state, rnd), to_move).state
        changed_games += changed
    seconds = time.perf_counter() - started
    print(f"{games} random games ({experienced} experienced), {phases} monster phases, "
          f"{seconds:.0f} s")
    print(f"points that ended in 'stay': {stops[1]} under version 1, {stops[2]} under version 2")
    print(f"monster phases that version 2 resolves differently: {changed_phases} "
          f"({changed_phases / phases:.3%}); of those, ending with another board: "
          f"{moved_elsewhere}")
    print(f"games with at least one such phase: {changed_games} "
          f"({changed_games / games:.2%} of all, "
          f"{changed_games / max(experienced, 1):.2%} of the experienced)")


if __name__ == "__main__":
    main()
