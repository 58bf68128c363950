"""Absent players: each seat's missed deadlines are counted; after as many as the creator set,
the creator is told (the view's ``absent``, the webhook ``seat.absent``, once) that they may
hand the seat to someone else. It prompts only: the timeout flips go on, and the creator may
hand a seat on at any time."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.deadlines.conftest import SettableClock
from tests.deadlines.helpers import miss, new_timed_game
from tests.service.helpers import auth, read
from tests.webhooks.helpers import hook, webhook_jobs


def seats(client: FlaskClient, game) -> list[dict]:  # noqa: ANN001 - a NewGame
    """Return the seats as the creator sees them."""
    return read(client, game, game.creator_token)["seats"]


def test_each_timeout_counts_a_missed_deadline_of_its_seat(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    miss(app, 3)  # seat 0, seat 1, seat 0
    assert [(s["missed_deadlines"], s["absent"]) for s in seats(client, game)] == [
        (2, False), (1, False)]
    assert read(client, game, game.creator_token)["missed_deadlines_limit"] is None


def test_the_seat_that_reaches_the_limit_is_absent_and_the_creators_webhooks_hear_it_once(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, missed_deadlines_limit=2, name="Friday night")
    creator_hook = hook(client, game, game.creator_token)
    seat_hook = hook(client, game, game.seat_tokens[0])
    miss(app, 5)  # seat 0 misses 3, seat 1 misses 2
    assert [(s["missed_deadlines"], s["absent"]) for s in seats(client, game)] == [
        (3, True), (2, True)]
    absent = [job for job in webhook_jobs(app) if job["type"] == "seat.absent"]
    assert [(job["endpoint_id"], job["body"]["data"]) for job in absent] == [
        (creator_hook["id"], {"seat": 0, "missed_deadlines": 2, "computer": None}),
        (creator_hook["id"], {"seat": 1, "missed_deadlines": 2, "computer": None})]
    assert absent[0]["body"]["text"] == (
        "Fearsome Floors, Friday night: Ann (green) has missed 2 deadlines; the creator may "
        "hand the seat to someone else.")
    assert seat_hook["id"] not in {job["endpoint_id"] for job in absent}


def test_the_limit_only_prompts_the_timeout_flips_go_on(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, missed_deadlines_limit=1)
    miss(app, 4)
    view = read(client, game, game.creator_token)
    assert view["version"] == 4 and [s["absent"] for s in view["seats"]] == [True, True]
    assert view["absent_computer"] is None and [s["computer"] for s in view["seats"]] == [
        None, None]


def test_a_seat_handed_to_a_new_player_starts_again_from_no_missed_deadline(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, missed_deadlines_limit=1)
    miss(app, 2)
    response = client.post(game.url("/seats/0/invite"), headers=auth(game.creator_token))
    assert response.status_code == 201, response.get_data(as_text=True)
    assert [(s["missed_deadlines"], s["absent"]) for s in seats(client, game)] == [
        (0, False), (1, True)]


def test_the_creator_sets_and_clears_the_limit(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    miss(app, 1)
    put = client.put(game.url("/pace"), json={"missed_deadlines_limit": 1},
                     headers=auth(game.creator_token))
    assert put.status_code == 200, put.get_data(as_text=True)
    assert [s["absent"] for s in put.get_json()["seats"]] == [True, False]
    cleared = client.put(game.url("/pace"), json={"missed_deadlines_limit": None},
                         headers=auth(game.creator_token)).get_json()
    assert cleared["missed_deadlines_limit"] is None
    assert [s["absent"] for s in cleared["seats"]] == [False, False]
