"""Computer players through the API, with the worker's jobs run as the worker runs them: seats
made the computer's at creation or handed to it later, its moves marked in the log and made
exactly once, its refusals, and games of computers only played to their end."""

from __future__ import annotations

import random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

import engine
from engine.bots import choose
from engine.options import Options
from service.features.actions.service import submit_action
from service.features.computer.service import COMPUTER_JOB, bot_seed, play_computer_move
from service.kernel.models import Action, Game
from service.kernel.store import seats_of
from service.plumbing.outbox import Outbox
from service.plumbing.unit_of_work import read_transaction
from tests.service.helpers import (
    NewGame,
    a_legal_action,
    assert_error,
    auth,
    create_game,
    read,
    run_monster_jobs,
    submit,
)
from worker import relay

ANN_AND_COMPUTER = [{"name": "Ann", "email": "ann@example.com"}, {"computer": "easy"}]


def run_computer_jobs(app: Flask) -> int:
    """Do what the worker does with the pending computer jobs, and with those they make in
    turn (a chain); return how many ran."""
    ran = 0
    with app.app_context():
        while True:
            with read_transaction() as session:
                ids = list(session.scalars(select(Outbox.id).where(
                    Outbox.kind == COMPUTER_JOB, Outbox.status == "pending")
                    .order_by(Outbox.id)))
            if not ids:
                return ran
            relay.relay(ids)
            ran += len(ids)


def computer_jobs(app: Flask) -> list[dict[str, Any]]:
    """Return the payloads of every computer job written, oldest first."""
    with app.app_context(), read_transaction() as session:
        return list(session.scalars(select(Outbox.payload).where(
            Outbox.kind == COMPUTER_JOB).order_by(Outbox.id)))


