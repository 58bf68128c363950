"""GET/PUT/DELETE /games/{id}/plan: a seat's own plan, its refusals, and nothing
half-written."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from service.features.plans.models import TurnPlan
from service.plumbing.extensions import db
from tests.plans.helpers import TWO, move, plan_of, put_plan, read_plan
from tests.service.helpers import API, assert_error, auth, create_game, read

EMPTY = {"lines": [], "flip_rest": False, "game_turn": None, "stopped": None, "report": None}


def plans_count(app: Flask) -> int:
    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(TurnPlan))
        db.session.rollback()
    return int(count or 0)


def test_a_seat_without_a_plan_reads_an_empty_one(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    assert plan_of(client, game, 1) == EMPTY


def test_a_seat_plans_and_reads_its_lines_with_the_outcomes_recorded(
        client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    response = put_plan(client, game, 0, {"action": {"type": "move", "figure": "green5",
                                                     "path": "+NNW"}, "or_flip": True},
                        flip_rest=True)
    assert response.status_code == 200, response.get_data(as_text=True)
    plan = response.get_json()
    assert plan == read_plan(client, game, 0)
    assert plan["flip_rest"] is True and plan["game_turn"] == 1 and plan["stopped"] is None
    assert plan["lines"] == [
        {"notation": "green 5 +NNW or flip",
         "action": {"type": "move", "figure": "green5", "path": "+NNW"}, "or_flip": True,
         "to": "o9", "pushes": [{"from": "o9", "to": "n9", "piece": "stone"}]}]


def test_a_plan_is_replaced_and_cancelled(client: FlaskClient, app: Flask) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    assert put_plan(client, game, 0, "5 +NNW").status_code == 200
    assert put_plan(client, game, 0, "flip 5").get_json()["lines"][0]["notation"] == (
        "flip green 5")
    response = client.delete(game.url("/plan"), headers=auth(game.seat_tokens[0]))
    assert response.status_code == 204
    assert plan_of(client, game, 0) == {**EMPTY, "report": (
        "Your plan: green 5 +NNW not played: you replaced the plan first; flip green 5 not "
        "played: you cleared the plan first.")}
    assert plans_count(app) == 0
    assert client.delete(game.url("/plan"),
                         headers=auth(game.seat_tokens[0])).status_code == 204


def test_a_plan_is_its_seats_alone(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    put_plan(client, game, 0, "5 +NNW or flip", flip_rest=True)
    for token in (game.creator_token, game.spectator_token):
        for method in (client.get, client.delete):
            assert_error(method(game.url("/plan"), headers=auth(token)), 403, "auth/forbidden")
        assert_error(put_plan(client, game, 0, "5 +N", token=token), 403, "auth/forbidden")
    assert plan_of(client, game, 1) == EMPTY
    for token in (game.seat_tokens[1], game.creator_token, game.spectator_token):
        seen = str(read(client, game, token))
        assert "or flip" not in seen and "or_flip" not in seen and "flip_rest" not in seen


def test_a_line_that_cannot_be_planned_is_refused_and_nothing_is_written(
        client: FlaskClient, app: Flask) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    error = assert_error(put_plan(client, game, 0, "5 +NNW", "5 +N"), 422, "plan/invalid_line")
    assert error["details"] == {"line": 1, "reason": "move/illegal"}
    assert error["message"].startswith("Line 2 of your plan ('5 +N') cannot be planned: ")
    error = assert_error(put_plan(client, game, 0, "red 5 +N"), 422, "plan/invalid_line")
    assert error["details"]["reason"] == "move/unknown_figure"
    assert_error(put_plan(client, game, 0, "hello"), 422, "plan/invalid_line")
    assert_error(put_plan(client, game, 0), 422, "plan/empty")
    assert plans_count(app) == 0


def test_bad_bodies_get_request_invalid(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    token = auth(game.seat_tokens[1])
    for body in ({"lines": "5 +N"}, {"lines": [{}]},
                 {"lines": [{"notation": "5 +N", "action": {"type": "flip", "figure": "red5"}}]},
                 {"lines": [{"action": {"type": "place", "figure": "red5"}}]},
                 {"lines": [{"notation": "flip 1"}] * 5}, {"flip_rest": "yes"}):
        assert_error(client.put(game.url("/plan"), json=body, headers=token), 422,
                     "request/invalid")


def test_a_plan_is_refused_outside_the_figure_phase_and_in_a_game_not_under_way(
        client: FlaskClient) -> None:
    game = create_game(client, TWO)
    response = client.put(game.url("/plan"), json={"lines": [{"notation": "red 5 +N"}],
                                                   "expected_version": 3},
                          headers=auth(game.seat_tokens[1]))
    assert_error(response, 409, "game/stale_version")
    assert client.post(game.url("/pause"), headers=auth(game.creator_token)).status_code == 200
    assert_error(put_plan(client, game, 1, "red 5 +N"), 409, "game/paused")
    unknown = client.get(f"{API}/games/AAAAAAAAAAAAAAAAAAAAAA/plan",
                         headers=auth(game.seat_tokens[1]))
    assert_error(unknown, 404, "game/not_found")
