"""What keeps pushes where they belong: the key they were made with, the endpoint judged
again at send time."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.features.push.models import PushDelivery
from service.plumbing.extensions import db
from service.plumbing.vapid import new_private_key
from tests.push.conftest import VAPID_KEY
from tests.push.helpers import device, rows, run_jobs
from tests.service.helpers import auth, create_game, play_one
from tests.support.push_service import PushService


def test_after_a_key_rotation_old_subscriptions_count_for_nothing(
        make_app: Callable[..., Flask], client: FlaskClient,
        push_service: PushService) -> None:
    game = create_game(client)
    device(client, push_service, game, 1)
    rotated = make_app(VAPID_PRIVATE_KEY=new_private_key(),
                       PUSH_ALLOWED_ORIGINS=[push_service.origin])
    other = rotated.test_client()
    view = other.get(game.url("/push"), headers=auth(game.seat_tokens[1])).get_json()
    assert view["devices"] == 0  # the page sees it must subscribe again
    play_one(other, game)
    assert rows(rotated, "push") == []


def test_an_endpoint_no_longer_allowed_is_not_posted_to(
        make_app: Callable[..., Flask], client: FlaskClient,
        push_service: PushService) -> None:
    game = create_game(client)
    device(client, push_service, game, 1)
    strict = make_app(VAPID_PRIVATE_KEY=VAPID_KEY)  # loopback is not allowed here
    play_one(strict.test_client(), game)
    assert run_jobs(strict) == ["sent"]  # given up for that device: nothing to try again
    assert push_service.received() == [] and push_service.refused() == []
    with strict.app_context():
        [error] = db.session.scalars(select(PushDelivery.error)).all()
    assert error is not None and error.startswith("push/invalid_endpoint: "), error
