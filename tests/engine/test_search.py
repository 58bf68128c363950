"""The move search (engine/search.py): its steps table and the cache a caller owns.

What the search finds is tested through ``legal_outcomes`` in ``test_legal_moves.py``.
"""

from __future__ import annotations

import pytest

from engine import Flip, Move, apply_action
from engine.errors import IllegalMove
from engine.moves import check_path, legal_outcomes, legal_paths
from engine.position import state_from_dict, state_to_dict
from engine.search import SearchCache, open_steps, search_moves
from engine.state import GameState
from tests.engine.helpers import fig, position, sq

RED4 = fig("red4")


def busy() -> GameState:
    return position({"red4": "h3", "blue4": "k4", "red1": "j5"},
                    pools=["square i3 j3 i4 j4"], stones=["k3", "j6", "h4"], game_turn=2)


def test_a_path_checked_with_the_cache_of_its_search_gets_the_outcome_of_a_fresh_walk() -> None:
    state = busy()
    copy = state_from_dict(state_to_dict(state))
    assert copy == state and copy is not state
    cache = SearchCache()
    paths = legal_paths(state, RED4, cache=cache)
    assert any(len(check_path(copy, RED4, p).pushed) for p in paths)
    for path in paths:
        known = check_path(state, RED4, path, cache=cache)  # looked up in the search
        walked = check_path(copy, RED4, path)
        assert (known.path, known.square, known.stones, known.pushed) == (
            walked.path, walked.square, walked.stones, walked.pushed)
    with pytest.raises(IllegalMove) as refused:  # not a listed path: walked and refused
        check_path(state, RED4, "NNNNN", cache=cache)
    assert refused.value.details["reason"] == "too_long"


def test_every_search_made_with_a_cache_is_remembered_in_it() -> None:
    state = busy()
    for search in (legal_outcomes, legal_paths):
        cache = SearchCache()
        search(state, RED4, cache=cache)
        assert cache.last is not None and cache.known(state, RED4) is cache.last
        assert cache.known(state, fig("red1")) is None


def test_the_cache_serves_only_the_very_state_object_it_searched() -> None:
    state = busy()
    copy = state_from_dict(state_to_dict(state))
    cache = SearchCache()
    search_moves(copy, RED4, cache)
    assert cache.known(state, RED4) is None
    # A doctored search for the copy: were it used for ``state``, red 4 would end on a1.
    cache.last = (copy, RED4, {}, [("N", 0, {}, set())])
    assert check_path(state, RED4, "N").square == check_path(state, RED4, "N", cache=cache).square
    assert check_path(state, RED4, "N", cache=cache).square != 0


def test_apply_action_with_the_cache_makes_the_same_transition_as_without() -> None:
    state = busy()
    cache = SearchCache()
    for path in legal_paths(state, RED4, cache=cache):
        assert apply_action(state, Move(RED4, path), 0, cache=cache) == apply_action(
            state, Move(RED4, path), 0)
    assert apply_action(state, Flip(RED4), 0, cache=cache) == apply_action(state, Flip(RED4), 0)


def test_the_open_steps_leave_out_the_monster_and_the_teleporters_in_n_e_s_w_order() -> None:
    steps = open_steps(sq("h5"), frozenset({sq("c5")}))
    assert [target for _, target, _ in steps[sq("h6")]] == [sq("i6"), sq("h7"), sq("g6")]
    assert [letter for _, _, letter in steps[sq("b5")]] == ["N", "S", "W"]
    assert [letter for _, _, letter in steps[sq("e5")]] == ["N", "E", "S", "W"]
    assert open_steps(sq("h5"), frozenset({sq("c5")})) is steps  # cached: a pure function
