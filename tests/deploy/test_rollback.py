"""A rollback: the previous release (docs/releases.md, its Git tag) runs on a database the
current code wrote, and the current code on one the previous release wrote; every game reads
and plays both ways, on PostgreSQL, with each release's own web process and Celery worker.

The games cover what a live installation holds at an upgrade: a game in its figure phase
with an emailed seat, an experienced game with rule options and a time per move, a paused
game, a cancelled one, and a monster phase left waiting for a worker when the release
changed (the other release's worker resolves it). A game that turns on a rule option the
reader does not know must be refused with ``position/invalid``, never misplayed.

``FF_TEST_PREVIOUS_RELEASE=REF`` runs the test against another commit instead (say
``fa61099~1``, the code before the ``open_exit`` option, which v0.3.0's games must not trip).
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.support.api_player import ApiGame
from tests.support.keys import TEST_SECRET_KEY
from tests.support.postgres_server import PostgresServer
from tests.support.releases import (
    ROOT,
    ReleaseProcesses,
    git,
    has_commit,
    previous_release,
    unpack,
)

pytestmark = pytest.mark.server  # starts the service's own processes, of two releases

OPTIONS_OF_ENGINE = ("from dataclasses import fields\nimport engine\n"
                     "print(' '.join(option.name for option in fields(engine.Options)))")
# Options a long-lived game of the experienced kind turns on, where the reader knows them.
EXPERIENCED = ("experienced", "online_teleporter_rule")  # three_hits: 6-7 players only
EMAILED_SEATS = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}]
THREE_PLAYERS = [{"name": "Ann"}, {"name": "Bob", "email": "bob@example.com"},
                 {"name": "Cleo"}]


@dataclass
class Written:
    """A game one release wrote, what it is for, and what the other must do with it."""

    kind: str
    body: dict[str, Any]
    options: frozenset[str]
    version: int = 0


def previous_commit() -> tuple[str, str]:
    """Return the label and commit of the code to roll back to; skip when this checkout has
    no Git history to take it from."""
    wanted = os.environ.get("FF_TEST_PREVIOUS_RELEASE")
    try:
        if wanted:
            return wanted, git("rev-parse", "--verify", f"{wanted}^{{commit}}").decode().strip()
        release = previous_release()
    except (subprocess.CalledProcessError, FileNotFoundError) as error:
        pytest.skip(f"this checkout has no Git history to take the previous release from "
                    f"({error})")
    except LookupError as error:
        pytest.skip(f"no earlier release is in this checkout's Git history: {error}")
    assert has_commit(release.commit)
    return release.name, release.commit


def settings(database_url: str, folder: Path) -> dict[str, str]:
    """Return the settings both releases run with on one database (and one broker)."""
    return {
        "FF_DATABASE_URL": database_url,
        "FF_CELERY_BROKER_URL": f"sqla+sqlite:///{folder / 'broker.sqlite3'}",
        "FF_SECRET_KEY": TEST_SECRET_KEY,
        "FF_MAIL_DIR": str(folder / "mail"),
        "FF_RATELIMIT_ENABLED": "false",
        "FF_LOG_FORMAT": "text",
    }


def options_of(run: ReleaseProcesses) -> frozenset[str]:
    """Return the names of the rule options the release's engine knows."""
    return frozenset(run.python("-c", OPTIONS_OF_ENGINE).split())


def game(run: ReleaseProcesses, written: Written) -> ApiGame:
    """Return the written game as a client of ``run`` sees it."""
    return ApiGame(run.base_url, written.body, requests.Session())


def post(api: ApiGame, suffix: str, token: str) -> requests.Response:
    """POST to the game's ``suffix`` with ``token``, no body."""
    return api.http.post(api.url(suffix), headers={"Authorization": f"Bearer {token}"},
                         timeout=30)


