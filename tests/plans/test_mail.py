"""Plans by mail: several move lines in one reply; the first is made now if it is the
seat's move, the rest become its turn plan; a single line keeps its old meaning."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from service.features.mailin.service import receive
from tests.mailin.helpers import actions_of, address_of, answers, reply
from tests.plans.helpers import TWO, plan_of, run_plan_jobs
from tests.service.helpers import create_game


def take(app: Flask, raw: bytes) -> list:
    with app.app_context():
        return receive(raw, ())


def test_the_first_line_is_made_now_and_the_others_become_the_plan(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    [result] = take(app, reply(address_of(app, game), "Hi!\ngreen 4 +N\n5 +NNW or flip\n"
                                                      "flip the rest"))
    assert result.status == "applied"
    assert actions_of(app, game) == ["green 4 +N"]
    plan = plan_of(client, game, 0)
    assert [line["notation"] for line in plan["lines"]] == ["green 5 +NNW or flip"]
    assert plan["flip_rest"] is True
    text = answers(app)[0]["text"]
    assert "Your move green 4 +N was made; Bob is next." in text  # a plan is always answered
    assert "Your plan for your coming turns of this game turn: 1. 5 +NNW or flip; then flip " \
           "the rest." in text


def test_moves_sent_out_of_turn_all_become_the_plan(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    with app.app_context():
        bob = address_of(app, game, 1)
    [result] = take(app, reply(bob, "red 4 +W\nred 5 +NN", sender="bob@example.com"))
    assert (result.status, result.code) == ("answered", "mail/planned")
    assert [line["notation"] for line in plan_of(client, game, 1)["lines"]] == [
        "red 4 +W", "red 5 +NN"]
    take(app, reply(address_of(app, game), "green 4 +N"))
    run_plan_jobs(app)
    assert actions_of(app, game) == ["green 4 +N", "red 4 +W"]


def test_a_single_line_out_of_turn_is_still_refused(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    bob = address_of(app, game, 1)
    [result] = take(app, reply(bob, "red 4 +W", sender="bob@example.com"))
    assert (result.status, result.code) == ("refused", "move/not_your_turn")
    assert plan_of(client, game, 1)["lines"] == []


def test_a_plan_that_cannot_be_made_is_answered_with_why(app: Flask,
                                                        client: FlaskClient) -> None:
    game = create_game(client, TWO)
    bob = address_of(app, game, 1)
    [result] = take(app, reply(bob, "red 4 +W\nred 4 +N", sender="bob@example.com"))
    assert (result.status, result.code) == ("refused", "plan/invalid_line")
    assert "Line 2 of your plan ('red 4 +N') cannot be planned" in answers(app)[0]["text"]
