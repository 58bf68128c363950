"""Rule options: one frozen value chosen at creation and stored with the game (Engine III)."""

from __future__ import annotations

from collections import Counter
from dataclasses import FrozenInstanceError

import pytest

from engine import InvalidSetup, Options, new_game, state_from_dict, state_to_dict
from engine.cards import deck


def test_options_are_frozen() -> None:
    options = Options(experienced=True)
    with pytest.raises(FrozenInstanceError):
        options.experienced = False  # type: ignore[misc]


def test_the_options_are_stored_with_the_game_and_survive_the_json_round_trip() -> None:
    options = Options(experienced=True, random_setup=True, three_hits=True,
                      online_teleporter_rule=True, open_exit=True)
    state = new_game(6, seed=4, options=options)
    assert state.options == options
    assert state_from_dict(state_to_dict(state)).options == options
    assert state_to_dict(state)["options"] == {"experienced": True, "random_setup": True,
                                               "three_hits": True,
                                               "online_teleporter_rule": True,
                                               "open_exit": True}


def test_the_basic_game_is_the_default() -> None:
    state = new_game(3, seed=1)
    assert state.options == Options()
    assert state.phase == "figures" and len(state.stones) == 11


@pytest.mark.parametrize("players", [6, 7])
def test_the_3_hits_card_replaces_the_5_with_6_or_7_players(players: int) -> None:
    state = new_game(players, seed=2, options=Options(three_hits=True))
    assert Counter(state.pile) == Counter(deck(True))
    assert "5" not in state.pile and "3hits" in state.pile


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_3_hits_card_is_refused_with_fewer_than_6_players(players: int) -> None:
    with pytest.raises(InvalidSetup) as err:
        new_game(players, seed=2, options=Options(three_hits=True))
    assert err.value.code == "setup/invalid" and "6-7 players" in err.value.message


def test_random_set_up_and_the_teleporter_rule_belong_to_the_experienced_game() -> None:
    for options in (Options(random_setup=True), Options(online_teleporter_rule=True)):
        with pytest.raises(InvalidSetup):
            new_game(4, seed=1, options=options)


def test_options_from_json_refuse_unknown_keys_and_non_booleans() -> None:
    assert Options.from_dict({"experienced": True}) == Options(experienced=True)
    assert Options.from_dict(None) == Options()
    with pytest.raises(InvalidSetup) as err:
        Options.from_dict({"experienced": True, "turbo": True})
    assert "turbo" in err.value.message
    with pytest.raises(InvalidSetup):
        Options.from_dict({"experienced": "yes"})


def test_a_stored_state_names_only_the_options_that_are_on_and_reads_back_the_same() -> None:
    # So the release before an option was added reads every game that leaves it off (its
    # reader refuses option names it does not know): a rollback keeps those games.
    state = new_game(5, seed=3, options=Options(experienced=True, random_setup=True))
    stored = state_to_dict(state, stored=True)
    assert stored["options"] == {"experienced": True, "random_setup": True}
    assert state_to_dict(state)["options"] == {
        "experienced": True, "random_setup": True, "three_hits": False,
        "online_teleporter_rule": False, "open_exit": False}
    assert state_from_dict(stored) == state
    plain = new_game(2, seed=3)
    assert state_to_dict(plain, stored=True)["options"] == {}
    assert state_from_dict(state_to_dict(plain, stored=True)) == plain
