"""PUT /api/v1/games/<id>/email and POST /api/v1/email/confirm: a seat's new address is
used only once the link mailed to it is followed; POST /api/v1/games/<id>/email/link mails
a seat its own link."""

from __future__ import annotations

import re
from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from service.plumbing.columns import utcnow
from tests.home.helpers import (
    ANN,
    home_token,
    mails_to,
    outbox_kinds,
    read_home,
    run_worker,
    text_of,
)
from tests.mail.helpers import email_rows
from tests.service.helpers import API, assert_error, auth, create_game, play_one, read
from tests.support.smtp_server import SmtpServer

NEW = "ann.new@example.org"
CONFIRM = f"{API}/email/confirm"
SEATS = [{"name": "Ann", "email": ANN}, {"name": "Bob", "email": "bob@example.com"}]


def change(client: FlaskClient, game_id: str, token: str, email: str = NEW) -> dict:
    """Ask for the seat's new address; check the answer; return it."""
    response = client.put(f"{API}/games/{game_id}/email", json={"email": email},
                          headers=auth(token))
    assert response.status_code == 202, response.get_data(as_text=True)
    return response.get_json()


def code_mailed(app: Flask, to: str = NEW) -> str:
    """Return the code of the latest confirmation link mailed to ``to`` (the outbox row)."""
    [row] = [r for r in email_rows(app, topic="confirm_email") if r.payload["to"] == to][-1:]
    [code] = re.findall(r"/home#c=([A-Za-z0-9_-]+)", row.payload["text"])
    return code


def turn_mails_to(app: Flask) -> list[str]:
    """Return to whom each "your move" mail went, oldest first."""
    return [row.payload["to"] for row in email_rows(app, topic="turn")]


def test_the_new_address_gets_the_games_mail_only_once_it_is_confirmed(
        smtp_app: Flask, smtp_server: SmtpServer) -> None:
    client = smtp_app.test_client()
    game = create_game(client, seats=SEATS, start_seat=1, name="Friday")
    answer = change(client, game.id, game.seat_tokens[0])
    assert answer["email"] == ANN and answer["pending_email"] == NEW
    run_worker(smtp_app)
    [mail] = mails_to(smtp_server, NEW, "[Friday] Confirm your email address")
    text = text_of(mail)
    assert "works for 48 hours" in text
    assert f"playing {game.body['seats'][0]['colour']} in Friday" in text
    [code] = re.findall(r"/home#c=([A-Za-z0-9_-]+)", text)

    play_one(client, game)  # Bob moves: Ann's turn, mailed to the address she has
    assert turn_mails_to(smtp_app) == [ANN]
    assert read(client, game, game.spectator_token)["seats"][0].get("email") is None
    assert client.get(game.url("/notifications"),
                      headers=auth(game.seat_tokens[0])).get_json()["email"] == ANN

    confirmed = client.post(CONFIRM, json={"code": code})
    assert confirmed.status_code == 200, confirmed.get_data(as_text=True)
    assert confirmed.get_json() == {"game_id": game.id, "name": "Friday", "seat": 0,
                                    "colour": game.body["seats"][0]["colour"], "email": NEW}
    assert client.get(game.url("/notifications"),
                      headers=auth(game.seat_tokens[0])).get_json()["email"] == NEW
    run_worker(smtp_app)
    [link_mail] = mails_to(smtp_server, NEW, "[Friday] Your link to the game")
    [link] = re.findall(r"https://ff\.example/play/\S+", text_of(link_mail))
    play_one(client, game)
    play_one(client, game)  # Ann's turn again (after Bob's), mailed to the new address
    assert turn_mails_to(smtp_app)[0] == ANN and turn_mails_to(smtp_app)[-1] == NEW
    # Read last: a seat reading its game counts as being on the page, which holds its mail.
    viewer = read(client, game, link.partition("#t=")[2])["viewer"]
    assert viewer.items() >= {"kind": "seat", "seat": 0}.items()
    assert_error(client.post(CONFIRM, json={"code": code}), 404, "email/unknown_code")