def log_of(client: FlaskClient, game: NewGame, what: str = "actions") -> list[dict[str, Any]]:
    """Return the game's actions (or events) as its spectators read them."""
    response = client.get(game.url(f"/{what}?limit=200"), headers=auth(game.spectator_token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["items"]


def play_person(client: FlaskClient, game: NewGame, seat: int, rng: random.Random) -> None:
    """Make the person at ``seat`` play legal actions while it is their turn."""
    view = read(client, game, game.spectator_token)
    while view["status"] == "active" and view["to_move"] == seat and view["phase"] != "monster":
        response = submit(client, game, seat, view["version"], action=a_legal_action(view, rng))
        assert response.status_code == 201, response.get_data(as_text=True)
        view = response.get_json()["game"]


def test_a_seat_made_the_computers_at_creation_plays_its_turns(
    app: Flask, client: FlaskClient,
) -> None:
    game = create_game(client, ANN_AND_COMPUTER)
    view = read(client, game, game.spectator_token)
    assert [(s["name"], s["computer"]) for s in view["seats"]] == [("Ann", None),
                                                                   ("Computer", "easy")]
    rng = random.Random(3)
    play_person(client, game, 0, rng)
    assert read(client, game, game.spectator_token)["to_move"] == 1
    assert run_computer_jobs(app) >= 1
    view = read(client, game, game.spectator_token)
    assert view["to_move"] == 0 or view["phase"] == "monster"

    by_computer = [action for action in log_of(client, game) if action["seat"] == 1]
    assert by_computer
    for action in by_computer:
        assert action["words"].startswith("The computer, playing Computer (red),"), action
    marks = [event["event"] for event in log_of(client, game, "events")
             if event["event"]["type"] == "computer"]
    assert marks == [{"type": "computer", "seat": 1, "level": "easy"}] * len(by_computer)


def test_a_game_of_computers_only_is_played_to_its_end(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, [{"computer": "easy"}, {"computer": "easy", "name": "Hal"}])
    for _ in range(400):
        moved = run_computer_jobs(app) + run_monster_jobs(app)
        if not moved:
            break
    view = read(client, game, game.spectator_token)
    assert view["status"] == "finished", (view["status"], view["phase"], view["version"])
    assert view["outcome"] is not None


def test_the_computers_job_plays_once_however_often_it_runs(app: Flask,
                                                             client: FlaskClient) -> None:
    game = create_game(client, [{"computer": "easy"}, {"name": "Bob"}])
    [job] = computer_jobs(app)
    assert (job["game_id"], job["seat"]) == (game.id, 0)
    with app.app_context():
        for _ in range(3):
            play_computer_move(job["game_id"], job["version"], 0, submit_action)
    assert len(log_of(client, game)) == 1


def test_the_creator_hands_a_seat_to_the_computer_and_takes_it_back(
    app: Flask, client: FlaskClient,
) -> None:
    game = create_game(client, [{"name": "Ann"}, {"name": "Bob", "email": "bob@example.com"}])
    response = client.put(game.url("/seats/0/computer"), json={"level": "normal"},
                          headers=auth(game.creator_token))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["seats"][0]["computer"] == "normal"
    # It was Ann's turn: the computer moves for her at once.
    assert run_computer_jobs(app) >= 1
    words = [action["words"] for action in log_of(client, game)]
    assert words and all(w.startswith("The computer, playing Ann (green),") for w in words)

    response = client.delete(game.url("/seats/0/computer"), headers=auth(game.creator_token))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["seats"][0]["computer"] is None
    view = read(client, game, game.spectator_token)
    if view["to_move"] == 0 and view["phase"] == "figures":  # Ann's link works as before
        response = submit(client, game, 0, view["version"], action=a_legal_action(view))
        assert response.status_code == 201


def test_only_the_creator_hands_seats_and_only_taken_ones(app: Flask,
                                                           client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann"}, {"open": True}])
    seat_token = game.seat_tokens[0]
    assert_error(client.put(game.url("/seats/0/computer"), json={"level": "easy"},
                            headers=auth(seat_token)), 403, "auth/forbidden")
    assert_error(client.put(game.url("/seats/0/computer"), json={"level": "easy"},
                            headers=auth(game.creator_token)), 409, "game/not_started")
    started = create_game(client, [{"name": "Ann"}, {"name": "Bob"}])
    assert_error(client.put(started.url("/seats/5/computer"), json={"level": "easy"},
                            headers=auth(started.creator_token)), 422, "seat/not_found")
    assert_error(client.put(started.url("/seats/0/computer"), json={"level": "genius"},
                            headers=auth(started.creator_token)), 422, "request/invalid")


def test_a_computers_seat_takes_no_email(client: FlaskClient) -> None:
    response = client.post("/api/v1/games", json={"seats": [
        {"name": "Ann"}, {"computer": "easy", "email": "hal@example.com"}]})
    assert_error(response, 422, "request/invalid")
    response = client.post("/api/v1/games", json={"seats": [
        {"name": "Ann"}, {"computer": "easy", "open": True}]})
    assert_error(response, 422, "request/invalid")


def test_the_bots_seed_is_a_one_way_function_of_the_game_seed() -> None:
    assert bot_seed(7, 1, 12, "easy") == bot_seed(7, 1, 12, "easy")
    assert len({bot_seed(7, 1, 12, "easy"), bot_seed(8, 1, 12, "easy"),
                bot_seed(7, 0, 12, "easy"), bot_seed(7, 1, 13, "easy"),
                bot_seed(7, 1, 12, "hard")}) == 5


def test_a_game_of_computers_replays_exactly_from_its_seed(app: Flask,
                                                          client: FlaskClient) -> None:
    game = create_game(client, [{"computer": "easy"}, {"computer": "normal"}],
                       options={"experienced": True})
    for _ in range(60):  # a few game turns, the placement phase among them
        if not run_computer_jobs(app) + run_monster_jobs(app):
            break
    with app.app_context(), read_transaction() as session:
        row = session.get(Game, game.id)
        seed, colours = row.state["seed"], [s.colour for s in seats_of(session, game.id)]
        options, start_seat = Options.from_dict(row.options), row.start_seat
        stored = [(a.seat, a.action, a.version_before) for a in session.scalars(
            select(Action).where(Action.game_id == game.id).order_by(Action.seq))]
    assert len(stored) > 20
    levels = {0: "easy", 1: "normal"}
    state = engine.new_game(colours, seed=seed, options=options, start_seat=start_seat)
    for seat, action, version in stored:
        while state.phase == "monster":
            state = engine.resolve_monster_phase(state).state
        assert state.version == version
        chosen = choose(engine.player_view(state, seat), levels[seat],
                        bot_seed(seed, seat, version, levels[seat]))
        assert engine.action_to_dict(engine.action_from_dict(chosen)) == action
        state = engine.apply_action(state, engine.action_from_dict(action), seat).state
