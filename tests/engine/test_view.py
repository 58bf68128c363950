"""The player view (engine.view): no secrets, the cards left, the actor's legal actions."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engine.moves import legal_outcomes
from engine.options import Options
from engine.position import state_to_dict
from engine.setup import new_game
from engine.view import SECRET_FIELDS, player_view
from tests.engine.helpers import fig, position


def keys(data: Any) -> Iterator[str]:
    """Yield every dict key anywhere inside ``data``."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield k
            yield from keys(v)
    elif isinstance(data, list):
        for item in data:
            yield from keys(item)


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_the_view_holds_no_pile_seed_or_rng_anywhere(seat: int | None) -> None:
    state = new_game(3, seed=11)
    view = player_view(state, seat)
    assert not set(keys(view)) & {"pile", "seed", "rng"}
    assert set(SECRET_FIELDS) == {"pile", "seed", "rng"}
    text = json.dumps(view)
    assert str(state.rng) not in text


def test_the_view_says_how_many_cards_are_left() -> None:
    state = new_game(2, seed=1)
    assert player_view(state, 0)["cards_left"] == 8
    hand = position({"red5": "h6"}, pile=["5", "7", "1hit"], discard=["8"])
    view = player_view(hand, 0)
    assert view["cards_left"] == 3
    assert view["discard"] == ["8"]


def test_the_view_is_the_position_without_the_secrets() -> None:
    state = new_game(4, seed=4)
    view = player_view(state, 2)
    public = {k: v for k, v in state_to_dict(state).items() if k not in SECRET_FIELDS}
    assert {k: view[k] for k in public} == public
    assert view["viewer"] == 2


def test_the_view_lists_the_legal_actions_of_the_seat_to_act() -> None:
    state = position({"red4": "h6", "red1": "outside", "red3": "c3 moved", "blue1": "h8"},
                     stones=["h5"], game_turn=2)
    legal = player_view(state, 1)["legal"]
    assert (legal["seat"], legal["kind"]) == (0, "figure")
    by_key = {f["figure"]: f for f in legal["figures"]}
    assert set(by_key) == {"red4", "red1"}
    assert by_key["red4"]["moves"] == [o.to_dict() for o in legal_outcomes(state, fig("red4"))]
    assert (by_key["red4"]["shows"], by_key["red4"]["where"], by_key["red4"]["can_flip"]) == (
        4, "h6", True)
    assert by_key["red1"]["where"] == "outside"
    assert all(m["path"].startswith("+") for m in by_key["red1"]["moves"])
    north = next(m for m in by_key["red4"]["moves"] if m["path"] == "N")
    assert north["pushes"] == [{"from": "h5", "to": "h4"}]


def test_every_viewer_sees_the_same_legal_actions() -> None:
    state = new_game(3, seed=5)
    views = [player_view(state, seat) for seat in (None, 0, 1, 2)]
    assert all(v["legal"] == views[0]["legal"] for v in views)


def test_nobody_has_actions_in_the_monster_phase() -> None:
    state = position({"red4": "h6 moved", "blue1": "h8 moved"}, phase="monster", to_move=None)
    assert player_view(state, 0)["legal"] == {"seat": None, "kind": None}


def test_the_placement_phase_lists_the_tiles_and_where_they_may_go() -> None:
    state = new_game(2, seed=3, start_seat=1, options=Options(experienced=True))
    legal = player_view(state, 0)["legal"]
    assert (legal["seat"], legal["kind"]) == (1, "placement")
    tiles = {t["tile"]: t for t in legal["tiles"]}
    assert set(tiles) == set(state.tiles_to_place)
    assert tiles["stone"]["left"] == 3
    assert tiles["teleporter_A"]["arrows"] == ["N", "E", "S", "W"]
    assert tiles["stone"]["arrows"] == []
    squares = {s["square"] for s in tiles["stone"]["squares"]}
    assert not squares & {"a1", "b1", "a2", "p11", "o11", "p10"}


def test_the_view_is_plain_json() -> None:
    state = new_game(7, seed=9)
    view = player_view(state, 3)
    assert json.loads(json.dumps(view)) == view
