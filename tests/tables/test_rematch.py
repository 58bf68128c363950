"""Tables and rematches through the API: the same players again, the start player moved on,
options kept unless changed; a no leaves a player out, silence holds no one up; standings
rebuilt from the games alone."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from service.features.tables.service import start_due
from service.plumbing.columns import utcnow
from service.plumbing.config import DEFAULTS
from tests.plans.helpers import mails_to
from tests.records.test_export import play_to_the_end
from tests.service.helpers import (
    API,
    NewGame,
    assert_error,
    auth,
    create_game,
    game_from,
    read,
)
from worker.schedule import beat_schedule
from worker.tables import START_REMATCHES, start_rematches_task

THREE = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"},
         {"name": "Cy", "email": "cy@example.com"}]


def finished(app: Flask, client: FlaskClient, seats: list[dict[str, Any]] | None = None,
             **spec: Any) -> NewGame:
    """Return a game of ``seats`` (Ann, Bob, Cy) played to its end."""
    game = create_game(client, seats or THREE, **spec)
    play_to_the_end(app, client, game)
    return game


def ask(client: FlaskClient, game: NewGame, token: str, **changes: Any) -> dict[str, Any]:
    response = client.post(game.url("/rematch"), json=changes, headers=auth(token))
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def answer(client: FlaskClient, game: NewGame, seat: int, play: bool) -> dict[str, Any]:
    response = client.post(game.url("/rematch/answer"), json={"play": play},
                           headers=auth(game.seat_tokens[seat]))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def table(client: FlaskClient, game: NewGame, token: str) -> dict[str, Any]:
    response = client.get(game.url("/table"), headers=auth(token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def links(client: FlaskClient, game: NewGame, token: str) -> dict[str, Any]:
    response = client.post(game.url("/rematch/links"), headers=auth(token))
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def new_game_of(client: FlaskClient, game: NewGame, seat: int) -> tuple[str, str]:
    """Return the rematch's game id and the seat's new token, from the old seat's token."""
    got = links(client, game, game.seat_tokens[seat])
    return got["game_id"], got["link"].split("#t=", 1)[1]


def test_a_rematch_with_every_yes_starts_the_same_players_with_the_next_start_player(
        app: Flask, client: FlaskClient) -> None:
    game = finished(app, client, start_seat=0, options={"experienced": True,
                                                        "random_setup": True},
                    move_time_limit=3600)
    asked = ask(client, game, game.seat_tokens[0])
    assert asked["rematch"]["status"] == "asking"
    assert asked["rematch"]["answers"] == {"0": True} and asked["rematch"]["waiting"] == [1, 2]
    invites = [m for m in mails_to(app, "bob@example.com") if "rematch" in m["subject"]]
    assert len(invites) == 1 and "Ann (green) asks for a rematch" in invites[0]["text"]
    answer(client, game, 1, True)
    done = answer(client, game, 2, True)["rematch"]
    assert done["status"] == "started" and done["game_id"]
    game_id, token = new_game_of(client, game, 1)
    view = client.get(f"{API}/games/{game_id}", headers=auth(token)).get_json()
    assert [s["name"] for s in view["seats"]] == ["Ann", "Bob", "Cy"]
    assert view["viewer"]["seat"] == 1
    assert view["options"]["experienced"] and view["move_time_limit"] == 3600
    assert view["start_seat"] == 1  # the start player moved on from Ann to Bob
    assert view["status"] == "active"
    assert any(game_id in m["text"] for m in mails_to(app, "cy@example.com"))
    assert table(client, game, game.spectator_token)["rematch"]["game_id"] == game_id


