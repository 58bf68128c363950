"""POST /api/v1/games/{id}/seats/{seat}/invite: the creator hands a seat whose player left to
a new player. Every link of the seat stops working at once, the invite is used once, the
seat keeps its colour and pieces; anyone else, an ended game and a wrong seat change nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from service.features.mail import keys
from service.features.mail.addresses import AddressError, read_reply_address, reply_address
from service.kernel.models import Game, Seat, Token
from service.plumbing.extensions import db
from tests.mail.helpers import email_rows
from tests.service.helpers import (
    NewGame,
    a_legal_action,
    assert_error,
    auth,
    create_game,
    read,
    submit,
    token_of,
)
from tests.webhooks.helpers import PUBLIC_HOOK


def invite(client: FlaskClient, game: NewGame, seat: int | str = 1,
           token: str | None = None):  # noqa: ANN201 - a response
    """Ask for a new invite to ``seat`` with the creator's token (or ``token``)."""
    return client.post(game.url(f"/seats/{seat}/invite"),
                       headers=auth(token or game.creator_token))


def join(client: FlaskClient, game: NewGame, code: str, **more: Any):  # noqa: ANN201
    """Join with ``code`` as Cy."""
    return client.post(game.url("/join"), json={"invite_code": code, "name": "Cy", **more})


def code_of(link: str) -> str:
    """Return the invite code of a join link."""
    return link.split("#code=", 1)[1]


def seat_row(app: Flask, game: NewGame, seat: int) -> Seat:
    """Return the seat's row, detached."""
    with app.app_context():
        row = db.session.get(Seat, (game.id, seat))
        assert row is not None
        db.session.expunge(row)
        return row


def mail_link_and_reply_address(app: Flask, game: NewGame, seat: int) -> tuple[str, str]:
    """Return the seat's link and reply address as its next email would carry them."""
    with app.app_context():
        link = keys.mail_link(db.session, game.id, seat)
        address = reply_address(game.id, seat)
        db.session.commit()
    return link, address


