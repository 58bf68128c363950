"""The start player (``engine.setup.start_player``): the one chosen, or the one the seed draws."""

from __future__ import annotations

from engine import Options, new_game
from engine.setup import start_player


def test_the_start_player_is_the_one_the_game_starts_with() -> None:
    for seed in range(40):
        for players in (2, 4, 7):
            game = new_game(players, seed=seed)
            assert start_player(seed, players) == game.start_seat == game.to_move


def test_in_the_experienced_game_it_places_the_first_tile() -> None:
    for seed in range(20):
        game = new_game(3, seed=seed, options=Options(experienced=True))
        assert start_player(seed, 3) == game.to_move


def test_a_chosen_start_player_is_kept() -> None:
    assert start_player(5, 4, chosen=2) == 2 == new_game(4, seed=5, start_seat=2).start_seat
