"""Random complete games for the engine tests, with the game's invariants checked as they go.

``play_and_check(seed)`` plays one whole game chosen by the seed (2–7 players, basic or
experienced with a random set-up) with random legal actions, checks the invariants after every
action, and returns a ``GameReport``; it never raises, so it can run in worker processes.
``record_game`` plays the same way through ``engine.replay.play`` and returns the ``Record``.

The players are random but not aimless: each game has a "greed" (from the seed) with which a
player takes the move that brings the figure nearest the exit, so games end in every way
(immediate wins, stage 2 running out, nothing left) rather than almost always by the cards.
"""

from __future__ import annotations

import random
import traceback
from collections import Counter
from dataclasses import dataclass, field

from engine import Flip, Move, Options, Record, Step, apply_action, new_game, play
from engine.actions import Action
from engine.autoplay import random_action
from engine.board import CORNERS, ON_BOARD, xy
from engine.cards import CARDS_PER_STAGE, deck, is_hit
from engine.figure_phase import has_unmoved, may_enter, movable_figures
from engine.monster_phase import resolve_monster_phase
from engine.moves import legal_outcomes
from engine.outcome import IMMEDIATE, escapes_needed
from engine.search import SearchCache
from engine.state import BOARD, ESCAPED, FIGURES, MONSTER, OUTSIDE, OVER, REMOVED, GameState
from tests.engine.monster_helpers import Animation

MAX_MONSTER_PHASES = 2 * CARDS_PER_STAGE
MAX_ACTIONS = 2000  # far above any real game (15 game turns of at most 28 figures each)


@dataclass(frozen=True, slots=True)
class Setting:
    """What a seed chooses: the players, the rules and how greedy the players are."""

    players: int
    options: Options
    greed: float

    @classmethod
    def from_seed(cls, seed: int) -> Setting:
        """Return the setting of the game played with ``seed``."""
        rnd = random.Random(f"setting {seed}")
        players = rnd.randint(2, 7)
        experienced = rnd.random() < 0.5
        options = Options(experienced=experienced, random_setup=experienced,
                          three_hits=players >= 6 and rnd.random() < 0.5)
        return cls(players, options, rnd.choice((0.0, 0.5, 0.8, 0.95)))


@dataclass(slots=True)
class GameReport:
    """How one random game went: its end, its length and every invariant it broke."""

    seed: int
    setting: Setting
    reason: str | None = None
    winners: tuple[int, ...] = ()
    monster_phases: int = 0
    actions: int = 0
    failures: list[str] = field(default_factory=list)


def choose_action(state: GameState, rnd: random.Random, greed: float,
                  cache: SearchCache | None = None) -> Action:
    """Return a random legal action; with probability ``greed``, the one nearest the exit.

    ``cache``: the game's, so that applying the move with it need not walk its path again.
    """
    if rnd.random() >= greed:
        return random_action(state, rnd, cache=cache)
    seat = state.to_move
    figure = rnd.choice(movable_figures(state, seat))
    if figure.where == OUTSIDE and not may_enter(state, seat):
        return Flip(figure.id)
    outcomes = legal_outcomes(state, figure.id, cache=cache)
    if not outcomes:
        return Flip(figure.id)
    best = min(outcomes, key=lambda o: -1 if o.square is None else sum(xy(o.square)))
    return Move(figure.id, best.path)


def flip_everything(state: GameState) -> GameState:
    """Flip figures until the figure phase is over; return the state reached."""
    while state.phase == FIGURES:
        seat = state.to_move
        figure = movable_figures(state, seat)[0]
        state = apply_action(state, Flip(figure.id), seat).state
    return state


def record_game(seed: int) -> tuple[Record, GameState]:
    """Play the random game of ``seed`` through ``engine.play``; return its record and end."""
    setting = Setting.from_seed(seed)
    rnd = random.Random(f"moves {seed}")
    start = new_game(setting.players, seed=seed, options=setting.options)
    state = start
    steps: list[Step] = []
    while state.phase != OVER:
        t, step = play(state, choose_action(state, rnd, setting.greed))
        steps.append(step)
        state = t.state
    colours = tuple(p.colour for p in start.players)
    # The start seat was drawn from the seed, so the record leaves it to the seed as well:
    # naming it would skip that draw and deal another pile.
    return Record(colours, seed, setting.options, None, tuple(steps)), state


