"""What a plan did: each line's fate (played as planned, flipped instead, broke, not played
and why) is told once, first thing in the planner's next mail about the game, in its
language; the plan's view shows it until then."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

import engine
from engine.state import evolve
from service.kernel.models import Game
from service.plumbing.extensions import db
from tests.plans.helpers import TWO, mails_to, move, put_plan, read_plan, run_plan_jobs
from tests.service.helpers import NewGame, auth, create_game, play_one, read, run_monster_jobs

ANN, BOB = "ann@example.com", "bob@example.com"
PLAYED_FLIPPED_LEFT = (
    "Your plan: flip green 3 played as planned; green 5 +NNW flipped instead (the stone on o9 "
    "was pushed away); green 4 +N not played: the game turn ended first.")


def mark_acted(app: Flask, game: NewGame, *figures: str) -> None:
    """Make ``figures`` (keys) of the stored game count as having acted this game turn.

    The engine gives every figure still to act a sub-turn before the figure phase ends, so a
    planned line is left at the turn's end only if something else ends the phase first (as a
    lost job or a new rule could); this stands in for it.
    """
    with app.app_context():
        row = db.session.get(Game, game.id)
        state = engine.state_from_dict(row.state)
        row.state = engine.state_to_dict(evolve(state, figures=tuple(
            evolve(f, moved=True) if f.id.key in figures else f for f in state.figures)))
        db.session.commit()


def texts_to(app: Flask, address: str) -> list[str]:
    return [mail["text"] for mail in mails_to(app, address)]


def html_to(app: Flask, address: str) -> list[str]:
    return [mail["html"] for mail in mails_to(app, address)]


def until_anns_move(client: FlaskClient, game: NewGame) -> None:
    """Play Bob's moves (whatever is legal) until it is Ann's move."""
    while read(client, game, game.spectator_token)["to_move"] != 0:
        play_one(client, game)


def play_flipped_left(app: Flask, client: FlaskClient, **spec: Any) -> NewGame:
    """Ann plans three lines before her first move: the flip plays as planned; Bob pushes
    away the stone her second line pushes, so that one flips instead; the figure phase ends
    before her third line's turn. Then the monster phase, and the next game turn until Ann's
    move: her "your move" is her next mail (she gets mail on her turns only)."""
    game = create_game(client, TWO, **spec)
    response = put_plan(client, game, 0, "flip green 3", "green 5 +NNW or flip", "green 4 +N")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert run_plan_jobs(app) == 1  # flip green 3
    move(client, game, 1, 1, "red 5 +NWNW")  # pushes the stone on o9 to o8
    assert run_plan_jobs(app) == 1  # green 5 flips instead
    mark_acted(app, game, "green4", "green1")
    move(client, game, 1, 3, "red 4 +W")  # red's other figures flip: the figure phase ends
    assert run_monster_jobs(app) == 1
    until_anns_move(client, game)
    return game


def test_the_planners_next_mail_begins_with_what_each_line_did_once(
        app: Flask, client: FlaskClient) -> None:
    game = play_flipped_left(app, client)
    [told] = [text for text in texts_to(app, ANN) if "Your plan:" in text]
    assert "it is your move" in told
    assert told.split("\n")[1] == PLAYED_FLIPPED_LEFT  # after the mail's first line
    assert sum(PLAYED_FLIPPED_LEFT in html for html in html_to(app, ANN)) == 1
    assert read_plan(client, game, 0)["report"] is None  # told: nothing left to tell
    play_one(client, game)
    until_anns_move(client, game)  # her next "your move" tells it no more
    assert sum("Your plan" in text for text in texts_to(app, ANN)) == 1
    assert not any("Your plan" in text for text in texts_to(app, BOB))


def test_the_report_is_written_in_the_planners_language(app: Flask,
                                                        client: FlaskClient) -> None:
    play_flipped_left(app, client, language="de")
    [told] = [text for text in texts_to(app, ANN) if "Dein Plan:" in text]
    assert ("Dein Plan: umdrehen grün 3 wie geplant gespielt; grün 5 +NNW stattdessen "
            "umgedreht (der Stein auf o9 wurde weggeschoben); grün 4 +N nicht gespielt: die "
            "Spielrunde war vorher zu Ende.") in told


def test_a_broken_line_tells_why_and_the_lines_after_it_were_not_played(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    put_plan(client, game, 0, "green 5 +NNW", flip_rest=True)
    move(client, game, 1, 1, "red 5 +NWNW")
    run_plan_jobs(app)
    [mail] = [text for text in texts_to(app, ANN) if "it is your move" in text]
    assert ("Your plan: green 5 +NNW broke (the stone on o9 was pushed away), so the plan "
            "stopped there; flip the rest not played: the plan had stopped.") in mail


def test_a_replaced_or_cleared_plan_says_so_and_a_seat_without_mail_reads_it_on_the_page(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann"}, {"name": "Bob"}])  # no mail to tell it
    move(client, game, 0, 0, "green 4 +N")
    put_plan(client, game, 0, "green 5 +NNW")
    put_plan(client, game, 0, "flip green 3", "green 5 +NNW")  # green 5's line is kept
    put_plan(client, game, 0, "flip green 5", flip_rest=True)
    assert client.delete(game.url("/plan"), headers=auth(game.seat_tokens[0])).status_code == 204
    assert read_plan(client, game, 0)["report"] == (
        "Your plan: flip green 3 not played: you replaced the plan first; green 5 +NNW not "
        "played: you replaced the plan first; flip green 5 not played: you cleared the plan "
        "first; flip the rest not played: you cleared the plan first.")


def test_flip_the_rest_tells_the_figures_it_flipped(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    put_plan(client, game, 0, "flip green 5", flip_rest=True)
    move(client, game, 1, 1, "red 4 +W")
    run_plan_jobs(app)  # flip green 5
    move(client, game, 1, 3, "red 5 +NWNW")
    run_plan_jobs(app)  # green 1 flips, then green 3: the monster phase
    run_monster_jobs(app)
    until_anns_move(client, game)
    [told] = [text for text in texts_to(app, ANN) if "Your plan:" in text]
    assert ("Your plan: flip green 5 played as planned; flip the rest flipped green 1 and "
            "green 3." in told)


def test_a_line_whose_figure_the_seat_played_itself_says_so(app: Flask,
                                                           client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, 0, "green 4 +N")
    put_plan(client, game, 0, "green 5 +NNW")
    move(client, game, 1, 1, "red 4 +W")
    move(client, game, 0, 2, "green 5 +NN")  # before the plan's job runs
    assert run_plan_jobs(app) == 1  # the game moved on: it does nothing
    assert read_plan(client, game, 0)["report"] == (
        "Your plan: green 5 +NNW not played: you played that figure yourself.")
