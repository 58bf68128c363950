"""The computer takes absent seats: in a game whose creator chose a level for them
(``absent_computer``), a seat that has missed as many deadlines as the creator allows is
played by the computer from its next turn, its player is told by email, the log and the
creator's webhooks say so; the player (or the creator) takes the seat back at any time."""

from __future__ import annotations

import random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.computer.test_api import computer_jobs, log_of, run_computer_jobs
from tests.deadlines.conftest import SettableClock
from tests.deadlines.helpers import miss, new_timed_game, outbox_rows
from tests.service.helpers import NewGame, a_legal_action, assert_error, auth, read, submit
from tests.webhooks.helpers import hook, webhook_jobs


def handovers(client: FlaskClient, game: NewGame) -> list[dict[str, Any]]:
    """Return the log's ``computer_seat`` events."""
    return [e["event"] for e in log_of(client, game, "events")
            if e["event"]["type"] == "computer_seat"]


def mails(app: Flask, topic: str) -> list[dict[str, Any]]:
    """Return the emails of ``topic`` in the outbox, oldest first."""
    return [mail for _, mail in outbox_rows(app, "email") if mail.get("topic") == topic]


def move_person(client: FlaskClient, game: NewGame, seat: int) -> dict[str, Any]:
    """Make the person at ``seat`` play one legal action; return the game after it."""
    view = read(client, game, game.seat_tokens[seat])
    assert view["to_move"] == seat
    response = submit(client, game, seat, view["version"],
                      action=a_legal_action(view, random.Random(view["version"])))
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["game"]


def test_the_computer_takes_the_seat_that_becomes_absent_and_its_player_is_told(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, missed_deadlines_limit=2, absent_computer="easy",
                          name="Friday night")
    creator_hook = hook(client, game, game.creator_token)
    miss(app, 2)  # seat 0 misses one, seat 1 one: nobody absent yet
    assert [s["computer"] for s in read(client, game, game.creator_token)["seats"]] == [
        None, None]
    miss(app, 1, first=3)  # seat 0's second: absent, and the computer's from now on
    view = read(client, game, game.creator_token)
    assert view["absent_computer"] == "easy"
    assert [(s["computer"], s["absent"]) for s in view["seats"]] == [("easy", True),
                                                                     (None, False)]
    assert handovers(client, game) == [{"type": "computer_seat", "seat": 0, "level": "easy",
                                        "by": "absent"}]
    [absent] = [job for job in webhook_jobs(app) if job["type"] == "seat.absent"]
    assert absent["endpoint_id"] == creator_hook["id"]
    assert absent["body"]["data"] == {"seat": 0, "missed_deadlines": 2, "computer": "easy"}
    assert absent["body"]["text"].startswith(
        "Fearsome Floors, Friday night: Ann (green) has missed 2 deadlines; the computer "
        "plays the seat now, at the easy level.")
    [told] = mails(app, "computer")
    assert told["to"] == "ann@example.com"
    assert told["subject"].endswith("The computer plays for you now")
    assert "You have missed 2 deadlines in Friday night, so the computer plays your seat " \
           "(green) from now on, at the easy level" in told["text"]
    assert "Take my seat back" in told["text"]

    # Bob moves: now the game waits for Ann's seat, which the computer plays, once.
    turn_mails_before = len(mails(app, "turn"))
    waiting = move_person(client, game, 1)
    assert waiting["to_move"] == 0
    assert [job["version"] for job in computer_jobs(app)] == [waiting["version"]]
    assert len(mails(app, "turn")) == turn_mails_before  # Ann gets no "your move"
    assert run_computer_jobs(app) == 1
    last = log_of(client, game)[-1]
    assert last["seat"] == 0 and last["words"].startswith("The computer, playing Ann (green),")
    assert read(client, game, game.creator_token)["to_move"] == 1


def test_the_player_takes_their_seat_back_and_starts_again_from_no_missed_deadline(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, missed_deadlines_limit=1, absent_computer="normal")
    miss(app, 1)
    assert read(client, game, game.creator_token)["seats"][0]["computer"] == "normal"

    url = game.url("/seats/0/computer")
    assert_error(client.delete(url, headers=auth(game.seat_tokens[1])), 403, "auth/forbidden")
    assert_error(client.put(url, json={"level": "easy"}, headers=auth(game.seat_tokens[0])),
                 403, "auth/forbidden")
    back = client.delete(url, headers=auth(game.seat_tokens[0]))
    assert back.status_code == 200, back.get_data(as_text=True)
    mine = back.get_json()
    assert mine["viewer"] == {**mine["viewer"], "kind": "seat", "seat": 0}
    assert [(s["computer"], s["missed_deadlines"], s["absent"]) for s in mine["seats"]] == [
        (None, 0, False), (None, 0, False)]
    assert handovers(client, game) == [
        {"type": "computer_seat", "seat": 0, "level": "normal", "by": "absent"},
        {"type": "computer_seat", "seat": 0, "level": None, "by": "player"}]
    # Taking back a seat that is one's own already changes nothing and writes nothing.
    again = client.delete(url, headers=auth(game.seat_tokens[0]))
    assert again.status_code == 200 and len(handovers(client, game)) == 2

    miss(app, 1, first=2)  # Bob's seat 1 misses: absent at once, the computer's
    miss(app, 1, first=3)  # ... and Ann's seat 0 misses again: the computer's again
    assert [(s["computer"], s["missed_deadlines"]) for s in
            read(client, game, game.creator_token)["seats"]] == [("normal", 1), ("normal", 1)]


def test_a_level_chosen_later_takes_an_absent_seat_at_its_next_missed_deadline(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client, missed_deadlines_limit=1)
    miss(app, 1)
    put = client.put(game.url("/pace"), json={"absent_computer": "hard"},
                     headers=auth(game.creator_token))
    assert put.status_code == 200, put.get_data(as_text=True)
    view = put.get_json()
    assert view["absent_computer"] == "hard"
    assert [(s["absent"], s["computer"]) for s in view["seats"]] == [(True, None),
                                                                     (False, None)]
    miss(app, 2, first=2)  # seat 1 reaches the limit, seat 0 misses once more
    assert [s["computer"] for s in read(client, game, game.creator_token)["seats"]] == [
        "hard", "hard"]
    assert [e["by"] for e in handovers(client, game)] == ["absent", "absent"]
    cleared = client.put(game.url("/pace"), json={"absent_computer": None},
                         headers=auth(game.creator_token)).get_json()
    # Clearing the level leaves the seats the computer has; their players take them back.
    assert cleared["absent_computer"] is None
    assert [s["computer"] for s in cleared["seats"]] == ["hard", "hard"]


def test_a_level_that_is_none_of_the_three_is_refused_and_changes_nothing(
    app: Flask, client: FlaskClient, clock: SettableClock
) -> None:
    game = new_timed_game(client)
    response = client.put(game.url("/pace"), json={"absent_computer": "brilliant"},
                          headers=auth(game.creator_token))
    assert_error(response, 422, "request/invalid")
    assert read(client, game, game.creator_token)["absent_computer"] is None
    created = client.post("/api/v1/games", json={"seats": [{"name": "A"}, {"name": "B"}],
                                                 "absent_computer": "brilliant"})
    assert_error(created, 422, "request/invalid")
