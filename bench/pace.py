"""How many days a game by mail takes, without and with turn plans (issue 21).

    .venv/bin/python bench/pace.py                   # 200 games per player count, < 1 min
    .venv/bin/python bench/pace.py --games 50 --seed 1000 --seconds 120

Engine only, no service. Games of 2, 4 and 6 players (the basic game) are played at random
(``engine.autoplay.random_action``). Each player checks in once a day at their own time of
day (drawn per player, kept for the game) and acts only then: when it is their sub-turn they
act, and go on acting while the engine's ``to_move`` is still theirs. The monster phase
resolves as soon as the figure phase ends (the worker takes seconds). The game is created at
hour 0; its days are counted to its last action.

Each seed is played under three policies, with the same check-in times:

* **without plans**: as above;
* **with plans**: at every check-in a player also plans all their remaining moves of the
  game turn, one line per figure not yet moved, each "or flip": the move random play would
  make now, on the position as it will be after their own earlier lines (the other players'
  coming moves unknown). When their sub-turn comes, the next line is applied at once if its
  path is still legal with the same outcome (same end square, the same stones pushed to the
  same squares); if not, the figure flips instead. A new check-in replaces the plan; the
  monster phase clears every plan;
* **plans, no "or flip"**: the same plans, but a line that no longer holds stops the plan
  there, and the player acts at their next check-in.

Plans are read and matched against the position by the service's own functions
(``service.features.plans.matching``: ``plan_lines`` records each line's outcome,
``next_step`` decides what the plan does at the sub-turn), so the bench measures the rule the
service applies; only the sorting of the lines that no longer held, by why, is the bench's.

Printed per player count and policy: days to finish (median, p90), player actions per game
(and how many were typed at a check-in rather than applied from a plan), game turns; for the
plans, the share of the planned lines reached that were applied as planned, as "or flip", or
broken, why the lines that no longer held failed, and where the days went (waiting for a
player who had not checked in since the monster phase cleared the plans, or whose plan had
stopped or run out). Goals from the issue: 4 players <= 21 days, 2 players <= 14.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import (  # noqa: E402
    Flip,
    GameState,
    IllegalMove,
    Move,
    action_to_dict,
    apply_action,
    check_path,
    legal_outcomes,
    new_game,
    resolve_monster_phase,
)
from engine.autoplay import random_action  # noqa: E402
from engine.figure_phase import has_unmoved  # noqa: E402
from engine.search import SearchCache  # noqa: E402
from engine.state import FIGURES, MONSTER, OVER, evolve  # noqa: E402
from service.features.plans.matching import (  # noqa: E402
    Line,
    Outcome,
    PlanInput,
    Step,
    next_step,
    plan_lines,
)

NO_PLANS = "without plans"
OR_FLIP = "with plans"
STRICT = 'plans, no "or flip"'
POLICIES = (NO_PLANS, OR_FLIP, STRICT)

PLAYER_COUNTS = (2, 4, 6)
GOALS = {2: 14, 4: 21}  # days, from the issue

# Why the game waited for a player's check-in.
NO_PLAN_YET = "no plan since the monster phase"
PLAN_STOPPED = "plan stopped on a line that no longer held"
PLAN_RAN_OUT = "plan ran out (fewer lines than figures to move)"
NOT_PLANNING = "waiting for a check-in"

# What became of a planned line that was reached.
AS_PLANNED = "as planned"
FLIPPED = '"or flip"'
BROKEN = "broken"
OTHER_OUTCOME = "other_outcome"  # still legal, but another end square or other pushes


@dataclass(frozen=True, slots=True)
class Plan:
    """A seat's plan as the service keeps it (its lines), and the stones each line was
    planned on, to tell afterwards whether a line that no longer held had been pushed out."""

    lines: list[Line]
    stones: list[tuple[tuple[int, str], ...]]


@dataclass
class Tally:
    """What one policy did over the games of one player count."""

    days: list[float] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    typed: list[int] = field(default_factory=list)  # actions made at a check-in
    turns: list[int] = field(default_factory=list)
    lines: Counter[str] = field(default_factory=Counter)  # lines reached, by what became of them
    made: int = 0  # lines planned, reached or not
    failed: Counter[str] = field(default_factory=Counter)  # lines that no longer held, by why
    after_push: int = 0  # of those: the stones had moved since the line was planned
    by_outcome: int = 0  # of those: the same outcome was still there by another path
    waits: Counter[str] = field(default_factory=Counter)  # hours waited, by why


class Table:
    """One game by mail: the engine's state, the players' plans and the clock (in hours)."""

    def __init__(self, players: int, seed: int, policy: str, rnd: random.Random,
                 tally: Tally) -> None:
        self.state: GameState = new_game(players, seed=seed)
        self.policy = policy
        self.rnd = rnd
        self.tally = tally
        self.cache = SearchCache()
        self.plans: dict[int, Plan] = {}
        self.planned: set[int] = set()  # seats that planned since the last monster phase
        self.stopped: set[int] = set()  # seats whose plan stopped on a line
        self.since = 0.0  # when the game last changed: the seat to act waits from then
        self.ended: float | None = None
        self.actions = self.typed = 0

    def check_in(self, seat: int, now: float) -> None:
        """The player at ``seat`` reads the game at ``now``: acts while it is their sub-turn,
        then (with plans) plans the rest of their game turn, and plans due apply."""
        if self.state.to_move == seat:
            self.tally.waits[self._why_waiting(seat)] += now - self.since
            while self.state.to_move == seat:
                self._apply(random_action(self.state, self.rnd, cache=self.cache), seat, now)
                self.typed += 1
        self.stopped.discard(seat)
        if self.policy != NO_PLANS and self.state.phase == FIGURES:
            self.plans[seat] = self._plan(seat)  # replaces the last one
            self.planned.add(seat)
            self._run_plans(now)

    def finish(self) -> None:
        """Add the finished game to the tally."""
        assert self.ended is not None
        self.tally.days.append(self.ended / 24)
        self.tally.actions.append(self.actions)
        self.tally.typed.append(self.typed)
        self.tally.turns.append(self.state.game_turn)

    def _why_waiting(self, seat: int) -> str:
        """Say why the game had to wait for this player's check-in."""
        if self.policy == NO_PLANS:
            return NOT_PLANNING
        if seat in self.stopped:
            return PLAN_STOPPED
        return PLAN_RAN_OUT if seat in self.planned else NO_PLAN_YET

    def _apply(self, action: Move | Flip, seat: int, now: float) -> None:
        """Apply a player's action and, if it ends the figure phase, the monster phase."""
        state = apply_action(self.state, action, seat, cache=self.cache).state
        self.actions += 1
        if state.phase == MONSTER:
            state = resolve_monster_phase(state).state
            self.plans.clear()
            self.planned.clear()
            self.stopped.clear()
        self.state = state
        self.since = now
        if state.phase == OVER:
            self.ended = now

    def _plan(self, seat: int) -> Plan:
        """Return the seat's plan: random play's move for each of its figures left, chosen on
        a copy of the position where the seat moves them one after the other, then planned
        as the service plans a seat's lines."""
        inputs: list[PlanInput] = []
        stones: list[tuple[tuple[int, str], ...]] = []
        state = self.state
        while state.phase == FIGURES and has_unmoved(state, seat):
            # Only the planner's own coming moves are known: it acts on and on in this copy.
            state = evolve(state, to_move=seat)
            action = random_action(state, self.rnd, cache=self.cache)
            inputs.append(PlanInput(action=action_to_dict(action),
                                    or_flip=self.policy == OR_FLIP))
            stones.append(state.stones)
            state = apply_action(state, action, seat, cache=self.cache).state
        self.tally.made += len(inputs)
        return Plan(plan_lines(self.state, seat, inputs), stones)

    def _run_plans(self, now: float) -> None:
        """Apply planned lines while the seat to act has one: several seats may chain."""
        while self.state.phase == FIGURES:
            seat = self.state.to_move
            assert seat is not None
            plan = self.plans.get(seat)
            if plan is None:
                return
            step = next_step(self.state, seat, plan.lines, flip_rest=False)
            if step.action is None and step.reason is None:
                return  # no line left for a figure still to act: the plan ran out
            self._count(plan, step)
            if step.action is None:
                del self.plans[seat]
                self.stopped.add(seat)
                return
            self._apply(step.action, seat, now)

    def _count(self, plan: Plan, step: Step) -> None:
        """Count what became of the line ``step`` reached: played as planned, flipped, or
        the plan stopped on it; for one that no longer held, why."""
        line, stones = plan.lines[step.used - 1], plan.stones[step.used - 1]
        if step.action == line.action:
            self.tally.lines[AS_PLANNED] += 1
            return
        assert isinstance(line.action, Move)
        self.tally.failed[self._why_failed(line.action)] += 1
        self.tally.after_push += self.state.stones != stones
        self.tally.by_outcome += any(
            Outcome.of(o, self.state.stones) == line.outcome
            for o in legal_outcomes(self.state, line.action.figure))
        self.tally.lines[FLIPPED if step.action is not None else BROKEN] += 1

    def _why_failed(self, move: Move) -> str:
        """Return the engine's reason why ``move`` is illegal now, or ``OTHER_OUTCOME``."""
        try:
            check_path(self.state, move.figure, move.path)
        except IllegalMove as refused:
            return str(refused.details.get("reason"))
        return OTHER_OUTCOME


