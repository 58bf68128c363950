"""GET /api/v1/games/{id}/messages: any token of the game reads the table after a cursor."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from tests.service.helpers import API, assert_error, auth, create_game, play_one
from tests.talk.helpers import THREE, page, say


def test_a_new_game_has_an_empty_table(client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    version = page(client, game, game.spectator_token)["version"]
    assert page(client, game, game.spectator_token) == {
        "items": [], "next_after": 0, "has_more": False, "version": version, "muted": []}


def test_it_lists_the_messages_oldest_first_with_the_seats_names_and_colours(
        client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    first = say(client, game, 2, "Hi")
    second = say(client, game, 0, "Hello Cy")
    listed = page(client, game, game.seat_tokens[1])
    assert listed["items"] == [first, second]
    assert [(m["seat"], m["name"], m["colour"]) for m in listed["items"]] == [
        (2, "Cy", "blue"), (0, "Ann", "green")]
    assert listed["next_after"] == second["seq"] and not listed["has_more"]


def test_a_cursor_pages_through_the_messages(client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    seqs = [say(client, game, n % 3, f"message {n}")["seq"] for n in range(5)]
    first = page(client, game, game.spectator_token, limit=2)
    assert [m["seq"] for m in first["items"]] == seqs[:2]
    assert first["next_after"] == seqs[1] and first["has_more"]
    rest = page(client, game, game.spectator_token, after=first["next_after"], limit=3)
    assert [m["seq"] for m in rest["items"]] == seqs[2:]
    assert rest["next_after"] == seqs[4] and not rest["has_more"]
    done = page(client, game, game.spectator_token, after=rest["next_after"])
    assert done["items"] == [] and done["next_after"] == seqs[4]


def test_the_page_tells_the_games_version(client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    reply = play_one(client, game)
    assert page(client, game, game.seat_tokens[0])["version"] == reply["game"]["version"]


def test_every_token_of_the_game_reads_the_same_table(client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    say(client, game, 0, "Hello")
    pages = [page(client, game, token)
             for token in (game.creator_token, game.spectator_token, *game.seat_tokens.values())]
    assert all(p == pages[0] for p in pages) and len(pages[0]["items"]) == 1


def test_a_game_shows_only_its_own_messages(client: FlaskClient) -> None:
    game, other = create_game(client, seats=THREE), create_game(client, seats=THREE)
    say(client, other, 0, "elsewhere")
    assert page(client, game, game.spectator_token)["items"] == []


def test_strangers_read_nothing(client: FlaskClient) -> None:
    game, other = create_game(client, seats=THREE), create_game(client, seats=THREE)
    assert_error(client.get(game.url("/messages")), 401, "auth/missing_token")
    assert_error(client.get(game.url("/messages"), headers=auth(other.spectator_token)), 403,
                 "auth/forbidden")
    assert_error(client.get(f"{API}/games/{'x' * 22}/messages",
                            headers=auth(game.spectator_token)), 404, "game/not_found")


def test_a_cursor_out_of_range_is_invalid(client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    for query in ({"limit": 0}, {"limit": 501}, {"after": -1}, {"after": "x"}):
        assert_error(client.get(game.url("/messages"), query_string=query,
                                headers=auth(game.spectator_token)), 422, "request/invalid")


def test_messages_never_carry_a_token_or_an_email_address(client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    posted = say(client, game, 0, "Hello")
    listed = page(client, game, game.seat_tokens[0])
    secrets = [game.creator_token, game.spectator_token, *game.seat_tokens.values(),
               "ann@example.com", "bob@example.com"]
    for body in (posted, listed):
        text = json.dumps(body)
        assert not [secret for secret in secrets if secret in text]
    assert set(listed["items"][0]) == {"seq", "seat", "name", "colour", "text", "created_at"}
