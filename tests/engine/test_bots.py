"""Computer players (engine.bots): legal, deterministic, blind to the secrets, every level."""

from __future__ import annotations

import copy
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from engine import action_from_dict, action_to_dict, apply_action, new_game, player_view
from engine.bots import LEVELS, choose, state_from_view
from engine.bots.evaluate import score
from engine.bots.policy import play_out_figure_phase, ranked_actions
from engine.cards import remaining_cards
from engine.errors import InvalidSetup, WrongPhase
from engine.monster_phase import resolve_monster_phase
from engine.options import Options
from engine.preview import next_card_odds
from engine.rng import Rng
from engine.search import SearchCache
from engine.state import FIGURES, MONSTER, OVER, GameState, evolve
from tests.engine.bot_games import EXPERIENCED, play, play_setting, setting_levels

Decide = Callable[[GameState, int], dict[str, Any]]




@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("options", [None, EXPERIENCED], ids=["basic", "experienced"])
def test_easy_and_random_bots_play_whole_games_legally(players: int,
                                                      options: Options | None) -> None:
    levels = ["easy", "random"] * 4
    state, actions = play(levels[:players], 40 + players, options)
    assert state.phase == OVER and state.outcome is not None
    if options:  # the placement phase was played by the bots, all 17 tiles
        assert sum(a["type"] == "place" for a in actions) == 17


@pytest.mark.timeout(900)  # at full size twelve games, a hard move half a second each
def test_every_level_plays_whole_games_legally_at_every_size_and_in_both_games(
    soak: bool,
) -> None:
    # Each game seats hard, normal and then easy and random bots: 2 to 7 players, basic and
    # experienced, every action checked against the view's legal listing (bot_games.play).
    # A hard move takes about half a second, so the twelve games share the machine's cores;
    # the quick sample (without --soak) plays two of them.
    settings = [(players, variant) for players in range(2, 8)
                for variant in ("basic", "experienced")]
    if not soak:
        settings = [(2, "basic"), (3, "experienced")]
    with ProcessPoolExecutor(max_workers=min(len(settings), os.cpu_count() or 1),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        games = list(pool.map(play_setting, settings))
    for (players, variant), (over, moves) in zip(settings, games, strict=True):
        assert over, (players, variant)
        assert moves["hard"] >= 10 and moves["normal"] >= 10, (players, variant, moves)
        assert set(moves) == set(setting_levels(players)), moves


def test_a_whole_game_of_bots_replays_exactly() -> None:
    first = play(["normal", "easy", "random"], 11, max_actions=60)
    again = play(["normal", "easy", "random"], 11, max_actions=60)
    assert first[1] == again[1]
    assert first[0] == again[0]


def mid_game_states() -> list[GameState]:
    """Return a few figure-phase states of a 3-player basic game of easy bots."""
    state = new_game(3, seed=21)
    found = []
    while state.phase != OVER and len(found) < 4:
        if state.phase == MONSTER:
            state = resolve_monster_phase(state).state
            continue
        if state.game_turn >= 2 and state.version % 3 == 0:
            found.append(state)
        seat = state.to_move
        assert seat is not None
        action = choose(player_view(state, seat), "easy", state.version)
        state = apply_action(state, action_from_dict(action), seat).state
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_level_and_seed_give_the_same_action(level: str) -> None:
    state = mid_game_states()[1]
    view = player_view(state, state.to_move)
    untouched = copy.deepcopy(view)
    assert choose(view, level, 99) == choose(view, level, 99)
    assert view == untouched


def with_other_secrets(state: GameState, count: int) -> list[GameState]:
    """Return copies of ``state`` whose secrets differ: the pile's order, seed and generator."""
    copies = []
    for k in range(count):
        rng = Rng(1000 + k)
        pile = list(state.pile)
        rng.shuffle(pile)
        copies.append(evolve(state, pile=tuple(pile), seed=rng.next_u64(), rng=rng.next_u64()))
    return copies


def answers(decide: Decide, state: GameState) -> set[str]:
    """Return the distinct answers of ``decide`` over copies of ``state`` with other secrets."""
    assert state.to_move is not None
    return {repr(decide(copy, state.to_move)) for copy in with_other_secrets(state, 6)}


def cheat(state: GameState, seat: int) -> dict[str, Any]:
    """A bot that reads the real pile: it plays the turn out and draws the real next card."""
    cache = SearchCache()
    best = max(ranked_actions(state, cache)[:6], key=lambda item: score(
        resolve_monster_phase(play_out_figure_phase(item[2], cache)).state, seat))
    return action_to_dict(best[1])


@pytest.mark.parametrize("level", LEVELS)
def test_bots_answer_the_same_whatever_the_hidden_pile_seed_and_generator(level: str) -> None:
    states = mid_game_states()[:1] if level == "hard" else mid_game_states()  # hard is slow
    for state in states:
        assert answers(lambda s, seat: choose(player_view(s, seat), level, 5), state) == {
            repr(choose(player_view(state, state.to_move), level, 5))}


def test_the_fairness_check_catches_a_bot_that_reads_the_pile() -> None:
    assert any(len(answers(cheat, state)) > 1 for state in mid_game_states())


def test_the_state_rebuilt_from_a_view_shows_the_same_view() -> None:
    for state in mid_game_states():
        view = player_view(state, state.to_move)
        rebuilt = state_from_view(view, remaining_cards(False, view["discard"]), 17)
        assert player_view(rebuilt, state.to_move) == view
        assert len(rebuilt.pile) == view["cards_left"]


def test_the_first_card_is_never_a_hit_and_the_odds_follow_the_discard() -> None:
    game = new_game(2, seed=3)
    assert {card for card, _ in next_card_odds(game)} == {"5", "7", "8", "10"}
    later = evolve(game, first_card_drawn=True, discard=("7", "1hit", "10"))
    odds = dict(next_card_odds(later))
    assert odds == {"2hits": 0.2, "5": 0.2, "7": 0.2, "8": 0.4}


def test_an_unknown_level_or_nobody_to_act_is_refused() -> None:
    game = new_game(2, seed=3)
    with pytest.raises(InvalidSetup):
        choose(player_view(game, 0), "grandmaster", 1)
    monster = evolve(game, phase=MONSTER, to_move=None)
    with pytest.raises(WrongPhase):
        choose(player_view(monster, None), "easy", 1)
    assert game.phase == FIGURES
