"""Monster cards and the first-card rule (RULES §2, §4; D9, D18)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import InvalidPosition, Options, new_game, resolve_monster_phase, state_from_dict
from engine.cards import card_label, check_card, deck, hits, is_hit, steps
from engine.state import MONSTER, GameState
from tests.engine.monster_helpers import monster_position, of_type
from tests.engine.random_play import flip_everything

DECK = ("5", "7", "7", "8", "8", "10", "1hit", "2hits")


def first_phase(pile: list[str], **fields) -> GameState:
    """Return a monster phase whose pile is ``pile`` and whose first card is still to come."""
    return monster_position({"red1": "c3"}, pile=pile, first_card_drawn=False, **fields)


def test_the_deck_is_5_7_7_8_8_10_1_hit_and_2_hits() -> None:
    assert Counter(deck(three_hits=False)) == Counter(DECK)


def test_in_the_3_hits_variant_the_5_becomes_3_hits() -> None:
    assert Counter(deck(three_hits=True)) == Counter(("3hits", *DECK[1:]))


@pytest.mark.parametrize(("card", "n_steps", "n_hits", "label"), [
    ("5", 5, 0, "5"), ("7", 7, 0, "7"), ("8", 8, 0, "8"), ("10", 10, 0, "10"),
    ("1hit", 0, 1, "1 hit"), ("2hits", 0, 2, "2 hits"), ("3hits", 0, 3, "3 hits"),
])
def test_a_card_gives_a_number_of_steps_or_a_number_of_figures_to_catch(
    card: str, n_steps: int, n_hits: int, label: str
) -> None:
    assert (steps(card), hits(card), is_hit(card), card_label(card)) == (
        n_steps, n_hits, n_hits > 0, label)


@pytest.mark.parametrize("card", ["6", "4hits", "hit", "", "8 "])
def test_an_unknown_card_is_refused_naming_it(card: str) -> None:
    with pytest.raises(InvalidPosition) as err:
        check_card(card)
    assert repr(card) in err.value.message
    assert err.value.code == "position/invalid"


def test_a_position_with_an_unknown_card_in_its_pile_is_refused() -> None:
    with pytest.raises(InvalidPosition):
        state_from_dict({"figures": [{"figure": "red1"}], "pile": ["8", "9"]})


@pytest.mark.parametrize(("players", "options"), [
    (2, Options()), (6, Options(three_hits=True)), (7, Options(experienced=True,
                                                               random_setup=True)),
])
def test_a_new_game_shuffles_all_eight_cards_of_its_deck(players: int, options: Options) -> None:
    state = new_game(players, seed=11, options=options)
    assert Counter(state.pile) == Counter(deck(options.three_hits))
    assert (state.discard, state.first_card_drawn) == ((), False)


def test_the_pile_order_comes_from_the_seed() -> None:
    piles = {new_game(2, seed=seed).pile for seed in range(20)}
    assert len(piles) > 10
    assert new_game(2, seed=5).pile == new_game(2, seed=5).pile


def test_the_first_card_of_the_game_may_not_be_a_hit_card() -> None:
    t = resolve_monster_phase(first_phase(["1hit", "2hits", "7", "5", "7", "8", "8", "10"]))
    assert [e["card"] for e in of_type(t.events, "card")] == ["7"]
    assert of_type(t.events, "first_card_redraw") == [
        {"type": "first_card_redraw", "set_aside": ["1hit", "2hits"], "card": "7"}]
    assert len(of_type(t.events, "step")) == 7
    assert t.state.discard == ("7",)


def test_d18_the_set_aside_hit_cards_are_shuffled_together_with_the_rest_of_the_pile() -> None:
    rest = Counter(["1hit", "2hits", "5", "7", "8", "8", "10"])
    piles = set()
    for seed in range(12):
        state = first_phase(["2hits", "1hit", "7", "5", "7", "8", "8", "10"], seed=seed)
        pile = resolve_monster_phase(state).state.pile
        assert Counter(pile) == rest
        piles.add(pile)
    assert len(piles) > 6  # shuffled from the game's generator, not put back in a fixed place
    assert not all(p[:2] == ("2hits", "1hit") for p in piles)


def test_d18_a_single_hit_card_on_top_is_set_aside_and_the_next_card_is_played() -> None:
    t = resolve_monster_phase(first_phase(["1hit", "8", "5", "7", "7", "8", "10", "2hits"]))
    assert of_type(t.events, "first_card_redraw")[0]["set_aside"] == ["1hit"]
    assert t.state.discard == ("8",)
    assert Counter(t.state.pile) == Counter(["1hit", "5", "7", "7", "8", "10", "2hits"])


def test_a_number_card_on_top_is_played_and_the_pile_is_left_as_it_was() -> None:
    pile = ["8", "1hit", "5", "7", "7", "8", "10", "2hits"]
    t = resolve_monster_phase(first_phase(pile))
    assert of_type(t.events, "first_card_redraw") == []
    assert t.state.pile == tuple(pile[1:])
    assert t.state.first_card_drawn


def test_d9_after_the_first_card_a_hit_card_on_top_is_played_as_it_is() -> None:
    state = monster_position({"red1": "c3"}, pile=["1hit", "5", "7", "7", "8", "8", "10"],
                             discard=["2hits"], first_card_drawn=True)
    t = resolve_monster_phase(state)
    assert [e["card"] for e in of_type(t.events, "card")] == ["1hit"]
    assert of_type(t.events, "first_card_redraw") == []


def test_d9_the_first_card_rule_is_not_applied_again_when_stage_2_begins() -> None:
    state = monster_position({"red1": "c3"}, pile=["5", "2hits"],
                             discard=["7", "7", "8", "8", "10", "1hit"])
    stage_2 = resolve_monster_phase(state, "5").state
    assert (stage_2.stage, stage_2.first_card_drawn) == (2, True)
    hit_on_top = monster_position({"red1": "c3"}, stage=2, pile=["2hits", *DECK[:6]],
                                  first_card_drawn=stage_2.first_card_drawn)
    t = resolve_monster_phase(hit_on_top)
    assert [e["card"] for e in of_type(t.events, "card")] == ["2hits"]


def test_in_a_real_game_whose_pile_starts_with_a_hit_card_a_number_card_is_played_first() -> None:
    seed = next(s for s in range(100) if is_hit(new_game(3, seed=s).pile[0]))
    state = flip_everything(new_game(3, seed=seed))
    assert state.phase == MONSTER
    t = resolve_monster_phase(state)
    card = of_type(t.events, "card")[0]["card"]
    assert not is_hit(card)
    assert t.state.discard == (card,)
    assert Counter(t.state.pile) + Counter([card]) == Counter(DECK)


def test_each_card_played_goes_onto_the_discard_pile_in_order() -> None:
    state = monster_position({"red1": "c3"}, pile=["10", "7", "7", "8", "8", "1hit", "2hits"],
                             discard=["5"])
    t = resolve_monster_phase(state)
    assert (t.state.discard, t.state.pile) == (("5", "10"), ("7", "7", "8", "8", "1hit", "2hits"))
