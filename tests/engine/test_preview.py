"""Where the monster would walk (``engine.preview``): each card that may come, public facts only."""

from __future__ import annotations

from engine import apply_action, new_game, resolve_monster_phase
from engine.events import MONSTER_DONE
from engine.preview import monster_walk, monster_walks
from engine.state import MONSTER, GameState, evolve
from tests.engine.random_play import record_game


def monster_phases(seed: int) -> list[GameState]:
    """Return every state of the random game of ``seed`` that waits for its monster."""
    record, _ = record_game(seed)
    state, found = record.start(), []
    for step in record.steps:
        state = apply_action(state, step.action, step.seat).state
        if state.phase == MONSTER:
            found.append(state)
            state = resolve_monster_phase(state).state
    return found


def test_before_the_games_first_card_only_number_cards_may_come() -> None:
    game = new_game(["red", "blue"], seed=7, start_seat=0)
    walks = monster_walks(game)
    assert [w.card for w in walks] == ["10", "5", "7", "8"]
    assert abs(sum(w.chance for w in walks) - 1) < 1e-9
    assert dict((w.card, w.chance) for w in walks)["7"] == 2 / 6


def test_each_walk_is_the_one_the_monster_takes_with_that_card() -> None:
    for state in monster_phases(35)[:6]:
        for walk in monster_walks(state):
            done = resolve_monster_phase(state, walk.card)
            summary = next(e for e in done.events if e["type"] == MONSTER_DONE)
            assert list(walk.eaten) == summary["eaten"]
            assert (walk.square, walk.facing) == (summary["square"], summary["facing"])
            assert walk.path[-1] == walk.square


def test_later_in_a_stage_only_the_cards_still_in_the_pile_may_come() -> None:
    state = monster_phases(35)[2]
    assert state.discard
    assert [w.card for w in monster_walks(state)] == sorted(set(state.pile))


def test_the_preview_reads_no_secret() -> None:
    state = monster_phases(12)[1]
    other = evolve(state, pile=tuple(reversed(state.pile)), seed=state.seed + 1, rng=1)
    assert [w.to_dict() for w in monster_walks(state)] == \
        [w.to_dict() for w in monster_walks(other)]


def test_a_walk_leaves_the_state_as_it_was() -> None:
    state = monster_phases(12)[0]
    before = (state.figures, state.stones, state.monster)
    monster_walk(state, "10")
    assert (state.figures, state.stones, state.monster) == before
