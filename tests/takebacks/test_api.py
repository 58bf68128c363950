"""Takebacks through the API: ask, agree or not, and the game as it was before the move."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.computer.test_api import run_computer_jobs
from tests.plans.helpers import mails_to
from tests.service.helpers import (
    NewGame,
    assert_error,
    auth,
    create_game,
    play_until,
    read,
    run_monster_jobs,
    submit,
)

TWO = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]
THREE = [*TWO, {"name": "Cy", "email": "cy@example.com"}]


def move(client: FlaskClient, game: NewGame, seat: int, notation: str) -> dict[str, Any]:
    """Play ``notation`` for ``seat`` at the game's version; it must be taken."""
    version = read(client, game, game.spectator_token)["version"]
    response = submit(client, game, seat, version, notation=notation)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def ask(client: FlaskClient, game: NewGame, seat: int) -> TestResponse:
    """Ask to take back ``seat``'s last action."""
    return client.post(game.url("/takeback"), headers=auth(game.seat_tokens[seat]))


def answer(client: FlaskClient, game: NewGame, seat: int, agree: bool) -> TestResponse:
    """Answer the game's request as ``seat``."""
    return client.post(game.url("/takeback/answer"), json={"agree": agree},
                       headers=auth(game.seat_tokens[seat]))


