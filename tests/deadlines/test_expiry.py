"""The periodic check (worker.deadlines.check_deadlines): reminders and expired sub-turns."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.deadlines.conftest import START, SettableClock
from tests.deadlines.helpers import (
    HOUR,
    LIMIT,
    check,
    deadline_of,
    event_types,
    iso,
    new_timed_game,
    outbox_rows,
    reminders,
    row,
    state_of,
)
from tests.service.helpers import play_one, read, run_monster_jobs

REMINDER = START + timedelta(seconds=LIMIT - HOUR)
DEADLINE = START + timedelta(seconds=LIMIT)


def test_a_started_game_shows_the_deadline_of_its_first_sub_turn(
    client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    view = read(client, game, game.seat_tokens[0])
    assert (view["move_deadline"], view["paused_at"]) == (iso(DEADLINE), None)


def test_the_create_response_shows_the_deadline_a_read_shows(
    client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    created = game.body["game"]
    assert created["move_deadline"] == iso(DEADLINE)
    assert created == read(client, game, game.creator_token)


def test_a_game_started_by_its_last_joiner_gets_its_first_deadline_then(
    client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, seats=[{"name": "Ann"}, {"open": True}])
    assert read(client, game, game.creator_token)["move_deadline"] is None
    joined_at = clock.advance(hours=30)
    response = client.post(game.url("/join"), json={"invite_code": game.invite_code,
                                                    "name": "Bob"})
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.get_json()["game"]["move_deadline"] == iso(
        joined_at + timedelta(seconds=LIMIT))


def test_no_reminder_when_the_fraction_is_zero(
    app: Flask, client: FlaskClient, clock: SettableClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(app.config, "DEADLINE_REMINDER_FRACTION", 0)
    game = new_timed_game(client)
    assert row(app, game).reminder_at is None
    assert check(app, DEADLINE - timedelta(seconds=1)).reminded == []
    assert check(app, DEADLINE).expired == [game.id]
    assert event_types(app, game) == ["timeout", "flip"]


def test_each_sub_turn_gets_the_whole_limit_from_its_start(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    moved_at = clock.advance(minutes=25)
    play_one(client, game)
    assert deadline_of(client, game) == iso(moved_at + timedelta(seconds=LIMIT))
    assert row(app, game).reminder_at == moved_at + timedelta(seconds=LIMIT - HOUR)


def test_the_reminder_is_sent_once_when_a_quarter_of_the_limit_is_left(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)  # seat 0 (Ann) has an email address and is to move
    assert check(app, REMINDER - timedelta(seconds=1)).reminded == []
    assert check(app, REMINDER).to_dict() == {"expired": [], "reminded": [game.id]}
    assert check(app, REMINDER).reminded == []
    assert check(app, REMINDER + timedelta(minutes=30)).reminded == []
    assert event_types(app, game) == ["reminder"]
    [(key, payload)] = reminders(app)
    assert key == f"mail:{game.id}:0:reminder:0"
    assert payload["to"] == "ann@example.com"
    assert "runs out at Mon, Jan 7, 1:00\u202fPM UTC, in about 60 minutes" in payload["text"]
    assert read(client, game, game.spectator_token)["version"] == 0  # nobody's move is stale


def test_a_seat_without_an_email_address_gets_the_reminder_event_only(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    clock.advance(minutes=1)
    play_one(client, game)  # now Bob (no address) is to move
    assert check(app, clock.now + timedelta(seconds=LIMIT - HOUR)).reminded == [game.id]
    assert event_types(app, game)[-1] == "reminder"
    assert reminders(app) == []


def test_expiry_flips_the_waiting_figure_and_play_goes_on(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    assert check(app, DEADLINE - timedelta(seconds=1)).to_dict() == {
        "expired": [], "reminded": [game.id]}
    clock.now = DEADLINE + timedelta(seconds=40)  # the check runs a little late
    assert check(app, clock.now).to_dict() == {"expired": [game.id], "reminded": []}
    state = state_of(app, game)
    first = state.figures_of(0)[0]
    assert (first.number, first.where, first.moved, first.value) == (1, "outside", True, 6)
    assert all(f.where == "outside" for f in state.figures)  # in the first turn nothing enters
    assert (state.to_move, state.version) == (1, 1)
    assert event_types(app, game) == ["reminder", "timeout", "flip"]
    actions = client.get(game.url("/actions"), headers={
        "Authorization": f"Bearer {game.spectator_token}"}).get_json()["items"]
    assert [(a["seat"], a["action"]) for a in actions] == [
        (0, {"type": "flip", "figure": first.id.key})]
    assert deadline_of(client, game) == iso(clock.now + timedelta(seconds=LIMIT))


def test_a_check_run_twice_for_the_same_instant_changes_nothing(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    assert check(app, DEADLINE).expired == [game.id]
    before = read(client, game, game.spectator_token)
    assert check(app, DEADLINE).to_dict() == {"expired": [], "reminded": []}
    assert read(client, game, game.spectator_token) == before
    assert event_types(app, game) == ["timeout", "flip"]


def test_when_the_last_figure_times_out_the_monster_phase_job_is_written(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    while sum(f.in_play and not f.moved for f in state_of(app, game).figures) > 1:
        check(app, clock.now + timedelta(seconds=LIMIT))  # each expiry flips one figure
    version = state_of(app, game).version
    assert (state_of(app, game).phase, version) == ("figures", 7)
    assert check(app, clock.now + timedelta(seconds=LIMIT)).expired == [game.id]
    assert state_of(app, game).phase == "monster"
    assert outbox_rows(app, "monster_phase")[-1] == (
        f"monster:{game.id}:{version + 1}", {"game_id": game.id, "version": version + 1})
    assert deadline_of(client, game) is None
    assert row(app, game).reminder_at is None
    assert run_monster_jobs(app) == 1
    # The next game turn's first sub-turn gets its deadline from the monster phase's end.
    assert deadline_of(client, game) == iso(clock.now + timedelta(seconds=LIMIT))


def test_expiry_takes_the_tile_placement_in_the_experienced_set_up(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, options={"experienced": True})
    tiles = len(state_of(app, game).tiles_to_place)
    assert check(app, DEADLINE).expired == [game.id]
    state = state_of(app, game)
    assert (len(state.tiles_to_place), state.to_move) == (tiles - 1, 1)
    assert event_types(app, game) == ["timeout", "place"]


def test_games_without_a_limit_are_left_alone(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, limit=None)
    before = read(client, game, game.spectator_token)
    assert before["move_deadline"] is None
    far = START + timedelta(days=400)
    assert check(app, far).to_dict() == {"expired": [], "reminded": []}
    assert read(client, game, game.spectator_token) == before
    assert event_types(app, game) == []
    row_now = row(app, game)
    assert (row_now.move_deadline, row_now.reminder_at) == (None, None)


def test_a_game_that_ended_or_was_cancelled_is_left_alone(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    client.post(game.url("/cancel"), headers={"Authorization": f"Bearer {game.creator_token}"})
    assert check(app, DEADLINE).to_dict() == {"expired": [], "reminded": []}
    assert event_types(app, game) == []
    assert read(client, game, game.spectator_token)["move_deadline"] is None


def test_checks_running_at_once_flip_once_and_remind_once(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    flipped, reminded = new_timed_game(client), new_timed_game(client)
    clock.advance(minutes=10)
    play_one(client, reminded)  # its deadline is ten minutes later than the other's
    barrier = threading.Barrier(4)
    results: list[dict[str, list[str]]] = []

    def work() -> None:
        barrier.wait()
        results.append(check(app, DEADLINE).to_dict())

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(sum((r["expired"] for r in results), [])) == [flipped.id]
    assert sorted(sum((r["reminded"] for r in results), [])) == [reminded.id]
    assert event_types(app, flipped) == ["timeout", "flip"]
    assert event_types(app, reminded) == ["move", "reminder"]
