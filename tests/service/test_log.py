"""GET /api/v1/games/{id}/actions and /events: the log, fetched after a cursor."""

from __future__ import annotations

from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.features.deadlines.expiry import expire
from service.kernel.models import SeatRecord
from service.kernel.views import seat_label
from service.plumbing.columns import utcnow
from tests.service.helpers import (
    API,
    NewGame,
    advance,
    assert_error,
    auth,
    create_game,
    play_until,
    statements_run,
    submit,
)


def fetch(client: FlaskClient, game: NewGame, what: str, **query: int) -> dict:
    """Return a page of the game's ``actions`` or ``events`` as the spectators see it."""
    response = client.get(game.url(f"/{what}"), query_string=query,
                          headers=auth(game.spectator_token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_a_new_game_has_an_empty_log(client: FlaskClient) -> None:
    game = create_game(client)
    for what in ("actions", "events"):
        assert fetch(client, game, what) == {"items": [], "next_after": 0, "has_more": False,
                                             "version": 0}


def test_it_lists_the_accepted_actions_in_order(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    for _ in range(3):
        advance(app, client, game)
    page = fetch(client, game, "actions")
    assert [a["seq"] for a in page["items"]] == [1, 2, 3]
    assert [(a["version_before"], a["version_after"]) for a in page["items"]] == [
        (0, 1), (1, 2), (2, 3)]
    assert [a["seat"] for a in page["items"]] == [0, 1, 0]
    assert (page["next_after"], page["has_more"], page["version"]) == (3, False, 3)


def test_each_action_is_told_in_words_beside_its_notation(client: FlaskClient) -> None:
    game = create_game(client)
    for seat, version, notation in ((0, 0, "green 5 +W"), (1, 1, "red 5 +WW"),
                                    (0, 2, "green 4 +N")):
        assert submit(client, game, seat, version, notation=notation).status_code == 201
    items = fetch(client, game, "actions")["items"]
    assert [(a["notation"], a["words"]) for a in items] == [
        ("green 5 +W", "Ann (green) brought green 5 in at p11 and moved it to o11."),
        ("red 5 +WW", "Bob (red) brought red 5 in at p11 and moved it to n11."),
        ("green 4 +N", "Ann (green) brought green 4 in at p11 and moved it to p10. In the "
         "first game turn a player enters at most two figures, so green 1 and green 3, still "
         "waiting outside, were flipped."),
    ]
    later = fetch(client, game, "actions", after=1, limit=1)["items"]
    assert later == items[1:2]


def test_a_flip_made_for_a_seat_out_of_time_says_so(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, move_time_limit=3600)
    with app.app_context():
        assert expire(game.id, utcnow() + timedelta(hours=2)) == 1
    [action] = fetch(client, game, "actions")["items"]
    assert action["words"] == "Ann (green) ran out of time, so green 1 was flipped without moving."


def test_a_page_of_actions_in_words_takes_the_same_queries_however_long(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    for _ in range(6):
        advance(app, client, game)
    with statements_run(app) as one:
        fetch(client, game, "actions", limit=1)
    with statements_run(app) as all_of_them:
        fetch(client, game, "actions")
    assert all_of_them == one


def test_a_seat_is_named_with_its_colour_and_counted_from_one_while_open() -> None:
    def seat(number: int, name: str | None) -> SeatRecord:
        return SeatRecord("g", number, "red", name, None, None, None, None, None, 0, 0, None, None)

    assert (seat_label(seat(1, "Bob")), seat_label(seat(1, None))) == ("Bob (red)",
                                                                       "seat 2 (red)")


def test_the_cursor_returns_only_what_is_new(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    advance(app, client, game)
    first = fetch(client, game, "events")
    advance(app, client, game)
    new = fetch(client, game, "events", after=first["next_after"])
    assert new["items"] and all(e["seq"] > first["next_after"] for e in new["items"])
    assert fetch(client, game, "events", after=new["next_after"])["items"] == []


def test_it_pages_with_a_limit(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    for _ in range(3):
        advance(app, client, game)
    page = fetch(client, game, "actions", limit=2)
    assert ([a["seq"] for a in page["items"]], page["next_after"], page["has_more"]) == (
        [1, 2], 2, True)
    rest = fetch(client, game, "actions", after=2, limit=2)
    assert ([a["seq"] for a in rest["items"]], rest["has_more"]) == ([3], False)


def test_events_of_the_monster_phase_have_no_action(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    play_until(app, client, game, "monster")
    before = fetch(client, game, "events")
    advance(app, client, game)  # the monster phase
    monster = fetch(client, game, "events", after=before["next_after"])["items"]
    assert monster[0]["event"]["type"] == "card"
    assert {e["action_seq"] for e in monster} == {None}
    assert {e["version"] for e in monster} == {before["version"] + 1}
    assert [e["event"]["type"] for e in before["items"]][-1] == "phase"


def test_events_are_the_engines_own(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    response = client.post(game.url("/actions"), headers=auth(game.seat_tokens[0]),
                           json={"expected_version": 0, "notation": "green 5 +W"})
    events = fetch(client, game, "events")["items"]
    assert [e["event"] for e in events] == [e["event"] for e in response.get_json()["events"]]


def test_every_token_of_the_game_may_read_the_log(client: FlaskClient) -> None:
    game = create_game(client)
    for token in (game.seat_tokens[1], game.creator_token, game.spectator_token):
        assert client.get(game.url("/events"), headers=auth(token)).status_code == 200


@pytest.mark.parametrize("what", ["actions", "events"])
def test_it_refuses_callers_without_a_token_of_the_game(client: FlaskClient, what: str) -> None:
    game, other = create_game(client), create_game(client)
    assert_error(client.get(game.url(f"/{what}")), 401, "auth/missing_token")
    assert_error(client.get(game.url(f"/{what}"), headers=auth(other.spectator_token)), 403,
                 "auth/forbidden")
    assert_error(client.get(f"{API}/games/{'E' * 22}/{what}",
                            headers=auth(game.spectator_token)), 404, "game/not_found")


@pytest.mark.parametrize("query", [
    {"after": -1}, {"after": 2**31}, {"after": "one"}, {"limit": 0}, {"limit": 501},
    {"limit": "1.5"},
], ids=["negative-after", "huge-after", "text-after", "zero-limit", "big-limit",
        "fractional-limit"])
def test_it_refuses_a_cursor_out_of_range(client: FlaskClient, query: dict) -> None:
    game = create_game(client)
    response = client.get(game.url("/events"), query_string=query,
                          headers=auth(game.spectator_token))
    error = assert_error(response, 422, "request/invalid")
    assert set(error["details"]["fields"]["query"]) == set(query)