def state_of(client: FlaskClient, game: NewGame, token: str) -> dict[str, Any]:
    """Return the takeback state as the holder of ``token`` reads it."""
    response = client.get(game.url("/takeback"), headers=auth(token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def figures(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the figures of a game view's position."""
    return list(view["position"]["figures"])


def test_a_move_taken_back_with_the_next_players_yes_leaves_the_game_as_before_it(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO)
    before = read(client, game, game.spectator_token)
    move(client, game, 0, "green 5 +NN")
    asked = ask(client, game, 0)
    assert asked.status_code == 201, asked.get_data(as_text=True)
    request = asked.get_json()["request"]
    assert asked.get_json()["status"] == "asked"
    assert request["approvers"] == [1]
    assert request["undoes"] == [{"seat": 0, "version": 1, "notation": "green 5 +NN",
                                  "words": "Ann (green) brought green 5 in at p11 and moved "
                                           "it to p9."}]
    assert state_of(client, game, game.seat_tokens[1])["request"]["status"] == "asked"
    agreed = answer(client, game, 1, True)
    assert agreed.status_code == 200, agreed.get_data(as_text=True)
    assert agreed.get_json()["status"] == "done"
    after = read(client, game, game.spectator_token)
    assert after["version"] == before["version"] + 2  # the move, then the takeback
    assert figures(after) == figures(before)
    assert after["to_move"] == 0
    events = client.get(game.url("/events"), headers=auth(game.spectator_token)).get_json()
    back = [item["event"] for item in events["items"] if item["event"]["type"] == "takeback"]
    assert back == [{"type": "takeback", "seat": 0, "from_version": 1, "to_version": 0,
                     "to_move": 0}]
    move(client, game, 0, "green 4 +N")  # and the game goes on from there
    asked_mails = [m for m in mails_to(app, "bob@example.com")
                   if "asks to take back" in m["subject"]]
    assert len(asked_mails) == 1 and "green 5 +NN" in asked_mails[0]["text"]


def test_a_no_keeps_the_move_and_tells_the_player_who_asked(app: Flask,
                                                             client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, "green 5 +NN")
    ask(client, game, 0)
    refused = answer(client, game, 1, False)
    assert refused.get_json()["status"] == "declined"
    view = read(client, game, game.spectator_token)
    assert view["version"] == 1 and view["to_move"] == 1
    assert any("Your move stands" in m["subject"] for m in mails_to(app, "ann@example.com"))
    assert_error(answer(client, game, 1, True), 409, "takeback/none")


def test_a_free_game_takes_a_move_back_at_once_until_the_next_seat_acts(
        client: FlaskClient) -> None:
    game = create_game(client, THREE, takebacks="free")
    move(client, game, 0, "green 5 +NN")
    done = ask(client, game, 0).get_json()
    assert done["status"] == "done" and done["request"]["approvers"] == []
    move(client, game, 0, "green 5 +NN")
    move(client, game, 1, "red 5 +WW")
    asked = ask(client, game, 0).get_json()
    assert asked["status"] == "asked" and asked["request"]["approvers"] == [1]
    assert [u["notation"] for u in asked["request"]["undoes"]] == ["green 5 +NN", "red 5 +WW"]


def test_every_seat_that_acted_since_must_agree(client: FlaskClient) -> None:
    game = create_game(client, THREE)
    move(client, game, 0, "green 5 +NN")
    move(client, game, 1, "red 5 +WW")
    move(client, game, 2, "blue 5 +NW")
    request = ask(client, game, 0).get_json()["request"]
    assert request["approvers"] == [1, 2]
    assert answer(client, game, 1, True).get_json()["status"] == "asked"
    assert read(client, game, game.spectator_token)["version"] == 3
    assert_error(answer(client, game, 0, True), 403, "takeback/not_asked")
    assert answer(client, game, 2, True).get_json()["status"] == "done"
    view = read(client, game, game.spectator_token)
    assert view["to_move"] == 0 and view["version"] == 4


def test_a_request_lapses_once_the_game_moves_on(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, "green 5 +NN")
    ask(client, game, 0)
    move(client, game, 1, "red 5 +WW")
    assert state_of(client, game, game.seat_tokens[0])["request"]["status"] == "lapsed"
    assert_error(answer(client, game, 1, True), 409, "takeback/lapsed")
    assert read(client, game, game.spectator_token)["version"] == 2


def test_nothing_is_taken_back_across_the_monsters_card(app: Flask,
                                                         client: FlaskClient) -> None:
    game = create_game(client, TWO)
    play_until(app, client, game, "monster")
    run_monster_jobs(app)
    view = read(client, game, game.spectator_token)
    error = assert_error(ask(client, game, 1 - view["to_move"]), 409, "takeback/card_drawn")
    assert "card" in error["message"]
    assert read(client, game, game.spectator_token)["version"] == view["version"]


def test_the_last_move_of_the_figure_phase_is_taken_back_before_the_card_is_turned_up(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, TWO, takebacks="free")
    play_until(app, client, game, "monster")
    view = read(client, game, game.spectator_token)
    last = client.get(game.url("/actions"), headers=auth(game.spectator_token)).get_json()
    seat = last["items"][-1]["seat"]
    done = ask(client, game, seat).get_json()
    assert done["status"] == "done"
    after = read(client, game, game.spectator_token)
    assert after["phase"] == "figures" and after["to_move"] == seat
    assert run_monster_jobs(app) == 1  # the job of the taken back phase finds nothing to do
    assert read(client, game, game.spectator_token)["version"] == view["version"] + 1


def test_a_game_without_takebacks_refuses_them(client: FlaskClient) -> None:
    game = create_game(client, TWO, takebacks="off")
    move(client, game, 0, "green 5 +NN")
    assert_error(ask(client, game, 0), 409, "takeback/off")
    assert read(client, game, game.spectator_token)["takebacks"] == "off"


def test_a_seat_with_no_move_this_turn_has_nothing_to_take_back(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    assert_error(ask(client, game, 1), 409, "takeback/nothing")
    state = state_of(client, game, game.seat_tokens[1])
    assert not state["may_ask"] and state["why_not"]["code"] == "takeback/nothing"


def test_what_a_seat_would_take_back_is_shown_before_it_asks(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, "green 5 +NN")
    state = state_of(client, game, game.seat_tokens[0])
    assert state["may_ask"] and state["needs"] == [1]
    assert [(u["notation"], u["words"]) for u in state["would_undo"]] == [
        ("green 5 +NN", "Ann (green) brought green 5 in at p11 and moved it to p9.")]
    spectator = state_of(client, game, game.spectator_token)
    assert not spectator["may_ask"] and spectator["request"] is None


def test_the_computer_agrees_at_once(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann", "email": "ann@example.com"},
                                {"computer": "easy"}])
    move(client, game, 0, "green 5 +NN")
    run_computer_jobs(app)
    assert read(client, game, game.spectator_token)["to_move"] == 0
    done = ask(client, game, 0).get_json()
    assert done["status"] == "done" and done["request"]["approvers"] == []
    view = read(client, game, game.spectator_token)
    assert view["to_move"] == 0 and all(f["where"] == "outside" for f in figures(view))


def test_the_player_who_asked_may_withdraw(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    move(client, game, 0, "green 5 +NN")
    ask(client, game, 0)
    assert_error(client.delete(game.url("/takeback"), headers=auth(game.seat_tokens[1])), 403,
                 "takeback/not_yours")
    withdrawn = client.delete(game.url("/takeback"), headers=auth(game.seat_tokens[0]))
    assert withdrawn.get_json()["status"] == "withdrawn"
    assert_error(answer(client, game, 1, True), 409, "takeback/none")


def test_a_move_against_the_version_before_the_takeback_is_stale(client: FlaskClient) -> None:
    game = create_game(client, TWO, takebacks="free")
    move(client, game, 0, "green 5 +NN")
    ask(client, game, 0)
    assert_error(submit(client, game, 1, 1, notation="red 5 +WW"), 409, "game/stale_version")
