"""worker.push: a game played through the API pushes to the real push service on loopback,
which checks the VAPID signature and decrypts each message as the browser would."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.features.push.deliveries import NOT_SENT
from service.features.push.models import PushDelivery
from service.kernel.models import Seat
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from tests.push.helpers import choose, device, rows, run_jobs
from tests.service.helpers import NewGame, auth, create_game, play_one, play_until
from tests.support.push_service import PushService
from worker.relay import relay

ANN_AND_BOB = [{"name": "Ann", "email": "ann@example.com"},
               {"name": "Bob", "email": "bob@example.com"}]


def secrets_of(game: NewGame) -> list[str]:
    """Return every secret of the game the API handed out."""
    return [game.creator_token, game.spectator_token, game.invite_code or "",
            *game.seat_tokens.values()]


def deliveries(app: Flask) -> list[tuple[int, bool, int | None]]:
    """Return (attempt, ok, status) of each row of the push delivery log, oldest first."""
    with app.app_context():
        found = db.session.execute(select(PushDelivery.attempt, PushDelivery.ok,
                                          PushDelivery.status_code).order_by(PushDelivery.id))
        return [tuple(row) for row in found]


def test_the_seat_to_move_gets_one_push_in_its_language_with_no_secret(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB, language="de")
    bob = device(client, push_service, game, 1)
    play_one(client, game)  # Ann's move: Bob's turn
    assert run_jobs(push_app) == ["sent"]
    [pushed] = push_service.wait_for(1)
    assert push_service.refused() == []
    message = pushed.json()
    assert message == {"title": f"Spiel {game.id[:6]}", "body": message["body"],
                       "url": f"/play/{game.id}", "tag": game.id, "game_id": game.id}
    assert message["body"].startswith("Du bist am Zug (Spielrunde 1, Durchgang 1)"), message["body"]
    assert not any(secret and secret in pushed.plaintext.decode()
                   for secret in secrets_of(game))
    assert pushed.endpoint == bob.endpoint and pushed.urgency == "high" and pushed.ttl > 0
    assert pushed.claims["sub"] == "mailto:ops@ff.example"
    assert run_jobs(push_app) == []  # exactly once: nothing left to send
    assert len(push_service.received()) == 1


def test_a_push_the_push_service_failed_is_tried_again_and_delivered(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    bob = device(client, push_service, game, 1)
    push_service.answer(bob, 500)
    play_one(client, game)
    assert run_jobs(push_app) == ["pending"]
    assert push_service.received() == []
    assert run_jobs(push_app) == ["sent"]
    [pushed] = push_service.wait_for(1)
    assert pushed.json()["body"].startswith("It is your move (turn 1, stage 1)")
    assert deliveries(push_app) == [(1, False, 500), (2, True, 201)]


def test_a_subscription_the_push_service_says_is_gone_is_dropped(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    bob = device(client, push_service, game, 1)
    push_service.answer(bob, 410)
    play_one(client, game)
    assert run_jobs(push_app) == ["sent"]  # nothing to try again
    assert deliveries(push_app) == [(1, False, 410)]
    assert client.get(game.url("/push"), headers=auth(game.seat_tokens[1])).get_json()[
        "devices"] == 0


def test_a_seat_handed_to_someone_else_gets_nothing_more(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    device(client, push_service, game, 1)
    play_one(client, game)  # a push for Bob waits in the outbox ...
    response = client.post(game.url("/seats/1/invite"), headers=auth(game.creator_token))
    assert response.status_code == 201, response.get_data(as_text=True)
    assert run_jobs(push_app) == ["sent"]  # ... and finds no device of the seat's player
    assert push_service.received() == [] and deliveries(push_app) == []
    joined = client.post(game.url("/join"), json={
        "invite_code": response.get_json()["invite_code"], "name": "Cy"})
    assert joined.status_code == 201, joined.get_data(as_text=True)
    game.seat_tokens[1] = joined.get_json()["token"]
    play_one(client, game)
    play_one(client, game)  # the seat's turn again, Cy's now: Bob's device hears nothing
    assert [row.payload["seat"] for row in rows(push_app, "push")] == [1]


def test_a_device_subscribed_before_the_seat_changed_hands_is_never_pushed_to(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    device(client, push_service, game, 1)
    play_one(client, game)
    with push_app.app_context():  # the seat's epoch moved on, whatever the reaction missed
        seat = db.session.get(Seat, (game.id, 1))
        assert seat is not None
        seat.replaced_at = utcnow() + timedelta(seconds=1)
        db.session.commit()
    assert run_jobs(push_app) == ["sent"]
    assert push_service.received() == []


def test_mail_that_waits_is_dropped_when_the_push_is_delivered(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    device(client, push_service, game, 1, channels="both", mail_waits=True)
    play_one(client, game)
    [mail] = [row for row in rows(push_app, "email") if row.payload.get("topic") == "turn"]
    assert mail.next_attempt_at > utcnow() + timedelta(seconds=60)  # held back
    assert run_jobs(push_app) == ["sent"]
    [mail] = [row for row in rows(push_app, "email") if row.id == mail.id]
    assert (mail.status, mail.last_error, mail.attempts) == ("sent", NOT_SENT, 0)
    assert len(push_service.received()) == 1


def test_mail_that_waits_goes_at_once_when_the_push_is_not_delivered(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    bob = device(client, push_service, game, 1, channels="both", mail_waits=True)
    push_service.answer(bob, 410)
    play_one(client, game)
    assert run_jobs(push_app) == ["sent"]
    [mail] = [row for row in rows(push_app, "email") if row.payload.get("topic") == "turn"]
    assert mail.status == "pending" and mail.next_attempt_at <= utcnow()


def test_mail_does_not_wait_for_a_seat_without_a_device(
        push_app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    choose(client, game, 1, channels="both", mail_waits=True)
    play_one(client, game)
    [mail] = [row for row in rows(push_app, "email") if row.payload.get("topic") == "turn"]
    assert mail.next_attempt_at <= utcnow() and rows(push_app, "push") == []


def test_push_alone_writes_no_mail_and_mail_alone_no_push(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    device(client, push_service, game, 1)  # channels: push
    play_one(client, game)
    assert [row.payload.get("topic") for row in rows(push_app, "email")] == ["invite", "invite"]
    assert len(rows(push_app, "push")) == 1
    choose(client, game, 1, channels="mail")
    play_one(client, game)
    play_one(client, game)
    assert len(rows(push_app, "push")) == 1


def test_messages_at_the_table_are_pushed_to_the_others_unless_they_chose_none(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    device(client, push_service, game, 0)
    device(client, push_service, game, 1)
    said = client.post(game.url("/messages"), json={"text": "good luck, Bob"},
                       headers=auth(game.seat_tokens[0]))
    assert said.status_code == 201, said.get_data(as_text=True)
    assert run_jobs(push_app) == ["sent"]
    [pushed] = push_service.wait_for(1)
    assert pushed.json()["body"] == "Ann (green): good luck, Bob"
    assert pushed.urgency == "normal"
    choose(client, game, 1, talk="none")
    client.post(game.url("/messages"), json={"text": "again"}, headers=auth(game.seat_tokens[0]))
    assert run_jobs(push_app) == []


def test_a_nudge_is_pushed(push_app: Flask, client: FlaskClient,
                           push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    device(client, push_service, game, 0)
    response = client.post(game.url("/nudge"), headers=auth(game.seat_tokens[1]))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert run_jobs(push_app) == ["sent"]
    [pushed] = push_service.wait_for(1)
    assert pushed.json()["body"] == "Bob (red) nudged you: it is your move (turn 1, stage 1)."


def test_at_the_end_every_seat_with_a_device_hears_who_won(
        push_app: Flask, client: FlaskClient, push_service: PushService) -> None:
    game = create_game(client, seats=ANN_AND_BOB)
    ann, bob = device(client, push_service, game, 0), device(client, push_service, game, 1)
    play_until(push_app, client, game, "over")
    over = [row for row in rows(push_app, "push") if row.payload["topic"] == "over"]
    assert sorted(row.payload["seat"] for row in over) == [0, 1]
    with push_app.app_context():
        assert relay([row.id for row in over]) == {row.id: "sent" for row in over}
    for browser in (ann, bob):
        [pushed] = push_service.received(browser)
        assert pushed.json()["body"].startswith("The game is over. ")
        assert " won" in pushed.json()["body"] or "Nobody won" in pushed.json()["body"]
