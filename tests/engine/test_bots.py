"""Computer players (engine.bots): legal, deterministic, blind to the secrets, every level."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine import action_from_dict, action_to_dict, apply_action, new_game, player_view
from engine.bots import LEVELS, choose, state_from_view
from engine.bots.evaluate import score
from engine.bots.knowledge import next_card_odds, remaining_cards
from engine.bots.policy import play_out_figure_phase, ranked_actions
from engine.errors import InvalidSetup, WrongPhase
from engine.monster_phase import resolve_monster_phase
from engine.options import Options
from engine.rng import Rng
from engine.search import SearchCache
from engine.state import FIGURES, MONSTER, OVER, GameState, evolve

Decide = Callable[[GameState, int], dict[str, Any]]


def in_legal(action: dict[str, Any], legal: dict[str, Any]) -> bool:
    """True when ``action`` is one the view's ``legal`` listing offers."""
    if legal["kind"] == "placement":
        for tile in legal["tiles"]:
            if tile["tile"] != action["tile"]:
                continue
            if tile["arrows"] and action.get("arrow") not in tile["arrows"]:
                return False
            return any(place["square"] == action["square"]
                       and place["orientation"] == action.get("orientation")
                       for place in tile["squares"])
        return False
    for figure in legal["figures"]:
        if figure["figure"] != action["figure"]:
            continue
        if action["type"] == "flip":
            return bool(figure["can_flip"])
        return any(move["path"] == action["path"] for move in figure["moves"])
    return False


def play(levels: list[str], seed: int, options: Options | None = None,
         max_actions: int | None = None) -> tuple[GameState, list[dict[str, Any]]]:
    """Play a game of bots (one level per seat), checking every action against the view's
    legal listing; return the last state and the actions in order."""
    state = new_game(len(levels), seed=seed, options=options)
    actions: list[dict[str, Any]] = []
    while state.phase != OVER and (max_actions is None or len(actions) < max_actions):
        if state.phase == MONSTER:
            state = resolve_monster_phase(state).state
            continue
        seat = state.to_move
        assert seat is not None
        view = player_view(state, seat)
        action = choose(view, levels[seat], seed * 7919 + state.version)
        assert in_legal(action, view["legal"]), (action, levels[seat])
        state = apply_action(state, action_from_dict(action), seat).state
        actions.append(action)
    return state, actions


EXPERIENCED = Options(experienced=True)


@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("options", [None, EXPERIENCED], ids=["basic", "experienced"])
def test_easy_and_random_bots_play_whole_games_legally(players: int,
                                                      options: Options | None) -> None:
    levels = ["easy", "random"] * 4
    state, actions = play(levels[:players], 40 + players, options)
    assert state.phase == OVER and state.outcome is not None
    if options:  # the placement phase was played by the bots, all 17 tiles
        assert sum(a["type"] == "place" for a in actions) == 17


@pytest.mark.parametrize(("players", "options"), [(2, None), (5, EXPERIENCED)],
                         ids=["2-basic", "5-experienced"])
def test_normal_bots_play_whole_games_legally(players: int, options: Options | None) -> None:
    levels = ["normal", "easy", "normal", "easy", "normal"][:players]
    state, _ = play(levels, 3, options)
    assert state.phase == OVER


@pytest.mark.parametrize(("players", "options"), [(3, None), (2, EXPERIENCED)],
                         ids=["3-basic", "2-experienced"])
def test_hard_bots_play_legally(players: int, options: Options | None) -> None:
    # Capped: the first game turns (and the placement phase) are enough to see legal play.
    _, actions = play(["hard", "normal", "hard"][:players], 5, options, max_actions=24)
    assert len(actions) == 24


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
