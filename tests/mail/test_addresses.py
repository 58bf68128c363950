"""service.features.mail.addresses: a seat's reply address, its token checked, retired by new
links."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.features.mail.addresses import (
    AddressError,
    is_reply_address,
    read_reply_address,
    reply_address,
)
from tests.mailin.helpers import ANN, new_game
from tests.service.helpers import ask_for_links

KEY_ONE = "first-e0f641007cf565819cd6ebe81e8560816077ec349082eebc"
KEY_TWO = "second-9d27b5c1e08fa3647b0e2d9c58f14a36e7b0c92d5f81a4e6"


def test_an_address_reads_back_to_its_game_and_seat(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    with app.app_context():
        for seat in (0, 1):
            address = reply_address(game.id, seat)
            assert address.startswith("play+") and address.endswith("@localhost")
            assert len(address.partition("@")[0]) <= 64  # RFC 5321's limit on a local part
            assert read_reply_address(address) == (game.id, seat)
            assert read_reply_address(f"<{address.upper()}>") == (game.id, seat)
        assert reply_address(game.id, 0) != reply_address(game.id, 1)


def test_the_domain_and_prefix_come_from_the_configuration(
        make_app: Callable[..., Flask], client: FlaskClient) -> None:
    game = new_game(client)
    other = make_app(MAIL_REPLY_DOMAIN="Moves.Example.org", MAIL_REPLY_PREFIX="ff")
    with other.app_context():
        address = reply_address(game.id, 0)
        assert address.startswith("ff+") and address.endswith("@moves.example.org")
        assert is_reply_address(address)
        assert not is_reply_address(address.replace("ff+", "play+"))
        assert not is_reply_address("ff@moves.example.org")


def another_game(address: str) -> str:
    """Return ``address`` with the first letter of its game id changed (to a or b).

    Not the last letter: the id's 16 bytes fill only 3 of the 5 bits of the last base32
    letter, so some changes to it name the same game.
    """
    prefix, token = address.split("+", 1)
    return prefix + "+" + ("b" if token.startswith("a") else "a") + token[1:]


@pytest.mark.parametrize("change", [
    lambda a: a.replace(".0.", ".1.", 1),  # another seat, same signature
    lambda a: a[:a.index("@") - 3] + ("aaa" if a[a.index("@") - 3:a.index("@")] != "aaa"
                                      else "bbb") + a[a.index("@"):],  # signature changed
    lambda a: a.replace("+", "+x", 1),  # not a token
    another_game,
])
def test_a_wrong_token_is_refused(app: Flask, client: FlaskClient,
                                  change: Callable[[str], str]) -> None:
    game = new_game(client)
    with app.app_context():
        forged = change(reply_address(game.id, 0))
        with pytest.raises(AddressError) as refusal:
            read_reply_address(forged)
        assert refusal.value.code == "mail/wrong_token"


def test_another_key_makes_every_address_wrong(make_app: Callable[..., Flask],
                                               client: FlaskClient) -> None:
    game = new_game(client)
    first, second = make_app(SECRET_KEY=KEY_ONE), make_app(SECRET_KEY=KEY_TWO)
    with first.app_context():
        address = reply_address(game.id, 0)
    with second.app_context(), pytest.raises(AddressError) as refusal:
        read_reply_address(address)
    assert refusal.value.code == "mail/wrong_token"


def test_after_a_key_rotation_addresses_signed_with_the_old_key_still_verify(
        make_app: Callable[..., Flask], client: FlaskClient) -> None:
    game = new_game(client)
    before = make_app(SECRET_KEY=KEY_ONE)
    after = make_app(SECRET_KEY=KEY_TWO, SECRET_KEY_OLD=[KEY_ONE])
    with before.app_context():
        old_address = reply_address(game.id, 1)
    with after.app_context():
        new_address = reply_address(game.id, 1)
        assert new_address != old_address
        assert read_reply_address(old_address) == (game.id, 1)
        assert read_reply_address(new_address) == (game.id, 1)


def test_new_links_retire_the_old_address(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    with app.app_context():
        old = reply_address(game.id, 0)
        bobs = reply_address(game.id, 1)
    ask_for_links(app, client, ANN)
    with app.app_context():
        with pytest.raises(AddressError) as refusal:
            read_reply_address(old)
        assert (refusal.value.code, refusal.value.game_id, refusal.value.seat) == (
            "mail/retired_token", game.id, 0)
        assert read_reply_address(reply_address(game.id, 0)) == (game.id, 0)
        assert read_reply_address(bobs) == (game.id, 1)  # other seats keep theirs


def test_an_address_of_another_domain_is_not_ours(app: Flask) -> None:
    with app.app_context(), pytest.raises(AddressError) as refusal:
        read_reply_address("play+abc@example.org")
    assert refusal.value.code == "mail/not_reply_address"
