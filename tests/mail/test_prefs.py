"""GET/PUT /api/v1/games/<id>/notifications: a seat's email mode, which of its emails are
answered, and its emails' status."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.mail.helpers import set_mode
from tests.service.helpers import API, assert_error, auth, create_game, play_one

BOTH = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]


def test_a_seat_reads_its_mode_address_and_the_status_of_its_emails(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    play_one(client, game)
    with app.app_context():
        db.session.execute(update(Outbox).where(Outbox.dedupe_key == f"invite:{game.id}:1")
                           .values(status="pending", attempts=2, last_error="cannot reach x"))
        db.session.commit()
    response = client.get(game.url("/notifications"), headers=auth(game.seat_tokens[1]))
    assert response.status_code == 200
    body = response.get_json()
    assert {k: body[k] for k in ("seat", "email", "email_mode", "digest_sent_at")} == {
        "seat": 1, "email": "bob@example.com", "email_mode": "my_turn",
        "digest_sent_at": None}
    assert [(d["topic"], d["status"]) for d in body["deliveries"]] == [
        ("turn", "pending"), ("invite", "pending")]
    invite = body["deliveries"][1]
    assert (invite["attempts"], invite["last_error"]) == (2, "cannot reach x")
    assert invite["subject"].endswith("] Your seat in a game of Fearsome Floors")


def test_a_seat_sees_only_its_own_emails(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    body = client.get(game.url("/notifications"), headers=auth(game.seat_tokens[0])).get_json()
    assert [d["topic"] for d in body["deliveries"]] == ["invite"]


def test_a_seat_sets_its_mode_and_reads_it_back(client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    assert set_mode(client, game, 0, "every_event")["email_mode"] == "every_event"
    body = set_mode(client, game, 0, "digest")
    assert body["email_mode"] == "digest" and body["digest_sent_at"] is not None
    again = client.get(game.url("/notifications"), headers=auth(game.seat_tokens[0]))
    assert again.get_json()["email_mode"] == "digest"
    other = client.get(game.url("/notifications"), headers=auth(game.seat_tokens[1]))
    assert other.get_json()["email_mode"] == "my_turn"  # the default: one mail per turn


def test_an_unknown_mode_is_refused_and_nothing_is_written(client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    response = client.put(game.url("/notifications"), json={"email_mode": "hourly"},
                          headers=auth(game.seat_tokens[0]))
    error = assert_error(response, 422, "request/invalid")
    assert "email_mode" in error["details"]["fields"]["json"]
    body = client.get(game.url("/notifications"), headers=auth(game.seat_tokens[0])).get_json()
    assert body["email_mode"] == "my_turn"


def test_a_seat_chooses_which_of_its_emails_are_answered(client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    url, headers = game.url("/notifications"), auth(game.seat_tokens[0])
    assert client.get(url, headers=headers).get_json()["answers"] == "needed"
    body = client.put(url, json={"answers": "every"}, headers=headers).get_json()
    assert (body["answers"], body["email_mode"]) == ("every", "my_turn")  # mode unchanged
    body = client.put(url, json={"email_mode": "every_event"}, headers=headers).get_json()
    assert (body["answers"], body["email_mode"]) == ("every", "every_event")  # answers too
    error = assert_error(client.put(url, json={"answers": "some"}, headers=headers), 422,
                         "request/invalid")
    assert "answers" in error["details"]["fields"]["json"]
    assert_error(client.put(url, json={}, headers=headers), 422, "request/invalid")
    assert client.get(url, headers=headers).get_json()["answers"] == "every"


def test_only_a_seat_token_may_read_or_set_preferences(client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    for token in (game.spectator_token, game.creator_token):
        assert_error(client.get(game.url("/notifications"), headers=auth(token)), 403,
                     "auth/forbidden")
        assert_error(client.put(game.url("/notifications"), json={"email_mode": "none"},
                                headers=auth(token)), 403, "auth/forbidden")
    assert_error(client.get(game.url("/notifications")), 401, "auth/missing_token")
    other = create_game(client, seats=BOTH)
    assert_error(client.get(game.url("/notifications"), headers=auth(other.seat_tokens[0])),
                 403, "auth/forbidden")
    assert_error(client.get(f"{API}/games/{'x' * 22}/notifications",
                            headers=auth(game.seat_tokens[0])), 404, "game/not_found")


def test_the_operations_are_in_the_openapi_document(client: FlaskClient) -> None:
    paths = client.get(f"{API}/openapi.json").get_json()["paths"]
    assert set(paths[f"{API}/games/{{game_id}}/notifications"]) >= {"get", "put"}
    schemas = client.get(f"{API}/openapi.json").get_json()["components"]["schemas"]
    assert "every" in schemas["EmailPreferences"]["properties"]["answers"]["enum"]
    assert schemas["EmailPreferences"]["anyOf"] == [{"required": ["email_mode"]},
                                                    {"required": ["answers"]}]
    assert set(paths[f"{API}/unsubscribe/{{token}}"]) >= {"get", "post"}
