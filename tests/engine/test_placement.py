"""The experienced game's set-up (RULES §5, §7; D7, D19, D20): placing the 17 tiles."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import (
    IllegalPlacement,
    InvalidSetup,
    InvalidSquare,
    NotYourTurn,
    Options,
    Place,
    WrongPhase,
    action_from_dict,
    apply_action,
    new_game,
    parse_action,
)
from engine.board import NEIGHBOURS, is_edge, square_name, wrap
from engine.placement import NO_TILE_ZONE, legal_placements, tile_squares, walk_to_exit
from engine.setup import EXPERIENCED_TILES
from engine.state import FIGURES, PLACEMENT, GameState
from tests.engine.helpers import sq

EXPERIENCED = Options(experienced=True)


def placing(seed: int = 3, players: int = 3, **options: bool) -> GameState:
    """Return a new experienced game in its placement phase."""
    return new_game(players, seed=seed, options=Options(experienced=True, **options))


def place(state: GameState, text: str) -> GameState:
    """Apply a placement written in notation for the seat to act."""
    return apply_action(state, parse_action(text), state.to_move).state


def refusal(state: GameState, text: str) -> IllegalPlacement:
    """Return the error a refused placement raises."""
    with pytest.raises(IllegalPlacement) as err:
        place(state, text)
    return err.value


def test_the_experienced_game_starts_with_17_tiles_to_place_and_an_empty_board() -> None:
    state = placing()
    assert state.phase == PLACEMENT
    assert Counter(state.tiles_to_place) == Counter(EXPERIENCED_TILES)
    assert len(state.tiles_to_place) == 17
    assert state.stones == () and state.pools == () and state.teleporters == ()


def test_the_first_placer_is_drawn_from_the_seed_unless_the_creator_names_one() -> None:
    drawn = {new_game(4, seed=s, options=EXPERIENCED).to_move for s in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert new_game(4, seed=1, options=EXPERIENCED, start_seat=2).to_move == 2  # D19


def test_players_place_one_tile_each_in_turn_order() -> None:
    state = placing(players=3, seed=1)
    first = state.to_move
    state = place(state, "place stone c3")
    assert state.to_move == (first + 1) % 3
    state = place(state, "place crystal e5")
    assert state.to_move == (first + 2) % 3
    assert sorted(state.stones) == [(sq("c3"), "stone"), (sq("e5"), "crystal")]
    assert state.tiles_to_place.count("stone") == 2


def test_after_the_last_tile_the_next_player_becomes_start_player_and_figures_move() -> None:
    state = placing(players=3, seed=2)
    first = state.to_move
    squares = iter(["c3", "e3", "g3", "c5", "e5", "g5", "c7", "e7", "g7", "k3", "k5"])
    for tile in ["stone"] * 3 + ["crystal"] * 2 + ["turn_right"] * 4 + ["turn_180"] * 2:
        state = place(state, f"place {tile.replace('_', ' ')} {next(squares)}")
    state = place(state, "place teleporter A m9 N")
    state = place(state, "place teleporter A c9 E")
    state = place(state, "place teleporter B i1 S")
    state = place(state, "place teleporter B i10 W")
    state = place(state, "place pool square i5")
    last = state.to_move
    state = place(state, "place pool long e11 h")
    assert last == (first + 16) % 3
    assert state.phase == FIGURES
    assert state.start_seat == state.to_move == (last + 1) % 3
    assert state.tiles_to_place == ()
    assert len(state.stones) == 11 and len(state.teleporters) == 4 and len(state.pools) == 2


def test_a_teleporter_carries_the_arrow_its_player_chose() -> None:
    state = place(placing(), "place teleporter B h4 W")
    (t,) = state.teleporters
    assert (t.kind, t.square, t.arrow) == ("B", sq("h4"), 3)


def test_the_long_pool_lies_horizontal_or_vertical() -> None:
    across = place(placing(), "place pool long e5 h").pools[0]
    down = place(placing(), "place pool long e5 v").pools[0]
    assert across.squares == tuple(sq(n) for n in ("e5", "f5", "g5", "h5"))
    assert down.squares == tuple(sq(n) for n in ("e5", "e6", "e7", "e8"))


@pytest.mark.parametrize("square", ["a1", "b1", "a2", "p11", "p10", "o11"])
def test_d7_nothing_may_be_placed_on_the_corners_or_their_orthogonal_neighbours(square) -> None:
    err = refusal(placing(), f"place stone {square}")
    assert err.code == "placement/no_tile_zone"
    assert square in err.message


@pytest.mark.parametrize("square", ["b2", "o10"])
def test_d7_the_diagonal_neighbours_of_the_corners_are_allowed(square: str) -> None:
    assert place(placing(), f"place stone {square}").stone_at(sq(square)) == "stone"


def test_a_pool_reaching_into_the_no_tile_zone_is_refused() -> None:
    err = refusal(placing(), "place pool square a2")
    assert err.code == "placement/no_tile_zone"


def test_tiles_never_overlap() -> None:
    state = place(placing(), "place pool square i3")
    err = refusal(state, "place stone j4")
    assert err.code == "placement/overlap" and "j4" in err.message
    err = refusal(state, "place pool long h4 h")
    assert err.code == "placement/overlap"


def test_a_pool_must_lie_fully_on_the_board() -> None:
    assert refusal(placing(), "place pool long n5 h").code == "placement/off_board"
    assert refusal(placing(), "place pool long e9 v").code == "placement/off_board"
    assert refusal(placing(), "place pool square p6").code == "placement/off_board"
    assert refusal(placing(), "place pool square l1").code == "placement/off_board"


def test_two_teleporters_may_never_be_orthogonally_adjacent() -> None:
    state = place(placing(), "place teleporter A f5 N")
    err = refusal(state, "place teleporter B f6 N")
    assert err.code == "placement/teleporters_adjacent"
    assert place(state, "place teleporter B g6 N").teleporters[-1].square == sq("g6")


def test_a_teleporter_needs_an_arrow_and_other_tiles_have_none() -> None:
    assert refusal(placing(), "place teleporter A f5").code == "placement/arrow"
    assert refusal(placing(), "place stone f5 N").code == "placement/arrow"


def test_the_long_pool_needs_an_orientation_and_others_have_none() -> None:
    state = placing()
    with pytest.raises(IllegalPlacement) as err:
        apply_action(state, Place("pool_long", sq("e5")), state.to_move)
    assert err.value.code == "placement/orientation"
    with pytest.raises(IllegalPlacement) as err:
        apply_action(state, Place("stone", sq("e5"), orientation="h"), state.to_move)
    assert err.value.code == "placement/orientation"


def test_a_tile_that_is_used_up_or_unknown_is_refused() -> None:
    state = placing()
    for square in ("c3", "e3", "g3"):
        state = place(state, f"place stone {square}")
    assert refusal(state, "place stone k3").code == "placement/not_available"
    with pytest.raises(IllegalPlacement) as err:
        apply_action(state, Place("lava", sq("k3")), state.to_move)
    assert err.value.code == "placement/unknown_tile"


def test_d20_the_online_rule_refuses_a_teleporter_by_the_twin_of_a_teleporters_wall() -> None:
    state = placing(online_teleporter_rule=True)
    state = place(state, "place teleporter A a5 N")  # by wall W, whose twin borders p7
    assert wrap(sq("a5")) == sq("p7")
    err = refusal(state, "place teleporter B p7 N")
    assert err.code == "placement/twin_wall"
    assert "a5" in err.message


def test_without_the_online_rule_a_teleporter_may_stand_by_the_twin_wall() -> None:
    state = place(placing(), "place teleporter A a5 N")
    assert place(state, "place teleporter B p7 N").teleporters[-1].square == sq("p7")


def test_placing_is_refused_out_of_turn_and_outside_the_placement_phase() -> None:
    state = placing(players=3, seed=1)
    with pytest.raises(NotYourTurn):
        apply_action(state, Place("stone", sq("c3")), (state.to_move + 1) % 3)
    basic = new_game(3, seed=1)
    with pytest.raises(WrongPhase):
        apply_action(basic, Place("stone", sq("c3")), basic.to_move)


def test_a_refused_placement_changes_nothing() -> None:
    state = placing()
    with pytest.raises(IllegalPlacement):
        place(state, "place stone a1")
    assert state == placing()


def test_legal_placements_list_exactly_the_squares_a_tile_may_take() -> None:
    state = place(placing(), "place teleporter A f5 N")
    allowed = {p.square for p in legal_placements(state, "teleporter_B")}
    assert sq("f5") not in allowed and sq("f6") not in allowed and sq("g6") in allowed
    assert not allowed & NO_TILE_ZONE
    longs = legal_placements(state, "pool_long")
    assert {p.orientation for p in longs} == {"h", "v"}
    assert all(min(tile_squares(p)) >= 0 for p in longs)


def check_set_up(state: GameState) -> None:
    """Assert that a finished set-up keeps every placement limit."""
    taken = [sq for sq, _ in state.stones] + [t.square for t in state.teleporters]
    taken += [s for p in state.pools for s in p.squares]
    assert len(taken) == len(set(taken)) == 11 + 4 + 8
    assert not set(taken) & NO_TILE_ZONE
    tele = {t.square for t in state.teleporters}
    for square in tele:
        assert not any(NEIGHBOURS[square][d] in tele for d in range(4))
    assert sorted(Counter(t.kind for t in state.teleporters).values()) == [2, 2]


@pytest.mark.parametrize("seed", range(12))
def test_the_random_set_up_places_all_17_tiles_within_the_limits(seed: int) -> None:
    state = new_game(2 + seed % 6, seed=seed,
                     options=Options(experienced=True, random_setup=True,
                                     online_teleporter_rule=seed % 2 == 1))
    assert state.phase == FIGURES and state.version == 0
    check_set_up(state)
    if state.options.online_teleporter_rule:
        tele = {t.square for t in state.teleporters}
        assert not any(is_edge(s) and wrap(s) in tele and wrap(s) != s for s in tele)


def test_the_random_set_up_is_the_same_for_the_same_seed_and_differs_between_seeds() -> None:
    options = Options(experienced=True, random_setup=True)
    one, again, other = (new_game(4, seed=s, options=options) for s in (5, 5, 6))
    assert one == again
    assert (one.stones, one.teleporters) != (other.stones, other.teleporters)


def structured_refusal(state: GameState, data: dict[str, str]) -> IllegalPlacement:
    """Return the error a placement sent in the structured form raises."""
    with pytest.raises(IllegalPlacement) as err:
        apply_action(state, action_from_dict({"type": "place", **data}), state.to_move)
    return err.value


@pytest.mark.parametrize(("text", "data", "reason"), [
    ("place stone a11", {"tile": "stone", "square": "a11"}, "off_board"),
    ("place teleporter A p1 N", {"tile": "teleporter_A", "square": "p1", "arrow": "N"},
     "off_board"),
    ("place dragon c3", {"tile": "dragon", "square": "c3"}, "unknown_tile"),
    ("place stone c3 h", {"tile": "stone", "square": "c3", "orientation": "h"}, "orientation"),
    ("place crystal c3 vertical", {"tile": "crystal", "square": "c3", "orientation": "v"},
     "orientation"),
], ids=["staircase", "staircase_teleporter", "unknown_tile", "stray_h", "stray_vertical"])
def test_a_placement_is_refused_with_one_code_whether_written_or_structured(
        text: str, data: dict[str, str], reason: str) -> None:
    written, structured = refusal(placing(), text), structured_refusal(placing(), data)
    assert written.code == structured.code == f"placement/{reason}"
    assert written.to_dict() == structured.to_dict()
    assert written.details["reason"] == reason


def test_a_name_that_is_no_square_of_the_grid_is_still_not_a_square() -> None:
    with pytest.raises(InvalidSquare):
        action_from_dict({"type": "place", "tile": "stone", "square": "q3"})


SEALING = ("place teleporter A c1 N", "place teleporter A b2 E", "place teleporter B a3 S")


def test_teleporters_may_seal_the_exit_for_the_whole_game_without_the_option() -> None:
    state = placing()
    assert not state.options.open_exit  # off unless the creator asks
    for text in SEALING:
        state = place(state, text)
    assert walk_to_exit({t.square for t in state.teleporters}) is None


def test_with_the_option_a_teleporter_that_would_seal_the_exit_is_refused() -> None:
    state = placing(open_exit=True)
    for text in SEALING[:2]:
        state = place(state, text)
    refused = refusal(state, SEALING[2])
    assert refused.code == "placement/seals_exit"
    assert refused.details == {"reason": "seals_exit", "tile": "teleporter_B", "square": "a3"}
    assert "a3" not in {square_name(p.square) for p in legal_placements(state, "teleporter_B")}
    assert place(state, "place teleporter B a4 S").phase == PLACEMENT  # elsewhere it may go


def test_with_the_option_random_set_ups_never_seal_the_exit() -> None:
    for seed in range(60):
        state = new_game(2 + seed % 6, seed=seed,
                         options=Options(experienced=True, random_setup=True, open_exit=True))
        assert walk_to_exit({t.square for t in state.teleporters}) is not None, seed


def test_the_option_belongs_to_the_experienced_game() -> None:
    with pytest.raises(InvalidSetup) as refused:
        new_game(2, seed=1, options=Options(open_exit=True))
    assert refused.value.details == {"option": "open_exit"}
