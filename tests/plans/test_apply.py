"""Plans played through the pipeline (in process: the reaction writes the job, the worker's
relay runs it): a plan that holds, one that breaks, a chain, the monster phase, a race with
a direct submission, and the seat's "your move" mail held or sent with the reason."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from service.features.plans.models import TurnPlan
from service.features.plans.service import PAUSED, PLAN_JOB
from service.kernel.models import Action, Game
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.plans.helpers import (
    TWO,
    all_outbox_text,
    mails_to,
    move,
    plan_of,
    put_plan,
    run_plan_jobs,
)
from tests.service.helpers import NewGame, assert_error, auth, create_game, submit

ANN, BOB = "ann@example.com", "bob@example.com"
BROKEN = ("Your planned move green 5 +NNW no longer does what you planned: the stone on o9 "
          "was pushed away.")
TOLD_BROKEN = ("Your plan: green 5 +NNW broke (the stone on o9 was pushed away), so the plan "
               "stopped there.")


def version_of(app: Flask, game: NewGame) -> int:
    with app.app_context():
        version = db.session.get(Game, game.id).version
        db.session.rollback()
    return int(version)


def actions(app: Flask, game: NewGame) -> list[tuple[int, str]]:
    with app.app_context():
        rows = db.session.execute(select(Action.seat, Action.notation)
                                  .where(Action.game_id == game.id).order_by(Action.seq)).all()
        db.session.rollback()
    return [(row.seat, row.notation) for row in rows]


def turn_mails(app: Flask, address: str) -> list[str]:
    return [mail["text"] for mail in mails_to(app, address) if mail.get("topic") == "turn"]


def green_plans_then_red_moves(client: FlaskClient, red_move: str) -> NewGame:
    """Green enters 4, plans green 5 +NNW (pushing the stone on o9 to n9); red moves."""
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    assert put_plan(client, game, 0, "green 5 +NNW").status_code == 200
    move(client, game, 1, 1, red_move)
    return game


def test_a_plan_that_holds_is_played_for_the_seat_and_no_your_move_mail_goes(
        app: Flask, client: FlaskClient) -> None:
    game = green_plans_then_red_moves(client, "red 4 +W")
    assert run_plan_jobs(app) == 1
    assert actions(app, game)[-1] == (0, "green 5 +NNW")
    assert version_of(app, game) == 3
    assert plan_of(client, game, 0)["lines"] == []
    assert turn_mails(app, ANN) == []  # she started with her invitation
    assert any("green 5 +NNW" in text for text in turn_mails(app, BOB))


def test_a_plan_broken_by_a_push_stops_and_the_seat_is_told_why(
        app: Flask, client: FlaskClient) -> None:
    game = green_plans_then_red_moves(client, "red 5 +NWNW")  # the stone on o9 to o8
    assert run_plan_jobs(app) == 1
    assert version_of(app, game) == 2  # nothing was played
    assert plan_of(client, game, 0) == {"lines": [], "flip_rest": False, "game_turn": 1,
                                        "stopped": BROKEN, "report": None}  # told
    [mail] = turn_mails(app, ANN)
    assert TOLD_BROKEN in mail
    assert "green 5 +NNW" not in "".join(turn_mails(app, BOB))
    assert run_plan_jobs(app) == 0  # once: the job is done


def test_or_flip_flips_when_the_move_breaks(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    put_plan(client, game, 0, "green 5 +NNW or flip")
    move(client, game, 1, 1, "red 5 +NWNW")
    run_plan_jobs(app)
    assert actions(app, game)[-1] == (0, "flip green 5")


def test_plans_chain_without_anyone_online_and_the_monster_phase_clears_them(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    put_plan(client, game, 0, "green 5 +NNW", flip_rest=True)
    assert put_plan(client, game, 1, "red 4 +W", "red 5 +NN").status_code == 200  # red's turn
    assert run_plan_jobs(app) == 3
    assert actions(app, game)[1:] == [(1, "red 4 +W"), (0, "green 5 +NNW"), (1, "red 5 +NN")]
    with app.app_context():
        assert db.session.get(Game, game.id).phase == "monster"
        assert db.session.scalar(select(func.count()).select_from(TurnPlan)) == 0
        assert db.session.get(Game, game.id).has_plans is False
        db.session.rollback()


def test_a_plan_racing_a_direct_submission_is_played_once(
        app: Flask, client: FlaskClient) -> None:
    game = green_plans_then_red_moves(client, "red 4 +W")
    assert submit(client, game, 0, 2, notation="green 5 +NN").status_code == 201
    run_plan_jobs(app)
    assert actions(app, game)[2:] == [(0, "green 5 +NN")]

    game = green_plans_then_red_moves(client, "red 4 +W")
    run_plan_jobs(app)
    assert_error(submit(client, game, 0, 2, notation="green 5 +NN"), 409, "game/stale_version")
    assert actions(app, game)[2:] == [(0, "green 5 +NNW")]


def test_the_plan_job_is_written_once_per_game_and_version(
        app: Flask, client: FlaskClient) -> None:
    game = green_plans_then_red_moves(client, "red 4 +W")
    with app.app_context():
        keys = db.session.scalars(select(Outbox.dedupe_key).where(Outbox.kind == PLAN_JOB))
        assert list(keys) == [f"plan:{game.id}:2"]
        db.session.rollback()


def test_a_broken_plan_shows_in_no_other_seats_mail(app: Flask, client: FlaskClient) -> None:
    green_plans_then_red_moves(client, "red 5 +NWNW")
    run_plan_jobs(app)
    others = [mail for mail in mails_to(app, BOB)]
    assert others and not any("green 5 +NNW" in str(mail) for mail in others)
    assert all_outbox_text(app).count(TOLD_BROKEN) == 2  # Ann's mail: its text and its HTML


def test_a_cancelled_plan_is_not_played(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    put_plan(client, game, 0, "green 5 +NNW")
    assert client.delete(game.url("/plan"), headers=auth(game.seat_tokens[0])).status_code == 204
    move(client, game, 1, 1, "red 4 +W")
    assert run_plan_jobs(app) == 0
    assert len(turn_mails(app, ANN)) == 1  # her usual "your move"


def test_a_plan_whose_game_was_paused_stops_and_says_so(app: Flask,
                                                       client: FlaskClient) -> None:
    game = green_plans_then_red_moves(client, "red 4 +W")
    assert client.post(game.url("/pause"), headers=auth(game.creator_token)).status_code == 200
    run_plan_jobs(app)
    assert version_of(app, game) == 2
    assert plan_of(client, game, 0)["stopped"] == str(PAUSED)
    [mail] = turn_mails(app, ANN)
    assert "Your plan: green 5 +NNW not played: the creator paused the game." in mail


def test_a_plan_cancelled_after_its_turn_came_leaves_the_seat_its_your_move_mail_saying_so(
        app: Flask, client: FlaskClient) -> None:
    game = green_plans_then_red_moves(client, "red 4 +W")
    assert turn_mails(app, ANN) == []  # held: the plan was to act for her
    assert client.delete(game.url("/plan"), headers=auth(game.seat_tokens[0])).status_code == 204
    run_plan_jobs(app)
    assert version_of(app, game) == 2
    [mail] = turn_mails(app, ANN)
    assert "it is your move (green)" in mail
    assert "Your plan: green 5 +NNW not played: you cleared the plan first." in mail
