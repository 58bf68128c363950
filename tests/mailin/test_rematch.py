"""A rematch by mail: ``rematch`` asks for one once the game is over (or plays it, once asked),
``yes`` and ``no`` answer it, in each seat's words."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.mailin.helpers import address_of, reply
from tests.mailin.test_tools import BOB, bob_says, last_answer, people, take
from tests.records.test_export import play_to_the_end
from tests.service.helpers import API, auth
from tests.tables.test_rematch import table


def test_rematch_by_mail_asks_and_yes_starts_it(app: Flask, client: FlaskClient) -> None:
    game = people(client)
    early = take(app, reply(address_of(app, game, 0), "rematch"))
    assert (early.status, early.code) == ("refused", "rematch/not_over")
    play_to_the_end(app, client, game)
    asked = take(app, reply(address_of(app, game, 0), "Rematch"))
    assert (asked.status, asked.code) == ("answered", "mail/rematch")
    assert "Still asked: Bob" in last_answer(app)
    agreed = bob_says(app, game, "ja")
    assert (agreed.status, agreed.code) == ("answered", "mail/rematch_yes")
    assert "The rematch has started" in last_answer(app)
    assert table(client, game, game.spectator_token)["rematch"]["status"] == "started"


def test_no_sits_the_rematch_out(app: Flask, client: FlaskClient) -> None:
    game = people(client)
    play_to_the_end(app, client, game)
    client.post(f"{API}/games/{game.id}/rematch", json={}, headers=auth(game.seat_tokens[0]))
    said = take(app, reply(address_of(app, game, 1), "no", sender=BOB))
    assert said.code == "mail/rematch_no"
    assert table(client, game, game.spectator_token)["rematch"]["status"] == "lapsed"
