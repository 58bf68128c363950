"""GET /games/{id}/plan's ``legal``: the moves a seat may plan now, out of its turn too, on
the board as it will be after its planned lines, and nothing the seat could not see."""

from __future__ import annotations

from flask.testing import FlaskClient

import engine
from service.features.plans.matching import Line, plannable
from tests.plans.helpers import TWO, move, put_plan, read_plan
from tests.service.helpers import create_game, read


def test_the_seat_to_act_may_plan_what_its_view_offers(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    legal = read(client, game, game.seat_tokens[0])["position"]["legal"]
    assert read_plan(client, game, 0)["legal"] == legal


def test_a_seat_out_of_its_turn_may_plan_each_of_its_figures(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    legal = read_plan(client, game, 1)["legal"]
    assert legal["seat"] == 1 and legal["kind"] == "figure"
    assert [f["figure"] for f in legal["figures"]] == ["red1", "red3", "red4", "red5"]
    assert all(f["can_flip"] and f["moves"] for f in legal["figures"])
    assert read(client, game, game.seat_tokens[1])["position"]["legal"]["seat"] == 0


def test_a_planned_figure_is_left_out_and_the_others_move_on_the_planned_board(
        client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    plan = put_plan(client, game, 1, "red 5 +NN").get_json()
    assert [f["figure"] for f in plan["legal"]["figures"]] == ["red1", "red3", "red4"]
    assert plan["legal"] == read_plan(client, game, 1)["legal"]
    state = engine.new_game(["green", "red"], seed=0, start_seat=0)
    lines = [Line(engine.Move(engine.FigureId.parse("red5"), "+NN"))]
    after = engine.apply_action(engine.state.evolve(state, to_move=1), lines[0].action, 1).state
    expected = engine.legal_actions(engine.state.evolve(after, to_move=1))
    assert plannable(state, 1, lines)["figures"] == [
        f for f in expected["figures"] if f["figure"] != "red5"]


def test_a_moved_figure_cannot_be_planned(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    legal = read_plan(client, game, 0)["legal"]
    assert "green4" not in [f["figure"] for f in legal["figures"]]
    assert len(legal["figures"]) == 3


def test_what_may_be_planned_holds_nothing_the_seat_could_not_see(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    seen = str(read_plan(client, game, 1))
    for secret in ("pile", "seed", "rng", "cards"):
        assert secret not in seen