def write_games(run: ReleaseProcesses, reader_options: frozenset[str]) -> list[Written]:
    """Make the games of an installation in use with the release ``run``; the last one is
    left waiting for its monster phase, with the worker stopped."""
    known = options_of(run)
    written: list[Written] = []

    def create(kind: str, seats: list[dict[str, Any]], options: frozenset[str],
               **spec: Any) -> ApiGame:
        api = ApiGame.create(run.base_url, seats=seats,
                             options={name: True for name in options}, **spec)
        written.append(Written(kind, {"game": {"id": api.id}, "creator_token":
                                      api.creator_token, "spectator_link": api.spectator_link,
                                      "seats": [{"seat": seat, "link": f"#t={token}"}
                                                for seat, token in api.seat_tokens.items()]},
                               options))
        return api

    basic = create("basic", EMAILED_SEATS, frozenset())
    for _ in range(3):
        basic.play_one(basic.view())
    experienced = create("experienced", THREE_PLAYERS,
                         frozenset(EXPERIENCED) & known & reader_options,
                         move_time_limit=86_400)
    for _ in range(2):
        experienced.play_one(experienced.view())
    paused = create("paused", EMAILED_SEATS, frozenset())
    paused.play_one(paused.view())
    assert post(paused, "/pause", paused.creator_token).status_code == 200
    cancelled = create("cancelled", EMAILED_SEATS, frozenset())
    assert post(cancelled, "/cancel", cancelled.creator_token).status_code == 200
    for option in sorted(known - reader_options):
        # Every option but the experienced game itself is one of the experienced game's.
        create(f"only {option}", EMAILED_SEATS, frozenset({option, "experienced"}))
    run.worker.stop()
    waiting = create("waiting", EMAILED_SEATS, frozenset())
    written[-1].version, _ = waiting.play_to_monster_phase()
    return written


def read_and_play(run: ReleaseProcesses, written: list[Written],
                  reader_options: frozenset[str]) -> dict[str, str]:
    """Read every game with every token it has and play each that is under way through a
    monster phase resolved by this release's worker; return what happened to each."""
    outcome: dict[str, str] = {}
    for record in written:
        api = game(run, record)
        if not record.options <= reader_options:
            response = api.http.get(api.url(), headers={
                "Authorization": f"Bearer {api.spectator_token}"}, timeout=30)
            assert response.status_code == 422, (record.kind, response.text)
            assert response.json()["error"]["code"] == "position/invalid", response.text
            outcome[record.kind] = "refused"
            continue
        for token in (api.spectator_token, api.creator_token, *api.seat_tokens.values()):
            assert api.view(token)["id"] == api.id
        events = api.http.get(api.url("/events"), timeout=30, headers={
            "Authorization": f"Bearer {api.spectator_token}"})
        assert events.status_code == 200, (record.kind, events.text)
        view = api.view()
        if record.kind == "cancelled":
            assert view["status"] == "cancelled", view["status"]
            outcome[record.kind] = "read"
            continue
        if record.kind == "paused":
            resumed = post(api, "/resume", api.creator_token)
            assert resumed.status_code == 200, resumed.text
        if record.kind == "waiting":
            view = api.wait_for_version(record.version, timeout=90)
            assert view["phase"] == "figures", view["phase"]
        version, _ = api.play_to_monster_phase()
        after = api.wait_for_version(version, timeout=90)
        assert after["version"] == version + 1 and after["phase"] == "figures", after["phase"]
        outcome[record.kind] = "played"
    return outcome


@pytest.mark.timeout(600)
def test_the_release_before_and_this_code_read_and_play_each_others_games(
    postgres_server: PostgresServer, tmp_path: Path,
) -> None:
    label, commit = previous_commit()
    tree = unpack(commit, tmp_path / "previous")

    # This code writes; the release before reads and plays (a rollback: no migration).
    folder = tmp_path / "forward"
    env = settings(postgres_server.create_database("rollback_forward"), folder)
    current = ReleaseProcesses(ROOT, env, folder / "current")
    before = ReleaseProcesses(tree, env, folder / "before")
    assert current.code_folders() == {str(ROOT)}
    assert before.code_folders() == {str(tree)}, f"{label} did not run from its own code"
    current.migrate()
    with current:
        written = write_games(current, options_of(before))
    with before:
        outcome = read_and_play(before, written, options_of(before))
    assert {"basic", "experienced", "paused", "waiting"} <= {
        kind for kind, done in outcome.items() if done == "played"}, outcome

    # The release before writes; this code upgrades the schema, then reads and plays.
    folder = tmp_path / "back"
    env = settings(postgres_server.create_database("rollback_back"), folder)
    before = ReleaseProcesses(tree, env, folder / "before")
    current = ReleaseProcesses(ROOT, env, folder / "current")
    before.migrate()
    with before:
        written = write_games(before, options_of(current))
    current.migrate()
    with current:
        outcome = read_and_play(current, written, options_of(current))
    assert {"basic", "experienced", "paused", "waiting"} <= {
        kind for kind, done in outcome.items() if done == "played"}, outcome
    assert all(done != "refused" for done in outcome.values()), outcome
