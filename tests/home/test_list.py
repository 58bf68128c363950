"""GET /api/v1/home: every game of the link's address, those waiting for it first, each with
a working link to its seat."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.home.helpers import ANN, HOME, home_token, read_home
from tests.service.helpers import API, assert_error, auth, create_game, play_one, read

BOB = "bob@example.com"


def test_it_lists_each_seat_of_the_address_those_waiting_for_it_first(
        app: Flask, client: FlaskClient) -> None:
    ann_moves = create_game(client, name="Ann starts", move_time_limit=3600,
                            seats=[{"name": "Ann", "email": ANN}, {"name": "Bob"}])
    bob_moves = create_game(client, name="Bob starts",
                            seats=[{"name": "Bob", "email": BOB}, {"name": "Ann", "email": ANN}])
    waiting = create_game(client, name="Waiting", seats=[{"name": "Ann", "email": ANN},
                                                           {"open": True}])
    cancelled = create_game(client, seats=[{"name": "Ann", "email": ANN}, {"open": True}])
    assert client.post(cancelled.url("/cancel"),
                       headers=auth(cancelled.creator_token)).status_code == 200
    create_game(client, name="Not Ann's", seats=[{"name": "Cy", "email": "cy@example.com"},
                                                {"name": "Bob", "email": BOB}])

    home = read_home(client, home_token(app, client, ANN.upper()))
    assert home["email"] == ANN
    games = home["games"]
    assert [g["name"] for g in games] == ["Ann starts", "Waiting", "Bob starts"]
    first, open_game, other = games
    assert (first["your_move"], first["to_move"]) == (
        True, {"seat": 0, "name": "Ann", "colour": first["colour"]})
    assert first["move_deadline"] is not None and first["status"] == "active"
    assert (open_game["status"], open_game["your_move"], open_game["to_move"]) == (
        "open", False, None)
    assert (other["seat"], other["player"], other["your_move"]) == (1, "Ann", False)
    assert other["to_move"]["name"] == "Bob" and other["move_deadline"] is None
    for game, entry in ((ann_moves, first), (waiting, open_game), (bob_moves, other)):
        assert entry["game_id"] == game.id and entry["last_activity"].endswith("Z")

    play_one(client, bob_moves)  # Bob moves: now the game waits for Ann
    games = read_home(client, home_token(app, client, ANN))["games"]
    assert [(g["name"], g["your_move"]) for g in games] == [
        ("Bob starts", True), ("Ann starts", True), ("Waiting", False)]


def test_each_seat_link_opens_the_seat_and_stays_the_same(app: Flask,
                                                          client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Bob", "email": BOB}, {"name": "Ann", "email": ANN}])
    token = home_token(app, client)
    [entry] = read_home(client, token)["games"]
    assert entry["link"].startswith(f"https://ff.example/play/{game.id}#t=")
    seat_token = entry["link"].partition("#t=")[2]
    view = read(client, game, seat_token)
    assert view["viewer"].items() >= {"kind": "seat", "seat": 1}.items()
    assert read_home(client, token)["games"][0]["link"] == entry["link"]
    assert read(client, game, game.seat_tokens[1])["viewer"]["seat"] == 1  # first link too


def test_an_address_without_games_any_more_gets_an_empty_list(app: Flask,
                                                              client: FlaskClient) -> None:
    game = create_game(client)
    token = home_token(app, client)
    assert client.post(game.url("/cancel"), headers=auth(game.creator_token)).status_code == 200
    assert read_home(client, token)["games"] == []


def test_a_missing_or_broken_token_is_refused(app: Flask, client: FlaskClient) -> None:
    create_game(client)
    assert_error(client.get(HOME), 401, "auth/missing_token")
    token = home_token(app, client)
    forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    assert_error(client.get(HOME, headers=auth(forged)), 401, "home/invalid_link")
    game = create_game(client)
    assert_error(client.get(HOME, headers=auth(game.seat_tokens[0])), 401, "home/invalid_link")
    assert_error(client.get(f"{API}/games/{game.id}", headers=auth(token)), 403,
                 "auth/forbidden")  # a home token opens no game itself
