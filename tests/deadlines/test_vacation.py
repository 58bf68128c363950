"""A seat's vacation days: spent a day at a time when its deadline passes, never while the
game is paused, and only then the timeout flip (docs/deadlines.md, "Vacation")."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from tests.deadlines.conftest import START, SettableClock
from tests.deadlines.helpers import (
    LIMIT,
    check,
    creator_post,
    deadline_of,
    event_types,
    iso,
    new_timed_game,
    row,
)
from tests.service.helpers import assert_error, auth, play_one, read

DAY = timedelta(days=1)
DEADLINE = START + timedelta(seconds=LIMIT)


def seat_of(client: FlaskClient, game, seat: int) -> dict:  # noqa: ANN001 - a NewGame
    """Return a seat as the spectators see it."""
    return read(client, game, game.spectator_token)["seats"][seat]


def vacation_events(client: FlaskClient, game) -> list[dict]:  # noqa: ANN001
    """Return the game's ``vacation`` events, as the log shows them."""
    response = client.get(game.url("/events"), headers=auth(game.spectator_token))
    return [item["event"] for item in response.get_json()["items"]
            if item["event"]["type"] == "vacation"]


def test_a_passed_deadline_spends_a_day_of_vacation_instead_of_a_flip(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, vacation_days=2)
    assert seat_of(client, game, 0)["vacation_days_left"] == 2
    assert check(app, DEADLINE).expired == []
    assert deadline_of(client, game) == iso(DEADLINE + DAY)
    assert seat_of(client, game, 0)["vacation_days_left"] == 1
    assert row(app, game).version == 0
    assert vacation_events(client, game) == [
        {"type": "vacation", "seat": 0, "days": 1, "days_left": 1,
         "deadline": iso(DEADLINE + DAY)}]
    assert check(app, DEADLINE + DAY - timedelta(seconds=1)).expired == []
    assert check(app, DEADLINE + DAY).expired == []  # the second day
    assert check(app, DEADLINE + 2 * DAY - timedelta(seconds=1)).expired == []
    assert check(app, DEADLINE + 2 * DAY).expired == [game.id]  # the bank is empty
    assert event_types(app, game) == ["vacation", "vacation", "timeout", "flip"]
    assert seat_of(client, game, 0)["missed_deadlines"] == 1


def test_a_check_that_ran_late_spends_every_day_the_deadline_needs_at_once(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, vacation_days=5)
    assert check(app, DEADLINE + 2 * DAY + timedelta(hours=1)).expired == []
    assert deadline_of(client, game) == iso(DEADLINE + 3 * DAY)
    assert seat_of(client, game, 0)["vacation_days_left"] == 2


def test_a_bank_too_small_for_a_late_check_is_spent_and_then_the_flip_is_made(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, vacation_days=1)
    assert check(app, DEADLINE + 3 * DAY).expired == [game.id]
    assert event_types(app, game) == ["vacation", "timeout", "flip"]
    assert [e["days_left"] for e in vacation_events(client, game)] == [0]
    spectator = read(client, game, game.spectator_token)
    assert spectator["to_move"] == 1
    assert spectator["seats"][0]["vacation_days_left"] == 0


def test_a_paused_game_spends_no_vacation_and_resuming_shifts_the_vacation_deadline(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, vacation_days=2)
    assert check(app, DEADLINE).expired == []  # day 1 spent: deadline at DEADLINE + 1 day
    clock.now = DEADLINE + timedelta(hours=2)
    creator_post(client, game, "pause")
    assert check(app, DEADLINE + 5 * DAY).expired == []
    assert seat_of(client, game, 0)["vacation_days_left"] == 1  # nothing spent while paused
    clock.now = DEADLINE + 5 * DAY
    paused_for = DEADLINE + 5 * DAY - (DEADLINE + timedelta(hours=2))
    assert creator_post(client, game, "resume").status_code == 200
    shifted = DEADLINE + DAY + paused_for
    assert deadline_of(client, game) == iso(shifted)
    assert check(app, shifted - timedelta(seconds=1)).expired == []
    assert seat_of(client, game, 0)["vacation_days_left"] == 1
    assert check(app, shifted).expired == []  # day 2
    assert deadline_of(client, game) == iso(shifted + DAY)
    assert check(app, shifted + DAY).expired == [game.id]
    assert event_types(app, game) == ["vacation", "paused", "resumed", "vacation", "timeout",
                                      "flip"]


def test_a_move_during_a_vacation_day_keeps_the_day_spent_and_the_next_sub_turn_is_whole(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, vacation_days=3)
    check(app, DEADLINE)
    moved_at = clock.advance(hours=3)
    play_one(client, game)
    assert deadline_of(client, game) == iso(moved_at + timedelta(seconds=LIMIT))
    seats = read(client, game, game.spectator_token)["seats"]
    assert [s["vacation_days_left"] for s in seats] == [2, 3]


def test_the_creator_sets_the_bank_and_what_was_spent_stays_spent(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    assert check(app, DEADLINE).expired == [game.id]  # no bank: the flip at once
    response = client.put(game.url("/pace"), json={"vacation_days": 2},
                          headers=auth(game.creator_token))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["vacation_days"] == 2
    second = START + timedelta(seconds=LIMIT) + timedelta(seconds=LIMIT)
    assert check(app, second).expired == []  # seat 1's deadline: a day of its bank
    client.put(game.url("/pace"), json={"vacation_days": 0}, headers=auth(game.creator_token))
    assert [s["vacation_days_left"] for s in read(client, game, game.creator_token)["seats"]
            ] == [0, 0]


def test_only_the_creator_sets_the_pace_and_never_on_an_ended_game(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    assert_error(client.put(game.url("/pace"), json={"vacation_days": 1},
                            headers=auth(game.seat_tokens[0])), 403, "auth/forbidden")
    assert_error(client.put(game.url("/pace"), json={}, headers=auth(game.creator_token)),
                 422, "request/invalid")
    assert_error(client.put(game.url("/pace"), json={"vacation_days": 61},
                            headers=auth(game.creator_token)), 422, "request/invalid")
    assert creator_post(client, game, "cancel").status_code == 200
    assert_error(client.put(game.url("/pace"), json={"vacation_days": 1},
                            headers=auth(game.creator_token)), 409, "game/ended")
