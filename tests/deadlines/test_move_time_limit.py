"""PUT /api/v1/games/{id}/move-time-limit: the creator changes the time per move, from the
next sub-turn on; anyone else, a finished or cancelled game and bad values are refused and
change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.deadlines.conftest import START, SettableClock
from tests.deadlines.helpers import HOUR, LIMIT, iso, new_timed_game, row
from tests.service.helpers import (
    NewGame,
    a_legal_action,
    assert_error,
    auth,
    create_game,
    read,
    submit,
)


def put_limit(client: FlaskClient, game: NewGame, body: object, token: str | None = None):  # noqa: ANN201
    """PUT the time per move with the creator's token (or ``token``)."""
    return client.put(game.url("/move-time-limit"), json=body,
                      headers=auth(token or game.creator_token))


def play(client: FlaskClient, game: NewGame, seat: int) -> None:
    """Submit a legal action for ``seat``."""
    view = read(client, game, game.seat_tokens[seat])
    response = submit(client, game, seat, view["version"], action=a_legal_action(view))
    assert response.status_code == 201, response.get_data(as_text=True)


def test_a_new_limit_counts_from_the_next_sub_turn(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    clock.advance(minutes=10)
    response = put_limit(client, game, {"move_time_limit": HOUR})
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert body["move_time_limit"] == HOUR
    # The sub-turn under way keeps the deadline its player was given.
    assert body["move_deadline"] == iso(START + timedelta(seconds=LIMIT))
    moved_at = clock.advance(minutes=5)
    play(client, game, 0)
    view = read(client, game, game.spectator_token)
    assert view["move_deadline"] == iso(moved_at + timedelta(seconds=HOUR))


def test_seats_see_the_new_limit_though_nothing_else_changed(
    client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    first = client.get(game.url(), headers=auth(game.seat_tokens[1]))
    clock.advance(seconds=1)
    put_limit(client, game, {"move_time_limit": 2 * HOUR})
    again = client.get(game.url(), headers={**auth(game.seat_tokens[1]),
                                            "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200
    assert again.get_json()["move_time_limit"] == 2 * HOUR


def test_removing_the_limit_ends_deadlines_from_the_next_sub_turn(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    assert put_limit(client, game, {"move_time_limit": None}).status_code == 200
    assert row(app, game).move_deadline == START + timedelta(seconds=LIMIT)
    play(client, game, 0)
    stored = row(app, game)
    assert (stored.move_time_limit, stored.move_deadline, stored.reminder_at) == (None, None, None)


def test_a_game_not_started_takes_a_limit_for_when_it_starts(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = create_game(client, [{"name": "Ann"}, {"open": True}])
    assert put_limit(client, game, {"move_time_limit": HOUR}).status_code == 200
    joined = client.post(game.url("/join"), json={"invite_code": game.invite_code,
                                                  "name": "Bob"})
    assert joined.status_code == 201, joined.get_data(as_text=True)
    assert joined.get_json()["game"]["move_deadline"] == iso(START + timedelta(seconds=HOUR))


def test_only_the_creator_may_change_it(app: Flask, client: FlaskClient) -> None:
    game = new_timed_game(client)
    for token in (game.seat_tokens[0], game.spectator_token):
        error = assert_error(put_limit(client, game, {"move_time_limit": HOUR}, token),
                             403, "auth/forbidden")
        assert error["details"]["token_kind"] in ("seat", "spectator")
    assert_error(client.put(game.url("/move-time-limit"), json={"move_time_limit": HOUR}),
                 401, "auth/missing_token")
    assert row(app, game).move_time_limit == LIMIT


def test_a_cancelled_game_keeps_its_limit(app: Flask, client: FlaskClient) -> None:
    game = new_timed_game(client)
    client.post(game.url("/cancel"), headers=auth(game.creator_token))
    error = assert_error(put_limit(client, game, {"move_time_limit": HOUR}), 409, "game/ended")
    assert error["details"] == {"status": "cancelled"}
    assert row(app, game).move_time_limit == LIMIT


@pytest.mark.parametrize("body", [{"move_time_limit": 59}, {"move_time_limit": 31 * 86400},
                                  {"move_time_limit": "3600"}, {"move_time_limit": 1.5}, {}])
def test_a_limit_out_of_range_is_refused(app: Flask, client: FlaskClient, body: object) -> None:
    game = new_timed_game(client)
    assert_error(put_limit(client, game, body), 422, "request/invalid")
    assert row(app, game).move_time_limit == LIMIT