def test_a_player_who_says_no_is_left_out(app: Flask, client: FlaskClient) -> None:
    game = finished(app, client)
    ask(client, game, game.seat_tokens[1])
    answer(client, game, 0, True)
    answer(client, game, 2, False)
    game_id, token = new_game_of(client, game, 0)
    view = client.get(f"{API}/games/{game_id}", headers=auth(token)).get_json()
    assert [s["name"] for s in view["seats"]] == ["Ann", "Bob"]
    cy = links(client, game, game.seat_tokens[2])
    assert cy["link"] is None and cy["creator_link"] is None


def test_one_who_does_not_answer_holds_no_one_up(app: Flask, client: FlaskClient) -> None:
    game = finished(app, client)
    asked = ask(client, game, game.seat_tokens[0], answer_hours=2)
    answer(client, game, 2, True)
    with app.app_context():
        assert start_due(utcnow()) == 0
        assert start_due(utcnow() + timedelta(hours=2, seconds=1)) == 1
        assert start_due(utcnow() + timedelta(hours=3)) == 0
    rematch = table(client, game, game.seat_tokens[0])["rematch"]
    assert rematch["status"] == "started" and rematch["answers"] == {"0": True, "2": True}
    game_id, token = new_game_of(client, game, 2)
    names = [s["name"] for s in client.get(f"{API}/games/{game_id}",
                                           headers=auth(token)).get_json()["seats"]]
    assert names == ["Ann", "Cy"]
    assert asked["rematch"]["starts_by"] < rematch["decided_at"]


def test_with_fewer_than_two_the_rematch_lapses_and_everyone_is_told(
        app: Flask, client: FlaskClient) -> None:
    game = finished(app, client)
    ask(client, game, game.seat_tokens[0])
    answer(client, game, 1, False)
    assert answer(client, game, 2, False)["rematch"]["status"] == "lapsed"
    assert any("No rematch" in m["subject"] for m in mails_to(app, "ann@example.com"))
    assert_error(client.post(game.url("/rematch/links"), headers=auth(game.seat_tokens[0])),
                 409, "rematch/not_started")


def test_the_asker_changes_the_options_and_holds_the_new_creators_link(
        app: Flask, client: FlaskClient) -> None:
    game = finished(app, client, seats=THREE[:2])
    ask(client, game, game.seat_tokens[0], options={"experienced": True}, takebacks="off",
        name="Second round")
    answer(client, game, 1, True)
    ann = links(client, game, game.seat_tokens[0])
    assert ann["creator_link"] is not None
    creator = ann["creator_link"].split("#t=", 1)[1]
    view = client.get(f"{API}/games/{ann['game_id']}", headers=auth(creator)).get_json()
    assert view["viewer"]["kind"] == "creator" and view["name"] == "Second round"
    assert view["options"]["experienced"] and view["takebacks"] == "off"
    assert links(client, game, game.seat_tokens[1])["creator_link"] is None
    assert links(client, game, game.creator_token)["creator_link"] is not None


def test_a_rematch_against_the_computer_starts_at_once(app: Flask, client: FlaskClient) -> None:
    game = finished(app, client, seats=[{"name": "Ann"}, {"computer": "easy"}])
    asked = ask(client, game, game.seat_tokens[0])
    assert asked["rematch"]["status"] == "started"


def test_asking_twice_gives_the_first_rematch_and_only_a_finished_game_has_one(
        app: Flask, client: FlaskClient) -> None:
    running = create_game(client, THREE)
    assert_error(client.post(running.url("/rematch"), json={},
                             headers=auth(running.seat_tokens[0])), 409, "rematch/not_over")
    game = finished(app, client)
    first = ask(client, game, game.seat_tokens[0])
    again = ask(client, game, game.seat_tokens[1])
    assert again["rematch"] == first["rematch"]
    assert_error(client.post(game.url("/rematch"), json={},
                             headers=auth(game.spectator_token)), 403, "auth/forbidden")