class Invariants:
    """The invariants of one game, checked state after state against its beginning."""

    def __init__(self, start: GameState) -> None:
        self.start = start
        self.ids = tuple(f.id for f in start.figures)
        self.deck = Counter(deck(start.options.three_hits))
        self.stone_kinds = Counter(kind for _, kind in start.stones)
        self.need = escapes_needed(len(start.players))
        self.monster_phases = 0
        self.actions = 0
        self.last_was_monster = False

    def after_action(self, before: GameState, after: GameState) -> list[str]:
        """Check a figure action's result."""
        self.actions += 1
        self.last_was_monster = False
        problems = self._state(before, after)
        if after.phase == OVER and after.outcome.reason == IMMEDIATE:
            seat = after.outcome.winners[0]
            if after.outcome.escaped[seat] < self.need:
                problems.append(f"seat {seat} won at once with too few escaped figures")
        if after.game_turn == 1 and after.phase != OVER:
            for seat in range(len(after.players)):
                entered = sum(f.where == BOARD for f in after.figures_of(seat))
                if entered > 2:
                    problems.append(f"seat {seat} entered {entered} figures in game turn 1")
        return problems

    def after_monster(self, before: GameState, after: GameState, events: tuple) -> list[str]:
        """Check a monster phase's result, and that its events alone tell the walk."""
        self.actions += 1
        self.monster_phases += 1
        self.last_was_monster = True
        problems = self._state(before, after)
        if not Animation(before).play(events).matches(after):
            problems.append("the monster's events do not rebuild the board after its walk")
        if self.monster_phases == 1 and is_hit(after.discard[0]):
            problems.append(f"the first card of the game was a hit card: {after.discard[0]}")
        if after.phase != OVER:
            if any(f.moved for f in after.figures):
                problems.append("a new game turn began with figures marked as moved")
            n = len(after.players)
            if after.start_seat != (self.start.start_seat + self.monster_phases) % n:
                problems.append(f"start seat {after.start_seat} after "
                                f"{self.monster_phases} monster phases")
        elif after.outcome.reason == "stage_two_over" and any(
                f.where == BOARD for f in after.figures):
            problems.append("figures stayed on the board after the end of stage 2")
        return problems

    def _state(self, before: GameState, s: GameState) -> list[str]:
        problems: list[str] = []
        k = self.monster_phases
        if tuple(f.id for f in s.figures) != self.ids:
            problems.append("the set of figures changed")
            return problems
        squares: list[int] = []
        for old, f in zip(before.figures, s.figures, strict=True):
            if (f.where == BOARD) != (f.square is not None):
                problems.append(f"{f.id} is {f.where} with square {f.square}")
            if f.square is not None:
                squares.append(f.square)
            if old.where in (ESCAPED, REMOVED) and f.where != old.where:
                problems.append(f"{f.id} came back from {old.where}")
            if f.times_eaten < old.times_eaten:
                problems.append(f"{f.id}'s meals went down")
            if f.where == REMOVED and k < CARDS_PER_STAGE:
                problems.append(f"{f.id} was removed for good in stage 1")
        escaped = sorted(f.escaped_order for f in s.figures if f.where == ESCAPED)
        if escaped != list(range(1, s.escapes + 1)):
            problems.append(f"escape orders {escaped} for {s.escapes} escapes")
        squares.extend(sq for sq, _ in s.stones)
        squares.extend(t.square for t in s.teleporters)
        if s.monster.square not in {t.square for t in s.teleporters}:
            squares.append(s.monster.square)
        if len(set(squares)) != len(squares):
            dup = [sq for sq, n in Counter(squares).items() if n > 1]
            problems.append(f"two pieces on one square: {dup}")
        if not set(squares) <= ON_BOARD or s.monster.square not in ON_BOARD:
            problems.append("a piece is off the board")
        if any(sq in CORNERS for sq, _ in s.stones):
            problems.append("a stone on a1 or p11")
        if s.monster.facing not in (0, 1, 2, 3):
            problems.append(f"the monster faces {s.monster.facing}")
        # The cards and stones are counted again only when they changed (kept cheap per action).
        first = self.actions == 1
        cards_changed = first or s.pile is not before.pile or s.discard is not before.discard
        if cards_changed and Counter(s.pile) + Counter(s.discard) != self.deck:
            problems.append(f"pile {s.pile} and discard {s.discard} are not the deck")
        if (first or s.stones is not before.stones) and (
                Counter(kind for _, kind in s.stones) - self.stone_kinds):
            problems.append("stones appeared")
        if (s.pools, s.teleporters) != (self.start.pools, self.start.teleporters):
            problems.append("pools or teleporters moved")
        if s.version != self.actions:
            problems.append(f"version {s.version} after {self.actions} actions")
        problems.extend(self._counters(s))
        problems.extend(self._phase(s))
        return problems

    def _counters(self, s: GameState) -> list[str]:
        k = self.monster_phases
        if k > MAX_MONSTER_PHASES:
            return [f"{k} monster phases, more than two stages"]
        over_by_cards = s.phase == OVER and k == MAX_MONSTER_PHASES
        stage = 1 if k < CARDS_PER_STAGE else 2
        played = k % CARDS_PER_STAGE if not over_by_cards else CARDS_PER_STAGE
        # A game that ends with a monster phase ends in that game turn; else a new one began.
        turn = k if s.phase == OVER and self.last_was_monster else k + 1
        if over_by_cards and s.outcome.reason != "stage_two_over":
            return [f"the game ended after 14 monster phases as {s.outcome.reason}"]
        if (s.stage, len(s.discard), s.game_turn) != (stage, played, turn):
            return [f"stage {s.stage}, {len(s.discard)} cards played, game turn {s.game_turn} "
                    f"after {k} monster phases"]
        return []

    def _phase(self, s: GameState) -> list[str]:
        if s.phase == FIGURES:
            if s.to_move is None or not has_unmoved(s, s.to_move):
                return [f"seat {s.to_move} is to move with nothing to move"]
        elif s.phase == MONSTER:
            if s.to_move is not None:
                return ["somebody is to move in the monster phase"]
        elif s.phase == OVER:
            return self._outcome(s)
        else:
            return [f"phase {s.phase} in the middle of a game"]
        return []

    def _outcome(self, s: GameState) -> list[str]:
        o = s.outcome
        if o is None or s.to_move is not None:
            return ["a finished game without an outcome, or with somebody to move"]
        escaped = tuple(sum(f.where == ESCAPED for f in s.figures_of(p.seat)) for p in s.players)
        eaten = tuple(sum(f.times_eaten for f in s.figures_of(p.seat)) for p in s.players)
        if (o.escaped, o.eaten) != (escaped, eaten):
            return [f"outcome counts {o.escaped} {o.eaten}, figures say {escaped} {eaten}"]
        best = max(escaped)
        if (best == 0) != (o.winners == ()):
            return [f"winners {o.winners} with at most {best} escaped"]
        if o.winners and escaped[o.winners[0]] != best:
            return [f"winner {o.winners} did not get the most figures out"]
        if o.reason != IMMEDIATE and best >= self.need:
            return [f"{best} escaped figures but the game ended as {o.reason}"]
        return []


