"""Random complete games keep every invariant of the game after every action.

A soak test: ``make test`` (``pytest --soak``) plays 10,000 games, as the issue asks (about two
minutes on two cores); a plain ``pytest`` plays the first 300, a few seconds. They run in one
worker process per CPU. Each game's players, rules and moves come from its seed
(``tests/engine/random_play.py``), so a failure names the seed that reproduces it:
``play_and_check(seed)``.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import pytest

from engine import new_game
from engine.board import EXIT
from engine.state import ESCAPED
from tests.engine.random_play import GameReport, Invariants, Setting, play_and_check

SOAK_GAMES = 10_000
# Enough to meet every setting and every way a game ends (the test's last assertions).
QUICK_GAMES = 300


def play_games(count: int) -> list[GameReport]:
    """Play games with seeds 0..count-1 across one worker process per CPU."""
    workers = os.cpu_count() or 1
    # "spawn" starts clean interpreters: no fork of a process that may hold threads.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return list(pool.map(play_and_check, range(count), chunksize=max(1, count // 200)))


@pytest.mark.timeout(1200)  # 10,000 games take about two minutes on two cores
def test_random_complete_games_keep_every_invariant_after_every_action(soak: bool) -> None:
    reports = play_games(SOAK_GAMES if soak else QUICK_GAMES)
    broken = [r for r in reports if r.failures]
    assert not broken, "\n".join(
        f"seed {r.seed} ({r.setting}): {r.failures[0]}" for r in broken[:10])
    assert all(r.reason is not None for r in reports)
    assert max(r.monster_phases for r in reports) <= 14
    assert {r.setting.players for r in reports} == set(range(2, 8))
    assert {r.setting.options.experienced for r in reports} == {False, True}
    assert {(r.reason, bool(r.winners)) for r in reports} >= {
        ("escaped", True), ("stage_two_over", True), ("stage_two_over", False),
        ("nothing_left", True), ("nothing_left", False)}


def test_a_seed_always_plays_the_same_random_game() -> None:
    assert play_and_check(17) == play_and_check(17)
    assert Setting.from_seed(17) == Setting.from_seed(17)


def test_the_invariant_checks_catch_a_broken_state() -> None:
    start = new_game(2, seed=1)
    checks = Invariants(start)
    stone_on_exit = replace(start, stones=((EXIT, "stone"), *start.stones[1:]), version=1)
    assert "a stone on a1 or p11" in checks.after_action(start, stone_on_exit)

    checks = Invariants(start)
    lost_card = replace(start, pile=start.pile[1:], version=1)
    assert any("not the deck" in p for p in checks.after_action(start, lost_card))

    checks = Invariants(start)
    red1 = start.figures[0]
    on_a_stone = replace(start, figures=(replace(red1, where="board", square=start.stones[0][0]),
                                         *start.figures[1:]), version=1)
    assert any("two pieces on one square" in p for p in checks.after_action(start, on_a_stone))

    escaped = replace(start, figures=(replace(red1, where=ESCAPED, escaped_order=1),
                                      *start.figures[1:]), escapes=1)
    checks = Invariants(escaped)
    back = replace(escaped, figures=start.figures, escapes=0, version=1)
    assert any("came back from escaped" in p for p in checks.after_action(escaped, back))


def test_the_random_players_meet_every_setting() -> None:
    settings = [Setting.from_seed(seed) for seed in range(200)]
    assert Counter(s.players for s in settings).keys() == set(range(2, 8))
    assert any(s.options.three_hits for s in settings)
    assert any(s.options.experienced and s.options.random_setup for s in settings)
