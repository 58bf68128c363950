"""service.features.talk.service.post_in and since_version: the table for another door (the mail
door), inside the caller's own transaction."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.features.talk.service import SINCE_LIMIT, MessageRecord, post_in, since_version
from service.plumbing.errors import ServiceError
from service.plumbing.unit_of_work import read_transaction, write_transaction
from tests.service.helpers import create_game, play_one
from tests.talk.helpers import THREE, page, say, stored
from tests.webhooks.helpers import hook, webhook_jobs


def test_post_in_writes_the_message_and_its_webhooks_in_the_callers_transaction(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    hook(client, game, game.creator_token)
    with app.app_context(), write_transaction() as session:
        message = post_in(session, game.id, 2, "  sent by mail  ")
        assert stored(app) == []  # not committed yet: another connection sees nothing
    assert isinstance(message, MessageRecord)
    assert (message.seat, message.name, message.colour, message.text) == (
        2, "Cy", "blue", "sent by mail")
    assert [m["seq"] for m in page(client, game, game.spectator_token)["items"]] == [message.seq]
    assert [job["type"] for job in webhook_jobs(app)] == ["message.posted"]


def test_a_refusal_raises_and_the_callers_transaction_writes_nothing(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    with app.app_context():
        for seat, text, code in ((0, "", "talk/empty"), (7, "hi", "seat/not_found")):
            with pytest.raises(ServiceError) as refused, write_transaction() as session:
                post_in(session, game.id, seat, text)
            assert refused.value.code == code
        with pytest.raises(ServiceError) as refused, write_transaction() as session:
            post_in(session, "x" * 22, 0, "hi")
        assert refused.value.code == "game/not_found"
    assert stored(app) == []


def test_since_version_lists_the_messages_since_a_version_oldest_first(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    say(client, game, 1, "before the move")
    version = play_one(client, game)["game"]["version"]
    after = [say(client, game, seat, f"after, from {seat}")["seq"] for seat in (1, 0, 2)]
    with app.app_context(), read_transaction() as session:
        every = since_version(session, game.id, version, exclude_seat=None)
        others = since_version(session, game.id, version, exclude_seat=0)
        later = since_version(session, game.id, version + 1, exclude_seat=None)
    assert [m.seq for m in every] == after
    assert [(m.seat, m.text) for m in others] == [(1, "after, from 1"), (2, "after, from 2")]
    assert later == []


def test_since_version_gives_the_latest_messages_when_there_are_many(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    seqs = [say(client, game, n % 3, f"message {n}")["seq"] for n in range(SINCE_LIMIT + 5)]
    with app.app_context(), read_transaction() as session:
        listed = since_version(session, game.id, 0, exclude_seat=None)
    assert [m.seq for m in listed] == seqs[-SINCE_LIMIT:]
