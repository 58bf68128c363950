"""Retention: idempotency keys are replayed for 24 hours, and beat prunes what is past its
time (done outbox rows, webhook delivery attempts, handled inbound mail, counts of
invitations whose window is over, sandboxes kept long enough) and nothing else."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, insert, select, update

from service.features.mail.models import EmailDelivery, MailCount
from service.features.mailin.models import InboundMail
from service.features.push.models import PushDelivery
from service.features.sandbox.models import Sandbox
from service.features.webhooks.models import WebhookDelivery, WebhookEndpoint
from service.plumbing.columns import utcnow
from service.plumbing.config import DEFAULTS
from service.plumbing.extensions import db
from service.plumbing.idempotency import IdempotencyRecord
from service.plumbing.outbox import Outbox
from service.retention import BATCH, prune
from tests.service.helpers import (
    a_legal_action,
    assert_error,
    create_game,
    play_one,
    read,
    submit,
)
from worker.retention import PRUNE, prune_task
from worker.schedule import beat_schedule

KEY = {"Idempotency-Key": "move-7f3a"}
MOVE = {"action": {"type": "move", "figure": "green5", "path": "+W"}}


def age_keys(app: Flask, hours: float) -> None:
    """Make every idempotency record ``hours`` old."""
    with app.app_context():
        db.session.execute(update(IdempotencyRecord).values(
            created_at=utcnow() - timedelta(hours=hours)))
        db.session.commit()


def test_a_key_is_replayed_within_a_day(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    first = submit(client, game, 0, 0, headers=KEY, **MOVE)
    age_keys(app, 23.9)
    assert submit(client, game, 0, 0, headers=KEY, **MOVE).get_data() == first.get_data()


def test_a_key_older_than_a_day_is_not_replayed(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    assert submit(client, game, 0, 0, headers=KEY, **MOVE).status_code == 201
    age_keys(app, 24.1)
    # A new request, no replay: at version 0 it is now stale.
    assert_error(submit(client, game, 0, 0, headers=KEY, **MOVE), 409, "game/stale_version")


def test_an_expired_key_not_yet_pruned_is_taken_for_a_new_request(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    assert submit(client, game, 0, 0, headers=KEY, **MOVE).status_code == 201
    play_one(client, game)  # seat 1; seat 0 is to move again at version 2
    age_keys(app, 25)
    view = read(client, game, game.seat_tokens[0])
    again = submit(client, game, 0, view["version"], headers=KEY,
                   action=a_legal_action(view))
    assert again.status_code == 201, again.get_data(as_text=True)
    assert "Idempotent-Replayed" not in again.headers
    assert submit(client, game, 0, view["version"], headers=KEY,
                  action=a_legal_action(view)).headers["Idempotent-Replayed"] == "true"


def counts(app: Flask) -> dict[str, int]:
    """Return the rows of each pruned table."""
    with app.app_context():
        return {model.__tablename__: db.session.scalar(select(func.count()).select_from(model))
                for model in (IdempotencyRecord, Outbox, WebhookDelivery, EmailDelivery,
                              PushDelivery, InboundMail, MailCount, Sandbox)}


def fill(app: Flask, game_id: str, now: datetime, old: datetime) -> None:
    """Write rows at and past each retention limit: only the old done ones may go."""
    rows: list[tuple[Any, dict[str, Any]]] = []
    for number, (when, status) in enumerate([(old, "sent"), (old, "failed"), (old, "pending"),
                                             (old, "sending"), (now, "sent")]):
        rows.append((Outbox, {"kind": "email", "payload": {}, "dedupe_key": f"k{number}",
                              "status": status, "attempts": 1, "next_attempt_at": when,
                              "created_at": when}))
    for number, (when, status) in enumerate([(old, "applied"), (old, "received"),
                                             (now, "refused")]):
        rows.append((InboundMail, {"content_key": f"c{number}", "recipient": "x", "sender": "y",
                                   "subject": "", "status": status, "duplicates": 0,
                                   "received_at": when, "updated_at": when}))
    for number, when in enumerate([old, now - timedelta(hours=23)]):
        rows.append((IdempotencyRecord, {"game_id": game_id, "token_hash": "t" * 64,
                                         "key_hash": f"{number}" * 64, "fingerprint": "f",
                                         "status_code": 201, "body": {}, "created_at": when}))
    # Two sandboxes: one kept past its time, one changed a minute ago.
    for number, until in enumerate((now - timedelta(seconds=1), now + timedelta(days=29))):
        rows.append((Sandbox, {"id": f"sandbox{number}".ljust(22, "x"), "token_hash": "h" * 64,
                               "name": "Sandbox", "language": "en", "seed": 1, "start": {},
                               "entries": [], "state": {}, "version": 0, "origin_version": 0,
                               "seats": [], "computer": {}, "created_at": now,
                               "updated_at": now, "expires_at": until}))
    # One client's counts of invitations: yesterday's window is over, this hour's is not.
    for start, end in ((now - timedelta(days=1), now - timedelta(hours=23)),
                       (now - timedelta(minutes=5), now + timedelta(minutes=55))):
        rows.append((MailCount, {"scope": "client", "key_hash": "c" * 64, "window_start": start,
                                 "count": 3, "expires_at": end}))
    with app.app_context():
        endpoint = WebhookEndpoint(game_id=game_id, url="https://x.example/", events=[],
                                   format="standard", secret="s", created_at=now,
                                   updated_at=now)
        db.session.add(endpoint)
        db.session.flush()
        for when in (old, now):
            rows.append((WebhookDelivery, {"endpoint_id": endpoint.id, "outbox_id": 1,
                                           "message_id": "m", "event_type": "ping",
                                           "attempt": 1, "ok": True, "created_at": when}))
            rows.append((EmailDelivery, {"outbox_id": 1, "attempt": 1, "ok": True,
                                         "duration_ms": 3, "created_at": when}))
            rows.append((PushDelivery, {"outbox_id": 1, "subscription_id": 1,
                                        "game_id": game_id, "seat": 0, "attempt": 1,
                                        "ok": True, "created_at": when}))
        for model, values in rows:
            db.session.execute(insert(model).values(values))
        db.session.commit()


def test_pruning_deletes_only_what_is_past_its_time(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    now = utcnow()
    fill(app, game.id, now, now - timedelta(days=31))
    before = counts(app)
    with app.app_context():
        pruned = prune(now)
        again = prune(now)
    assert pruned == {"idempotency_keys": 1, "outbox": 2, "webhook_deliveries": 1,
                      "email_deliveries": 1, "push_deliveries": 1, "mail_inbound": 1,
                      "mail_counts": 1, "sandboxes": 1}
    assert set(again.values()) == {0}
    after = counts(app)
    assert {name: before[name] - after[name] for name in before} == pruned


def test_pruning_goes_in_batches_until_nothing_is_left(
        app: Flask, client: FlaskClient, monkeypatch: Any) -> None:
    monkeypatch.setattr("service.retention.BATCH", 2)
    now = utcnow()
    old = now - timedelta(days=40)
    with app.app_context():
        db.session.execute(insert(Outbox), [
            {"kind": "email", "payload": {}, "dedupe_key": f"b{n}", "status": "sent",
             "attempts": 1, "next_attempt_at": old, "created_at": old} for n in range(5)])
        db.session.commit()
        assert prune(now)["outbox"] == 5
    assert BATCH == 1000  # the real batch is untouched


def test_the_periods_come_from_the_settings(make_app: Callable[..., Flask],
                                            client: FlaskClient) -> None:
    app = make_app(OUTBOX_DONE_DAYS=2)
    game = create_game(client)
    now = utcnow()
    fill(app, game.id, now, now - timedelta(days=3))
    with app.app_context():
        assert prune(now)["outbox"] == 2
        # The task beat sends does the same at the clock's time. (Its body, run here: called
        # as a task it would run in the app of whichever Celery app is the default.)
        assert prune_task.run()["outbox"] == 0


def test_beat_prunes_every_configured_interval() -> None:
    entry = beat_schedule({**DEFAULTS, "RETENTION_CHECK_SECONDS": 600})["prune"]
    assert entry == {"task": PRUNE, "schedule": timedelta(seconds=600),
                     "options": {"expires": 600.0}}
