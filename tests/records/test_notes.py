"""Private notes: a seat's own, on the page (API) and by mail; no one else reads them, no
record holds them, and they go with a player who leaves the seat."""

from __future__ import annotations

import json

from flask import Flask
from flask.testing import FlaskClient

from tests.mailin.helpers import ANN, address_of, reply
from tests.mailin.test_tools import last_answer, people, take
from tests.plans.helpers import all_outbox_text
from tests.records.test_export import record
from tests.service.helpers import assert_error, auth, create_game
from tests.takebacks.test_api import TWO, move

SECRET = "Bob always enters at the wall - keep green 1 back"


def test_a_seat_writes_and_reads_its_note_and_no_one_else_does(app: Flask,
                                                               client: FlaskClient) -> None:
    game = create_game(client, TWO)
    saved = client.put(game.url("/note"), json={"text": f"  {SECRET}\r\n"},
                       headers=auth(game.seat_tokens[0]))
    assert saved.status_code == 200 and saved.get_json()["text"] == SECRET
    assert client.get(game.url("/note"), headers=auth(game.seat_tokens[0])).get_json()[
        "text"] == SECRET
    assert client.get(game.url("/note"), headers=auth(game.seat_tokens[1])).get_json()[
        "text"] == ""
    for token in (game.creator_token, game.spectator_token):
        assert_error(client.get(game.url("/note"), headers=auth(token)), 403, "auth/forbidden")
    move(client, game, 0, "green 5 +NN")
    assert SECRET not in json.dumps(record(client, game, game.seat_tokens[0]))
    assert SECRET not in client.get(game.url(), headers=auth(game.seat_tokens[1])).get_data(
        as_text=True)
    assert SECRET not in all_outbox_text(app)


def test_a_note_too_long_or_with_control_characters_is_refused(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    assert_error(client.put(game.url("/note"), json={"text": "x" * 4001},
                            headers=auth(game.seat_tokens[0])), 422, "note/too_long")
    assert_error(client.put(game.url("/note"), json={"text": "a\u202eb"},
                            headers=auth(game.seat_tokens[0])), 422, "note/invalid_text")
    client.put(game.url("/note"), json={"text": "kept"}, headers=auth(game.seat_tokens[0]))
    emptied = client.put(game.url("/note"), json={"text": "  "},
                         headers=auth(game.seat_tokens[0]))
    assert emptied.get_json() == {"text": "", "updated_at": None}


def test_note_by_mail_adds_a_line_and_note_alone_sends_it(app: Flask,
                                                          client: FlaskClient) -> None:
    game = people(client)
    added = take(app, reply(address_of(app, game, 0), "note: Bob likes the long pool"))
    assert (added.status, added.code) == ("answered", "mail/note")
    take(app, reply(address_of(app, game, 0), "Notiz grün 5 bleibt hinten"))
    shown = take(app, reply(address_of(app, game, 0), "note"))
    assert shown.code == "mail/note"
    assert "Bob likes the long pool\ngrün 5 bleibt hinten" in last_answer(app)
    assert client.get(game.url("/note"), headers=auth(game.seat_tokens[0])).get_json()[
        "text"] == "Bob likes the long pool\ngrün 5 bleibt hinten"


def test_a_note_line_beside_a_move_is_kept_and_the_move_made(app: Flask,
                                                            client: FlaskClient) -> None:
    game = people(client)
    made = take(app, reply(address_of(app, game, 0), "green 5 +NN\nnote he will push the stone",
                           sender=ANN))
    assert made.status == "applied"
    assert client.get(game.url("/note"), headers=auth(game.seat_tokens[0])).get_json()[
        "text"] == "he will push the stone"


def test_a_seat_handed_to_a_new_player_loses_the_old_players_note(client: FlaskClient) -> None:
    game = create_game(client, TWO)
    client.put(game.url("/note"), json={"text": SECRET}, headers=auth(game.seat_tokens[1]))
    invite = client.post(game.url("/seats/1/invite"), headers=auth(game.creator_token))
    assert invite.status_code == 201, invite.get_data(as_text=True)
    code = invite.get_json()["invite_code"]
    joined = client.post(game.url("/join"), json={"invite_code": code, "name": "Cy"})
    assert joined.status_code == 201, joined.get_data(as_text=True)
    token = joined.get_json()["token"]
    assert client.get(game.url("/note"), headers=auth(token)).get_json()["text"] == ""
