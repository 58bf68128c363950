"""POST /api/v1/games/{id}/nudge: a seat or the creator nudges the seat the game waits for, at
most once a day per game, whoever nudges; by email (if the seat has one) and webhook."""

from __future__ import annotations

import threading
from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from tests.deadlines.conftest import START, SettableClock
from tests.deadlines.helpers import creator_post, event_types, iso, new_timed_game, outbox_rows
from tests.service.helpers import (
    assert_error,
    auth,
    create_game,
    play_until,
    read,
)
from tests.webhooks.helpers import hook, webhook_jobs

# Both with an address; Bob (seat 1, red) starts, so Ann may nudge him.
PLAYERS = [{"name": "Ann", "email": "ann@example.com"},
           {"name": "Bob", "email": "bob@example.com"}]


def nudge(client: FlaskClient, token: str, game):  # noqa: ANN001, ANN201 - a response
    """POST the nudge with ``token``."""
    return client.post(game.url("/nudge"), headers=auth(token))


def nudges(app: Flask) -> list[tuple[str, dict]]:
    """Return the nudge emails in the outbox (dedupe key, payload)."""
    return [r for r in outbox_rows(app, "email") if r[1].get("topic") == "nudge"]


def test_a_seat_nudges_the_seat_to_act_by_email_and_webhook(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, seats=PLAYERS, start_seat=1, name="Friday night")
    bob_hook = hook(client, game, game.seat_tokens[1])
    ann_hook = hook(client, game, game.seat_tokens[0])
    response = nudge(client, game.seat_tokens[0], game)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == {"seat": 1, "by": 0, "emailed": True,
                                   "nudged_at": iso(START),
                                   "next_nudge_at": iso(START + timedelta(days=1))}
    [(_, mail)] = nudges(app)
    assert mail["to"] == "bob@example.com"
    assert mail["subject"] == "[Friday night] A nudge: your move — turn 1, stage 1"
    assert "Ann (green) sent you a nudge: the table is waiting for your move (red)" \
        in mail["text"]
    assert ("You have until Mon, Jan 7, 1:00\u202fPM UTC for this move (4 hours left)."
            in mail["text"])
    jobs = [job for job in webhook_jobs(app) if job["type"] == "turn.nudged"]
    assert [(job["endpoint_id"], job["body"]["data"]) for job in jobs] == [
        (bob_hook["id"], {"seat": 1, "by": 0})]
    assert ann_hook["id"] not in {job["endpoint_id"] for job in jobs}
    assert event_types(app, game)[-1] == "nudged"
    assert read(client, game, game.seat_tokens[1])["next_nudge_at"] == iso(
        START + timedelta(days=1))


def test_one_nudge_a_day_per_game_whoever_nudges(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, seats=PLAYERS, start_seat=1)
    assert nudge(client, game.seat_tokens[0], game).status_code == 200
    clock.advance(hours=23, minutes=59)
    error = assert_error(nudge(client, game.creator_token, game), 429, "nudge/too_soon")
    assert error["details"] == {"next_nudge_at": iso(START + timedelta(days=1))}
    response = nudge(client, game.creator_token, game)
    assert response.headers["Retry-After"] == "60"
    clock.advance(minutes=1)
    again = nudge(client, game.creator_token, game)
    assert again.status_code == 200, again.get_data(as_text=True)
    assert again.get_json()["by"] is None
    assert len(nudges(app)) == 2
    assert "The game's creator sent you a nudge" in nudges(app)[1][1]["text"]


def test_the_seat_to_act_may_not_nudge_itself_nor_may_the_spectators(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, seats=PLAYERS, start_seat=1)
    assert_error(nudge(client, game.seat_tokens[1], game), 422, "nudge/yourself")
    assert_error(nudge(client, game.spectator_token, game), 403, "auth/forbidden")
    other = new_timed_game(client)
    assert_error(nudge(client, other.seat_tokens[0], game), 403, "auth/forbidden")
    assert_error(client.post(game.url("/nudge")), 401, "auth/missing_token")
    assert nudges(app) == []
    assert read(client, game, game.creator_token)["next_nudge_at"] is None


def test_nobody_to_nudge_when_paused_open_over_or_in_the_monster_phase(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    waiting = create_game(client, seats=[{"name": "Ann"}, {"open": True}])
    error = assert_error(nudge(client, waiting.seat_tokens[0], waiting), 409,
                         "nudge/nobody_to_nudge")
    assert error["details"] == {"reason": "not_started"}
    game = new_timed_game(client)
    creator_post(client, game, "pause")
    error = assert_error(nudge(client, game.seat_tokens[1], game), 409,
                         "nudge/nobody_to_nudge")
    assert error["details"] == {"reason": "paused"}
    creator_post(client, game, "cancel")
    error = assert_error(nudge(client, game.seat_tokens[1], game), 409,
                         "nudge/nobody_to_nudge")
    assert error["details"] == {"reason": "cancelled"}
    monster = create_game(client)
    play_until(app, client, monster, "monster")
    error = assert_error(nudge(client, monster.creator_token, monster), 409,
                         "nudge/nobody_to_nudge")
    assert error["details"] == {"reason": "monster"}


def test_a_seat_without_email_or_with_the_games_mail_off_gets_the_webhook_only(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)  # Bob, seat 1, has no address
    client.post(game.url("/actions"), json={"expected_version": 0, "notation": "flip 1"},
                headers=auth(game.seat_tokens[0]))
    creator_hook = hook(client, game, game.creator_token)
    response = nudge(client, game.creator_token, game)
    assert response.get_json()["emailed"] is False
    assert nudges(app) == []
    jobs = [job for job in webhook_jobs(app) if job["type"] == "turn.nudged"]
    assert [(job["endpoint_id"], job["body"]["data"]) for job in jobs] == [
        (creator_hook["id"], {"seat": 1, "by": None})]


def test_two_nudges_at_once_send_one(
    app: Flask, clock: SettableClock
) -> None:
    client = app.test_client()
    game = new_timed_game(client, seats=PLAYERS, start_seat=1)
    barrier = threading.Barrier(3)
    statuses: list[int] = []

    def work(token: str) -> None:
        own = app.test_client()
        barrier.wait()
        statuses.append(nudge(own, token, game).status_code)

    threads = [threading.Thread(target=work, args=(token,))
               for token in (game.seat_tokens[0], game.creator_token, game.seat_tokens[0])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 429, 429]
    assert len(nudges(app)) == 1
    assert event_types(app, game).count("nudged") == 1
