"""GET /metrics: the outbox's depth and age, deadlines passed, monster phases and games, in
the Prometheus text format, for the holder of the metrics token only."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import select, update

from service.kernel.models import Game
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.service.helpers import create_game, play_one
from worker.relay import relay

TOKEN = "metrics-secret-for-tests"
SEATS = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]


def scrape(client: FlaskClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    response = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "text/plain"
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(response.get_data(as_text=True))
            for sample in family.samples}


def test_there_are_no_metrics_without_a_token_set(client: FlaskClient) -> None:
    assert client.get("/metrics").status_code == 404


def test_a_wrong_token_gets_nothing(app: Flask, client: FlaskClient) -> None:
    app.config["METRICS_TOKEN"] = TOKEN
    try:
        assert client.get("/metrics").status_code == 401
        assert client.get("/metrics", headers={"Authorization": "Bearer nope"}).status_code == 401
    finally:
        app.config["METRICS_TOKEN"] = None


def test_the_figures_follow_the_games(app: Flask, client: FlaskClient) -> None:
    app.config["METRICS_TOKEN"] = TOKEN
    try:
        game = create_game(client, seats=SEATS, move_time_limit=3600)
        before = scrape(client)
        assert before[("ff_games", (("status", "active"),))] == 1
        pending = before[("ff_outbox_rows", (("kind", "email"), ("status", "pending")))]
        assert pending >= 2  # the invitations
        assert before[("ff_outbox_oldest_pending_seconds", (("kind", "email"),))] >= 0
        assert before[("ff_deadline_sweep_lag_seconds", ())] == 0

        while play_one(client, game)["game"]["phase"] != "monster":
            pass
        with app.app_context():
            jobs = db.session.scalars(select(Outbox.id).where(
                Outbox.kind == "monster_phase")).all()
            db.session.rollback()
            assert list(relay(jobs).values()) == ["sent"]  # as the worker runs it
            db.session.execute(update(Game).where(Game.id == game.id).values(
                move_deadline=utcnow() - timedelta(minutes=5)))
            db.session.commit()
        after = scrape(client)
        assert after[("ff_monster_phase_seconds", (("stat", "count"),))] == 1
        assert after[("ff_monster_phase_seconds", (("stat", "max"),))] >= 0
        assert 290 <= after[("ff_deadline_sweep_lag_seconds", ())] <= 400
        assert after[("ff_outbox_rows", (("kind", "email"), ("status", "pending")))] > pending
    finally:
        app.config["METRICS_TOKEN"] = None


def test_the_oldest_wait_reads_0_when_nothing_waits_rather_than_vanishing(
        app: Flask, client: FlaskClient) -> None:
    app.config["METRICS_TOKEN"] = TOKEN
    try:
        empty = scrape(client)  # no row stored at all
        for kind in ("monster_phase", "email", "webhook"):
            assert empty[("ff_outbox_oldest_pending_seconds", (("kind", kind),))] == 0
        create_game(client, seats=SEATS)
        with app.app_context():
            db.session.execute(update(Outbox).values(next_attempt_at=utcnow()
                                                     - timedelta(minutes=2)))
            db.session.commit()
        waiting = scrape(client)
        assert 110 <= waiting[("ff_outbox_oldest_pending_seconds", (("kind", "email"),))] <= 200
        with app.app_context():
            db.session.execute(update(Outbox).values(status="sent"))
            db.session.commit()
        sent = scrape(client)
        assert sent[("ff_outbox_oldest_pending_seconds", (("kind", "email"),))] == 0
    finally:
        app.config["METRICS_TOKEN"] = None
