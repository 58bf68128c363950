"""A takeback to agree to and a rematch to play reach the asked seat's device: pushed to the
real push service on loopback, which checks the signature and decrypts each as a browser."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.push.helpers import device, run_jobs
from tests.records.test_export import play_to_the_end
from tests.service.helpers import auth, create_game, submit
from tests.support.push_service import PushService

ANN_AND_BOB = [{"name": "Ann", "email": "ann@example.com"},
               {"name": "Bob", "email": "bob@example.com"}]


def test_the_seat_asked_to_agree_to_a_takeback_gets_a_push(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB, language="de")
    device(client, push_service, game, 1)
    assert submit(client, game, 0, 0, notation="green 5 +NN").status_code == 201
    run_jobs(push_app)  # Bob's move
    asked = client.post(game.url("/takeback"), headers=auth(game.seat_tokens[0]))
    assert asked.status_code == 201, asked.get_data(as_text=True)
    assert run_jobs(push_app) == ["sent"]
    pushed = push_service.wait_for(2)[-1].json()
    assert "Ann" in pushed["body"] and pushed["url"] == f"/play/{game.id}"
    assert push_service.refused() == []


def test_a_player_asked_for_a_rematch_gets_a_push(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    device(client, push_service, game, 0)
    play_to_the_end(push_app, client, game)
    before = len(run_jobs(push_app))  # her turns and the end
    asked = client.post(game.url("/rematch"), json={}, headers=auth(game.seat_tokens[1]))
    assert asked.status_code == 201, asked.get_data(as_text=True)
    assert run_jobs(push_app) == ["sent"]
    pushed = push_service.wait_for(before + 1)[-1]
    assert pushed.json()["body"] == "Bob (red) asks for a rematch. Do you play?"