def test_the_seat_changes_hands_and_every_old_link_stops_working(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann"}, {"name": "Bob", "email": "bob@example.com"}])
    old_link, old_address = mail_link_and_reply_address(app, game, 1)
    assert client.get(game.url(), headers=auth(token_of(old_link))).status_code == 200

    response = invite(client, game)
    assert response.status_code == 201, response.get_data(as_text=True)
    made = response.get_json()
    assert {k: made[k] for k in ("seat", "colour", "name")} == {"seat": 1, "colour": "red",
                                                                 "name": "Bob"}
    assert made["invite_link"] == f"https://ff.example/join/{game.id}#code={made['invite_code']}"
    for token in (game.seat_tokens[1], token_of(old_link)):
        assert_error(client.get(game.url(), headers=auth(token)), 403, "auth/forbidden")
    with app.app_context(), pytest.raises(AddressError) as retired:
        read_reply_address(old_address)
    assert retired.value.code == "mail/retired_token"
    assert (seat_row(app, game, 1).email, seat_row(app, game, 1).name) == (None, "Bob")

    joined = join(client, game, code_of(made["invite_link"]), email="cy@example.com")
    assert joined.status_code == 201, joined.get_data(as_text=True)
    body = joined.get_json()
    assert (body["seat"], body["colour"]) == (1, "red")
    assert body["game"]["seats"][1]["name"] == "Cy"
    assert seat_row(app, game, 1).email == "cy@example.com"
    new_link, new_address = mail_link_and_reply_address(app, game, 1)
    assert (new_link, new_address) != (old_link, old_address)
    with app.app_context():
        assert read_reply_address(new_address) == (game.id, 1)
    assert_error(client.get(game.url(), headers=auth(token_of(old_link))), 403, "auth/forbidden")

    game.seat_tokens[1] = body["token"]
    ann = read(client, game, game.seat_tokens[0])
    assert submit(client, game, 0, ann["version"], action=a_legal_action(ann)).status_code == 201
    cy = read(client, game, body["token"])
    assert cy["viewer"] == {"kind": "seat", "seat": 1, "language": None, "time_zone": None}
    assert submit(client, game, 1, cy["version"], action=a_legal_action(cy)).status_code == 201


def test_the_seats_own_webhooks_go_with_the_player_who_left(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    hooks = game.url("/webhooks")
    for token in (game.seat_tokens[1], game.creator_token):
        assert client.post(hooks, headers=auth(token),
                           json={"url": PUBLIC_HOOK}).status_code == 201
    invite(client, game)
    joined = join(client, game, code_of(invite(client, game).get_json()["invite_link"]))
    assert client.get(hooks, headers=auth(joined.get_json()["token"])).get_json() == {
        "items": []}
    assert len(client.get(hooks, headers=auth(game.creator_token)).get_json()["items"]) == 1


def test_an_invite_is_used_once_and_a_new_one_replaces_it(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    first = code_of(invite(client, game).get_json()["invite_link"])
    second = code_of(invite(client, game).get_json()["invite_link"])
    assert_error(join(client, game, first), 403, "invite/invalid")
    assert join(client, game, second).status_code == 201
    assert_error(join(client, game, second), 403, "invite/invalid")
    assert seat_row(app, game, 1).invite_code_hash is None


def test_a_seat_invite_takes_only_its_seat(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    code = code_of(invite(client, game).get_json()["invite_link"])
    error = assert_error(join(client, game, code, seat=0), 422, "invite/wrong_seat")
    assert error["details"] == {"seat": 1}
    assert seat_row(app, game, 0).name == "Ann"
    assert join(client, game, code, seat=1).status_code == 201


def test_a_game_not_started_can_hand_on_a_taken_seat(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann"}, {"name": "Bob"}, {"open": True}])
    made = invite(client, game).get_json()
    assert join(client, game, code_of(made["invite_link"])).status_code == 201
    view = read(client, game, game.creator_token)
    assert view["status"] == "open"
    assert [s["name"] for s in view["seats"]] == ["Ann", "Cy", None]
    assert_error(invite(client, game, 2), 409, "seat/open")


def unchanged(app: Flask, game: NewGame) -> tuple[Any, ...]:
    """Return what a refused invite must leave as it was: the seat and its tokens."""
    with app.app_context():
        seat = db.session.get(Seat, (game.id, 1))
        assert seat is not None
        tokens = db.session.scalars(select(Token.hash).where(Token.game_id == game.id,
                                                             Token.seat == 1)).all()
        return (seat.name, seat.email, seat.invite_code_hash, seat.replaced_at, sorted(tokens))


def test_only_the_creator_may_invite(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, [{"name": "Ann"}, {"name": "Bob", "email": "bob@example.com"}])
    before = unchanged(app, game)
    for token in (game.seat_tokens[0], game.seat_tokens[1], game.spectator_token):
        assert_error(invite(client, game, token=token), 403, "auth/forbidden")
    assert_error(client.post(game.url("/seats/1/invite")), 401, "auth/missing_token")
    assert unchanged(app, game) == before


@pytest.mark.parametrize("end", ["cancel", "finish"])
def test_an_ended_game_keeps_its_seats(app: Flask, client: FlaskClient, end: str) -> None:
    game = create_game(client)
    if end == "cancel":
        client.post(game.url("/cancel"), headers=auth(game.creator_token))
    else:
        with app.app_context():  # as the last escape or the monster's last meal leaves it
            db.session.execute(update(Game).where(Game.id == game.id).values(status="finished"))
            db.session.commit()
    before = unchanged(app, game)
    error = assert_error(invite(client, game), 409, "game/ended")
    assert error["details"]["status"] in ("cancelled", "finished")
    assert unchanged(app, game) == before


@pytest.mark.parametrize("seat", ["2", "7", "x", "-1", "001"])
def test_a_seat_the_game_has_not_is_refused(app: Flask, client: FlaskClient, seat: str) -> None:
    game = create_game(client)
    error = assert_error(invite(client, game, seat), 422, "seat/not_found")
    assert error["details"] == {"seat": seat}


def test_no_invite_or_link_of_it_is_kept_in_clear(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    made = invite(client, game).get_json()
    with app.app_context():
        dump = "\n".join(str(row) for table in db.metadata.sorted_tables
                         for row in db.session.execute(table.select()))
    assert made["invite_code"] not in dump


def test_an_email_change_the_old_player_asked_for_dies_with_the_handover(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    asked = client.put(game.url("/email"), headers=auth(game.seat_tokens[1]),
                       json={"email": "bob.new@example.com"})
    assert asked.status_code == 202, asked.get_data(as_text=True)
    [code] = [re.findall(r"/home#c=([A-Za-z0-9_-]+)", row.payload["text"])[0]
              for row in email_rows(app, topic="confirm_email")]
    assert invite(client, game).status_code == 201
    assert_error(client.post("/api/v1/email/confirm", json={"code": code}), 404,
                 "email/unknown_code")
    assert seat_row(app, game, 1).email is None