def play(players: int, seed: int, policy: str, tally: Tally) -> None:
    """Play one game by mail under ``policy`` and add it to ``tally``."""
    rnd = random.Random(seed)
    hours = [rnd.uniform(0, 24) for _ in range(players)]  # the same for every policy
    table = Table(players, seed, policy, rnd, tally)
    day = 0
    while table.ended is None:
        for seat in sorted(range(players), key=hours.__getitem__):
            table.check_in(seat, 24 * day + hours[seat])
            if table.ended is not None:
                break
        day += 1
    table.finish()


def p90(values: list[float]) -> float:
    """Return the 90th percentile (of one value: that value)."""
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def pct(part: float, whole: float) -> str:
    """Format ``part`` as a percentage of ``whole``."""
    return f"{100 * part / whole:.1f}%" if whole else "-"


def report(players: int, tallies: dict[str, Tally], note: str) -> None:
    """Print the figures of one player count."""
    games = len(tallies[NO_PLANS].days)
    goal = GOALS.get(players)
    print(f"\n{players} players, {games} games{note}"
          + (f"; goal: median <= {goal} days" if goal else ""))
    print(f"  {'':20} {'days: median':>12} {'p90':>6} {'actions':>8} {'typed':>6} "
          f"{'game turns':>10}")
    for policy, t in tallies.items():
        median = statistics.median(t.days)
        verdict = "" if goal is None else "  met" if median <= goal else "  missed"
        print(f"  {policy:20} {median:12.1f} {p90(t.days):6.1f} "
              f"{statistics.mean(t.actions):8.1f} {statistics.mean(t.typed):6.1f} "
              f"{statistics.mean(t.turns):10.1f}{verdict}")
    for policy in (OR_FLIP, STRICT):
        t = tallies[policy]
        reached = sum(t.lines.values())
        failed = sum(t.failed.values())
        print(f"  {policy}: per game {t.made / games:.1f} lines planned, {reached / games:.1f} "
              "reached: " + ", ".join(f"{pct(t.lines[k], reached)} {k}"
                                      for k in (AS_PLANNED, FLIPPED, BROKEN)))
        if failed:
            reasons = ", ".join(f"{why} {pct(n, failed)}" for why, n in t.failed.most_common())
            print(f"    lines that no longer held ({failed / games:.1f} per game): {reasons}")
            print(f"      the stones had moved since it was planned in {pct(t.after_push, failed)};"
                  f" the same outcome was there by another path in {pct(t.by_outcome, failed)}")
        waits = "; ".join(f"{why} {hours / 24 / games:.1f}"
                          for why, hours in t.waits.most_common())
        print(f"    days waited per game (mean): {waits}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--seconds", type=float, default=600,
                        help="stop starting games after this long (shared by player counts)")
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"days to finish a game by mail, random play, one check-in a day per player; "
          f"seeds {args.seed}..{args.seed + args.games - 1}")
    print("(typed: actions made at a check-in; the others were applied from plans)")
    for i, players in enumerate(PLAYER_COUNTS):
        deadline = started + args.seconds * (i + 1) / len(PLAYER_COUNTS)
        tallies = {policy: Tally() for policy in POLICIES}
        note = ""
        for seed in range(args.seed, args.seed + args.games):
            if time.perf_counter() > deadline and tallies[NO_PLANS].days:
                note = " (time limit reached)"
                break
            for policy, tally in tallies.items():
                play(players, seed, policy, tally)
        report(players, tallies, note)
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