def play_and_check(seed: int) -> GameReport:
    """Play the random game of ``seed`` and check every invariant after every action."""
    setting = Setting.from_seed(seed)
    report = GameReport(seed, setting)
    try:
        _play(seed, setting, report)
    except Exception:  # a crash is a finding to report with its seed, not a reason to stop
        report.failures.append(traceback.format_exc(limit=-3))
    return report


def _play(seed: int, setting: Setting, report: GameReport) -> None:
    rnd = random.Random(f"moves {seed}")
    cache = SearchCache()
    state = new_game(setting.players, seed=seed, options=setting.options)
    checks = Invariants(state)
    while state.phase != OVER and not report.failures:
        if state.phase == MONSTER:
            t = resolve_monster_phase(state)
            problems = checks.after_monster(state, t.state, t.events)
        else:
            action = choose_action(state, rnd, setting.greed, cache)
            t = apply_action(state, action, state.to_move, cache=cache)
            problems = checks.after_action(state, t.state)
        report.failures.extend(f"action {checks.actions}: {p}" for p in problems)
        if checks.actions > MAX_ACTIONS:
            report.failures.append(f"no end after {checks.actions} actions")
        state = t.state
    report.monster_phases, report.actions = checks.monster_phases, checks.actions
    if state.outcome is not None:
        report.reason, report.winners = state.outcome.reason, state.outcome.winners
