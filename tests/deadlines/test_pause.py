"""POST /api/v1/games/{id}/pause and /resume: the creator stops and restarts the clock."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from tests.deadlines.conftest import START, SettableClock
from tests.deadlines.helpers import (
    HOUR,
    LIMIT,
    check,
    creator_post,
    event_types,
    iso,
    new_timed_game,
    row,
    state_of,
)
from tests.service.helpers import (
    a_legal_action,
    assert_error,
    auth,
    create_game,
    play_until,
    read,
    run_monster_jobs,
    submit,
)

DEADLINE = START + timedelta(seconds=LIMIT)
REMINDER = DEADLINE - timedelta(seconds=HOUR)


def test_pausing_shows_in_the_view_and_refuses_moves(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    paused_at = clock.advance(minutes=10)
    response = creator_post(client, game, "pause")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["paused_at"] == iso(paused_at)
    view = read(client, game, game.seat_tokens[0])
    assert (view["paused_at"], view["move_deadline"]) == (iso(paused_at), iso(DEADLINE))
    error = assert_error(submit(client, game, 0, view["version"], action=a_legal_action(view)),
                         409, "game/paused")
    assert error["details"] == {"paused_at": iso(paused_at)}
    assert state_of(app, game).version == 0
    assert event_types(app, game) == ["paused"]


def test_no_reminder_or_expiry_while_paused(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    creator_post(client, game, "pause")
    assert check(app, DEADLINE + timedelta(days=3)).to_dict() == {"expired": [], "reminded": []}
    assert state_of(app, game).version == 0
    assert event_types(app, game) == ["paused"]


def test_resuming_shifts_the_deadline_and_the_reminder_by_exactly_the_time_paused(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    clock.advance(minutes=30)
    creator_post(client, game, "pause")
    paused_for = timedelta(hours=5, minutes=7, seconds=3, microseconds=250)
    clock.advance(seconds=paused_for.total_seconds())
    response = creator_post(client, game, "resume")
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert (body["paused_at"], body["move_deadline"]) == (None, iso(DEADLINE + paused_for))
    assert row(app, game).reminder_at == REMINDER + paused_for
    assert check(app, REMINDER + paused_for - timedelta(microseconds=1)).reminded == []
    assert check(app, REMINDER + paused_for).reminded == [game.id]
    assert check(app, DEADLINE + paused_for - timedelta(microseconds=1)).expired == []
    assert check(app, DEADLINE + paused_for).expired == [game.id]
    assert event_types(app, game) == ["paused", "resumed", "reminder", "timeout", "flip"]


def test_moves_are_taken_again_after_resuming(
    client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    creator_post(client, game, "pause")
    creator_post(client, game, "resume")
    view = read(client, game, game.seat_tokens[0])
    response = submit(client, game, 0, view["version"], action=a_legal_action(view))
    assert response.status_code == 201, response.get_data(as_text=True)


def test_a_sub_turn_that_starts_during_a_pause_gets_the_whole_limit_after_resuming(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    play_until(app, client, game, "monster")
    creator_post(client, game, "pause")
    clock.advance(hours=2)
    assert run_monster_jobs(app) == 1  # the monster phase goes on while paused
    assert read(client, game, game.spectator_token)["phase"] == "figures"
    resumed_at = clock.advance(hours=9)
    creator_post(client, game, "resume")
    assert read(client, game, game.spectator_token)["move_deadline"] == iso(
        resumed_at + timedelta(seconds=LIMIT))


def test_pausing_changes_the_etag(client: FlaskClient, clock: SettableClock) -> None:
    game = new_timed_game(client)
    before = client.get(game.url(), headers=auth(game.spectator_token)).headers["ETag"]
    creator_post(client, game, "pause")
    paused = client.get(game.url(), headers=auth(game.spectator_token)).headers["ETag"]
    clock.advance(minutes=1)
    creator_post(client, game, "resume")
    resumed = client.get(game.url(), headers=auth(game.spectator_token)).headers["ETag"]
    assert len({before, paused, resumed}) == 3


def test_a_game_without_a_limit_can_be_paused_too(client: FlaskClient,
                                                  clock: SettableClock) -> None:
    game = new_timed_game(client, limit=None)
    assert creator_post(client, game, "pause").get_json()["move_deadline"] is None
    view = read(client, game, game.seat_tokens[0])
    assert_error(submit(client, game, 0, 0, action=a_legal_action(view)), 409, "game/paused")


def test_pausing_twice_or_resuming_a_running_game_is_refused(
    client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    assert_error(creator_post(client, game, "resume"), 409, "game/not_paused")
    creator_post(client, game, "pause")
    error = assert_error(creator_post(client, game, "pause"), 409, "game/already_paused")
    assert error["details"] == {"paused_at": iso(START)}


def test_only_the_creator_may_pause_or_resume(client: FlaskClient, clock: SettableClock) -> None:
    game = new_timed_game(client)
    for what in ("pause", "resume"):
        for token in (game.seat_tokens[0], game.spectator_token):
            response = client.post(game.url(f"/{what}"), headers=auth(token))
            assert_error(response, 403, "auth/forbidden")
        assert_error(client.post(game.url(f"/{what}")), 401, "auth/missing_token")
    assert read(client, game, game.spectator_token)["paused_at"] is None


def test_games_that_are_not_under_way_cannot_be_paused(
    client: FlaskClient, clock: SettableClock
) -> None:
    waiting = create_game(client, seats=[{"name": "Ann"}, {"open": True}])
    assert_error(creator_post(client, waiting, "pause"), 409, "game/not_started")
    cancelled = new_timed_game(client)
    creator_post(client, cancelled, "pause")
    client.post(cancelled.url("/cancel"), headers=auth(cancelled.creator_token))
    for what in ("pause", "resume"):
        assert_error(creator_post(client, cancelled, what), 409, "game/cancelled")
    assert read(client, cancelled, cancelled.spectator_token)["paused_at"] is None
    response = client.post("/api/v1/games/" + "x" * 22 + "/pause",
                           headers=auth(cancelled.creator_token))
    assert_error(response, 404, "game/not_found")


def test_a_finished_game_cannot_be_paused(app: Flask, client: FlaskClient,
                                          clock: SettableClock) -> None:
    game = new_timed_game(client)
    play_until(app, client, game, "over")
    assert read(client, game, game.spectator_token)["move_deadline"] is None
    for what in ("pause", "resume"):
        assert_error(creator_post(client, game, what), 409, "game/over")