def test_a_confirmation_link_stops_working_after_48_hours_or_a_newer_request(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=SEATS)
    change(client, game.id, game.seat_tokens[0])
    first = code_mailed(app)
    change(client, game.id, game.seat_tokens[0])
    second = code_mailed(app)
    assert_error(client.post(CONFIRM, json={"code": first}), 404, "email/unknown_code")
    app.config["CLOCK"] = lambda: utcnow() + timedelta(hours=48, seconds=1)
    try:
        error = assert_error(client.post(CONFIRM, json={"code": second}), 404,
                             "email/expired_code")
    finally:
        app.config["CLOCK"] = None
    assert "expired" in error["message"]
    assert client.post(CONFIRM, json={"code": second}).status_code == 200  # in time again


def test_a_change_is_refused_when_it_changes_nothing_or_comes_from_another_token(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=SEATS)
    url = f"{API}/games/{game.id}/email"
    error = assert_error(client.put(url, json={"email": ANN.upper()},
                                    headers=auth(game.seat_tokens[0])), 422, "email/unchanged")
    assert error["message"] == f"This seat's email is {ANN} already."
    assert_error(client.put(url, json={"email": NEW}), 401, "auth/missing_token")
    assert_error(client.put(url, json={"email": NEW}, headers=auth(game.spectator_token)),
                 403, "auth/forbidden")
    assert_error(client.put(url, json={"email": "nope"}, headers=auth(game.seat_tokens[0])),
                 422, "request/invalid")
    assert_error(client.post(CONFIRM, json={"code": "x"}), 422, "request/invalid")
    assert outbox_kinds(app) == ["email", "email"]  # the two invitations only


def test_a_seat_added_an_address_it_did_not_have(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)  # Bob has no address
    assert change(client, game.id, game.seat_tokens[1], "bob@example.com")["email"] is None
    assert client.post(CONFIRM, json={"code": code_mailed(app, "bob@example.com")}
                       ).status_code == 200
    assert client.get(game.url("/notifications"),
                      headers=auth(game.seat_tokens[1])).get_json()["email"] == "bob@example.com"


def test_the_old_address_home_list_loses_the_seat_once_the_change_is_confirmed(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=SEATS)
    old_home = home_token(app, client)
    [entry] = read_home(client, old_home)["games"]
    change(client, game.id, game.seat_tokens[0])
    assert len(read_home(client, old_home)["games"]) == 1  # not before it is confirmed
    assert client.post(CONFIRM, json={"code": code_mailed(app)}).status_code == 200
    assert read_home(client, old_home)["games"] == []
    assert_error(client.get(game.url(), headers=auth(entry["link"].partition("#t=")[2])),
                 403, "auth/forbidden")
    [moved] = read_home(client, home_token(app, client, NEW))["games"]
    assert moved["game_id"] == game.id


def test_a_seat_gets_its_own_link_by_email(smtp_app: Flask, smtp_server: SmtpServer) -> None:
    client = smtp_app.test_client()
    game = create_game(client, seats=SEATS, name="Friday")
    response = client.post(game.url("/email/link"), headers=auth(game.seat_tokens[0]))
    assert (response.status_code, response.get_json()) == (202, {"email": ANN})
    run_worker(smtp_app)
    [mail] = mails_to(smtp_server, ANN, "[Friday] Your link to the game")
    [link] = re.findall(r"https://ff\.example/play/\S+", text_of(mail))
    assert link.partition("#t=")[2] == game.seat_tokens[0]
    assert read(client, game, game.seat_tokens[0])["viewer"]["seat"] == 0


def test_a_seat_without_an_address_is_told_to_add_one(app: Flask,
                                                      client: FlaskClient) -> None:
    game = create_game(client)
    error = assert_error(client.post(game.url("/email/link"), headers=auth(game.seat_tokens[1])),
                         409, "seat/no_email")
    assert "add one first" in error["message"]
    assert_error(client.post(game.url("/email/link"), headers=auth(game.creator_token)), 403,
                 "auth/forbidden")
    assert outbox_kinds(app) == ["email"]  # Ann's invitation only
