"""GET/POST /api/v1/unsubscribe/<token>: the one-click unsubscribe link of a seat's emails."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.mail.helpers import email_rows
from tests.service.helpers import API, assert_error, auth, create_game, play_one

BOTH = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]


def unsubscribe_path(app: Flask, seat: int) -> str:
    """Return the path of the seat's unsubscribe link, as its emails' header names it."""
    [row] = [r for r in email_rows(app) if r.payload["seat"] == seat][:1]
    url = row.payload["headers"]["List-Unsubscribe"].strip("<>")
    return url.removeprefix("https://ff.example")


def mode(client: FlaskClient, game, seat: int) -> str:
    """Return the seat's email mode, read through the API."""
    return client.get(game.url("/notifications"),
                      headers=auth(game.seat_tokens[seat])).get_json()["email_mode"]


def test_opening_the_link_asks_to_confirm_and_changes_nothing(app: Flask,
                                                             client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    path = unsubscribe_path(app, 1)
    response = client.get(path)
    assert response.status_code == 200
    assert response.content_type == "text/html; charset=utf-8"
    page = response.get_data(as_text=True)
    assert f'<form method="post" action="{path}">' in page
    assert f"Seat 2 of game {game.id}" in page  # seat 1 of the API, counted from 1 for people
    assert mode(client, game, 1) == "my_turn"


def test_a_one_click_post_stops_every_email_about_the_game_to_that_seat(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client, seats=BOTH)
    response = client.post(unsubscribe_path(app, 1), data="List-Unsubscribe=One-Click",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200
    assert "no more emails" in response.get_data(as_text=True)
    assert (mode(client, game, 1), mode(client, game, 0)) == ("none", "my_turn")
    play_one(client, game)  # Bob's turn: no email for him
    play_one(client, game)  # Ann's turn: she still gets hers
    assert [r.payload["seat"] for r in email_rows(app, "turn")] == [0]


def test_posting_twice_is_harmless(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    path = unsubscribe_path(app, 0)
    assert client.post(path).status_code == 200
    assert client.post(path).status_code == 200
    assert mode(client, game, 0) == "none"


def test_a_forged_or_damaged_token_is_refused_for_get_and_post(app: Flask,
                                                              client: FlaskClient) -> None:
    game = create_game(client, seats=BOTH)
    path = unsubscribe_path(app, 1)
    for bad in (path[:-1] + ("A" if path[-1] != "A" else "B"),  # damaged signature
                path.replace(".1.", ".0."),  # another seat with this seat's signature
                f"{API}/unsubscribe/{game.id}.1", f"{API}/unsubscribe/nonsense"):
        assert_error(client.get(bad), 404, "unsubscribe/invalid_token")
        assert_error(client.post(bad), 404, "unsubscribe/invalid_token")
    assert (mode(client, game, 0), mode(client, game, 1)) == ("my_turn", "my_turn")
