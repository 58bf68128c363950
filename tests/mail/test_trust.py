"""service.features.mail.trust: an address is trusted once its owner has answered a mail only
they received (a reply by mail, a confirmed address, a home link opened), and only its keyed
hash is kept."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.features.mail.models import TrustedAddress
from service.features.mail.trust import (
    CONFIRMED,
    HOME,
    REPLY,
    address_hash,
    is_trusted,
    mailbox,
    trust,
)
from service.features.mailin.service import receive
from service.plumbing.extensions import db
from tests.home.helpers import home_token, read_home
from tests.mail.helpers import email_rows
from tests.mailin.helpers import LEGAL, address_of, reply
from tests.service.helpers import API, auth, create_game, read
from tests.support.keys import TEST_SECRET_KEY

ANN = "ann@example.com"
NEW = "ann.new@example.org"


def trusted(app: Flask, address: str) -> bool:
    """Whether the app holds ``address`` as trusted."""
    with app.app_context():
        return is_trusted(db.session, address)


def sources(app: Flask) -> list[str]:
    """Return how each trusted address showed it wants mail."""
    with app.app_context():
        return list(db.session.scalars(select(TrustedAddress.source)))


@pytest.mark.parametrize(("address", "box"), [
    ("Ann@Example.COM", "ann@example.com"),
    (" ann+floors@example.com ", "ann@example.com"),
    ("ann@example.com.", "ann@example.com"),
    ("a.n.n@gmail.com", "ann@gmail.com"),
    ("A.nn+x@GoogleMail.com", "ann@gmail.com"),
    ("a.nn@example.com", "a.nn@example.com"),
    ("+ann@example.com", "+ann@example.com"),
])
def test_a_mailbox_is_what_an_address_reaches_whatever_its_spelling(address: str,
                                                                      box: str) -> None:
    assert mailbox(address) == box


def test_trust_is_kept_as_a_keyed_hash_of_the_mailbox_only(app: Flask) -> None:
    with app.app_context():
        trust(db.session, "Ann+games@Example.com", CONFIRMED)
        db.session.commit()
        [row] = db.session.scalars(select(TrustedAddress)).all()
        assert row.address_hash == address_hash(ANN)
        assert row.address_hash != address_hash(ANN, b"another key of 32 characters or so!")
        assert "ann" not in row.address_hash and row.source == CONFIRMED
    assert trusted(app, ANN) and trusted(app, "ANN@example.com")
    assert not trusted(app, "bob@example.com")


def test_trust_recorded_before_a_key_rotation_still_counts(
        app: Flask, make_app: Callable[..., Flask]) -> None:
    with app.app_context():
        trust(db.session, ANN, REPLY)
        db.session.commit()
    rotated = make_app(SECRET_KEY="a brand new key, long enough: 0123456789abcdef",
                       SECRET_KEY_OLD=[TEST_SECRET_KEY])
    assert trusted(rotated, ANN)
    assert not trusted(make_app(SECRET_KEY="a brand new key, long enough: 0123456789abcdef"),
                       ANN)


def test_a_reply_from_the_seats_own_address_makes_it_trusted(app: Flask,
                                                              client: FlaskClient) -> None:
    game = create_game(client)
    assert not trusted(app, ANN)
    with app.app_context():
        [result] = receive(reply(address_of(app, game), LEGAL), ())
    assert result.status == "applied"
    assert trusted(app, ANN) and sources(app) == [REPLY]


def test_a_reply_from_another_sender_trusts_nobody(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    client.put(f"{API}/games/{game.id}/mail/settings", json={"sender_must_match": False},
               headers=auth(game.creator_token))
    with app.app_context():
        [result] = receive(reply(address_of(app, game), LEGAL, sender="eve@example.net"), ())
    assert result.status == "applied"  # the creator allowed it; it proves nothing of an address
    assert sources(app) == []


def test_a_confirmed_new_address_is_trusted_and_one_only_asked_for_is_not(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    response = client.put(f"{API}/games/{game.id}/email", json={"email": NEW},
                          headers=auth(game.seat_tokens[0]))
    assert response.status_code == 202
    assert not trusted(app, NEW)
    [row] = email_rows(app, topic="confirm_email")
    [code] = re.findall(r"/home#c=([A-Za-z0-9_-]+)", row.payload["text"])
    assert client.post(f"{API}/email/confirm", json={"code": code}).status_code == 200
    assert trusted(app, NEW) and sources(app) == [CONFIRMED]
    assert not trusted(app, ANN)


def test_opening_the_home_link_mailed_to_an_address_makes_it_trusted(
        app: Flask, client: FlaskClient) -> None:
    create_game(client)
    token = home_token(app, client, ANN)
    assert not trusted(app, ANN)
    read_home(client, token)
    assert trusted(app, ANN) and sources(app) == [HOME]


def test_opening_a_seats_first_link_proves_nothing_the_creator_has_it_too(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    read(client, game, game.seat_tokens[0])
    assert not trusted(app, ANN)