def test_standings_are_rebuilt_from_the_tables_finished_games(app: Flask,
                                                              client: FlaskClient) -> None:
    game = finished(app, client, seats=THREE[:2])
    ask(client, game, game.seat_tokens[0])
    answer(client, game, 1, True)
    game_id, token = new_game_of(client, game, 0)
    creator = links(client, game, game.creator_token)["creator_link"].split("#t=", 1)[1]
    second = NewGame(game_id, {}, creator, creator, {0: token, 1: new_game_of(client, game, 1)[1]})
    play_to_the_end(app, client, second)
    shown = table(client, game, game.seat_tokens[1])
    assert shown["standings"]["games"] == 2
    assert {line["name"] for line in shown["standings"]["lines"]} == {"Ann", "Bob"}
    assert [g["number"] for g in shown["games"]] == [1, 2]
    wins = sum(line["wins"] for line in shown["standings"]["lines"])
    assert wins == sum(len(g["winners"]) for g in shown["games"])
    assert shown == {**table(client, second, token), "rematch": shown["rematch"],
                     "you": shown["you"]}
    assert "ann@example.com" not in str(shown)


def test_a_table_made_from_scratch_starts_its_games_with_its_own_link(
        app: Flask, client: FlaskClient) -> None:
    made = client.post(f"{API}/tables", json={
        "name": "Thursday club", "members": [{"name": "Ann", "email": "ann@example.com",
                                              "colour": "red", "language": "de"},
                                             {"name": "Bob"}, {"computer": "normal"}],
        "monster_preview": True})
    assert made.status_code == 201, made.get_data(as_text=True)
    body = made.get_json()
    assert body["link"].startswith("https://ff.example/table/")
    table_id, token = body["table"]["id"], body["token"]
    started = client.post(f"{API}/tables/{table_id}/games", json={}, headers=auth(token))
    assert started.status_code == 201, started.get_data(as_text=True)
    game = game_from(started.get_json())
    view = read(client, game, game.seat_tokens[0])
    assert [s["colour"] for s in view["seats"]][0] == "red"
    assert view["monster_preview"] is True and view["viewer"]["language"] == "de"
    assert view["name"] == "Thursday club #1"
    shown = client.get(f"{API}/tables/{table_id}", headers=auth(token)).get_json()
    assert [g["game_id"] for g in shown["games"]] == [game.id]
    assert_error(client.get(f"{API}/tables/{table_id}", headers=auth(game.creator_token)),
                 404, "table/not_found")
    assert_error(client.post(f"{API}/tables", json={"name": "x", "members": [
        {"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]}), 422,
                 "table/same_colour")


def test_the_mail_telling_the_end_offers_a_rematch_and_later_the_standings(
        app: Flask, client: FlaskClient) -> None:
    game = finished(app, client, seats=THREE[:2])
    over = [m for m in mails_to(app, "ann@example.com") if "The game is over" in m["subject"]]
    assert len(over) == 1 and "Reply 'rematch'" in over[0]["text"]
    assert "Standings" not in over[0]["text"]
    ask(client, game, game.seat_tokens[0])
    answer(client, game, 1, True)
    game_id, token = new_game_of(client, game, 0)
    creator = links(client, game, game.creator_token)["creator_link"].split("#t=", 1)[1]
    second = NewGame(game_id, {}, creator, creator, {0: token, 1: new_game_of(client, game, 1)[1]})
    play_to_the_end(app, client, second)
    last = [m for m in mails_to(app, "bob@example.com") if "The game is over" in m["subject"]]
    assert "Standings after 2 games: " in last[-1]["text"]


def test_beat_starts_the_rematches_whose_time_is_up(app: Flask, client: FlaskClient) -> None:
    schedule = beat_schedule(DEFAULTS)["start-rematches"]
    assert schedule["task"] == START_REMATCHES
    game = finished(app, client)
    ask(client, game, game.seat_tokens[0], answer_hours=1)
    answer(client, game, 1, True)
    with app.app_context():
        assert start_rematches_task.run() == 0  # its hour is not over
    assert table(client, game, game.spectator_token)["rematch"]["status"] == "asking"
