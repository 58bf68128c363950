"""worker.monster_job: the relay running a monster-phase job resolves the phase once."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.plumbing import outbox
from service.plumbing.extensions import db
from service.plumbing.outbox import SENT, Outbox
from service.plumbing.unit_of_work import write_transaction
from tests.service.helpers import create_game, play_until, read
from tests.worker.helpers import row
from worker import relay


def monster_job_id(app: Flask, game_id: str, version: int) -> int:
    """Return the id of the outbox row written for the game's monster phase at ``version``."""
    with app.app_context():
        found = db.session.scalar(select(Outbox.id).where(
            Outbox.dedupe_key == f"monster:{game_id}:{version}"))
        db.session.rollback()
    assert found is not None
    return found


def test_relaying_the_job_resolves_the_monster_phase(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    play_until(app, client, game, "monster")
    version = read(client, game, game.spectator_token)["version"]
    job = monster_job_id(app, game.id, version)
    with app.app_context():
        assert relay.relay([job]) == {job: SENT}
    view = read(client, game, game.spectator_token)
    assert (view["version"], view["phase"]) == (version + 1, "figures")
    assert row(app, job)["attempts"] == 1


def test_a_duplicate_or_late_job_is_done_without_changing_the_game(
    app: Flask, client: FlaskClient,
) -> None:
    game = create_game(client)
    play_until(app, client, game, "monster")
    version = read(client, game, game.spectator_token)["version"]
    with app.app_context():
        relay.relay([monster_job_id(app, game.id, version)])
    after = read(client, game, game.spectator_token)
    with app.app_context(), write_transaction() as session:
        late = [outbox.add(session, outbox.MONSTER_PHASE,
                           {"game_id": game.id, "version": stale}, f"again:{stale}")
                for stale in (version, version - 1)]
    ids = [job for job in late if job is not None]
    with app.app_context():
        assert relay.relay(ids) == {job: SENT for job in ids}
    assert read(client, game, game.spectator_token) == after
