"""POST /api/v1/my-games: every game a device keeps a token for, in one request, each
authorized by its own token; a token that no longer opens its game is only ``gone``."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from service.features.device.service import MAX_GAMES
from tests.service.helpers import API, assert_error, auth, create_game, play_one, statements_run

MY_GAMES = f"{API}/my-games"


def ask(client: FlaskClient, kept: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """Return the answer for the (game id, token) pairs ``kept``."""
    response = client.post(MY_GAMES, json={"games": [
        {"game_id": game_id, "token": token} for game_id, token in kept]})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert "Authorization" not in response.request.headers
    return response.get_json()["games"]


def test_it_answers_each_kept_game_in_the_order_asked_with_whether_it_waits(
        client: FlaskClient) -> None:
    ann_moves = create_game(client, name="Ann starts", move_time_limit=3600,
                            seats=[{"name": "Ann"}, {"name": "Bob"}])
    bob_moves = create_game(client, name="Bob starts", seats=[{"name": "Bob"}, {"name": "Ann"}])
    waiting = create_game(client, name="Waiting", seats=[{"name": "Ann"}, {"open": True}])

    first, second, third, creator = ask(client, [
        (bob_moves.id, bob_moves.seat_tokens[1]), (ann_moves.id, ann_moves.seat_tokens[0]),
        (waiting.id, waiting.seat_tokens[0]), (ann_moves.id, ann_moves.creator_token)])
    assert first.items() >= {
        "game_id": bob_moves.id, "gone": False, "name": "Bob starts", "status": "active",
        "kind": "seat", "seat": 1, "player": "Ann", "your_move": False, "paused": False,
        "move_deadline": None}.items()
    assert first["to_move"] == {"seat": 0, "name": "Bob", "colour": first["to_move"]["colour"]}
    assert second.items() >= {"game_id": ann_moves.id, "your_move": True, "seat": 0}.items()
    assert second["move_deadline"].endswith("Z") and second["since"].endswith("Z")
    assert isinstance(second["version"], int)
    assert third.items() >= {"status": "open", "your_move": False, "to_move": None}.items()
    assert creator.items() >= {"kind": "creator", "seat": None, "your_move": False}.items()

    play_one(client, bob_moves)  # Bob moves: now the game waits for Ann
    [now] = ask(client, [(bob_moves.id, bob_moves.seat_tokens[1])])
    assert now["your_move"] is True and now["version"] > first["version"]


def test_a_token_that_no_longer_opens_its_game_is_only_gone(client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    other = create_game(client, seats=[{"name": "Cy"}, {"name": "Di"}])
    retired = game.seat_tokens[1]
    invite = client.post(game.url("/seats/1/invite"), headers=auth(game.creator_token))
    assert invite.status_code == 201, invite.get_data(as_text=True)

    answers = ask(client, [(game.id, retired), (game.id, other.seat_tokens[0]),
                           (other.id, "x" * 43), (game.id, game.seat_tokens[0])])
    gone = {"game_id": game.id, "gone": True}
    assert answers[:3] == [gone, gone, {"game_id": other.id, "gone": True}]
    assert answers[3]["gone"] is False and answers[3]["seat"] == 0


def test_it_reads_any_number_of_games_in_two_queries(app: Flask, client: FlaskClient) -> None:
    games = [create_game(client) for _ in range(6)]
    kept = [(g.id, token) for g in games for token in g.seat_tokens.values()]
    with statements_run(app) as statements:
        answers = ask(client, kept)
    assert len(answers) == 12 and not any(a["gone"] for a in answers)
    assert statements.count("SELECT") == 2


def test_it_refuses_too_many_games_or_malformed_ones_and_answers_none_for_none(
        client: FlaskClient) -> None:
    game = create_game(client)
    too_many = [{"game_id": game.id, "token": game.seat_tokens[0]}] * (MAX_GAMES + 1)
    error = assert_error(client.post(MY_GAMES, json={"games": too_many}), 422,
                         "request/invalid")
    assert "games" in error["details"]["fields"]["json"]
    for bad in ({"game_id": "G1", "token": game.seat_tokens[0]},
                {"game_id": game.id, "token": "short"}, {"game_id": game.id}):
        assert_error(client.post(MY_GAMES, json={"games": [bad]}), 422, "request/invalid")
    assert_error(client.post(MY_GAMES, json={}), 422, "request/invalid")
    assert ask(client, []) == []
