"""Write the API-shaped fixture of the web page's tests from the real service.

Run from the repository root: ``.venv/bin/python web/tests/make_api_fixtures.py``. It creates
a basic game through the API (Flask's test client on a temporary SQLite database), keeps the
game view the seats saw at the start, plays until two monster phases have passed, then has the
seat to act move and ask to take the move back twice (the seat asked says no, then yes), and writes
``web/tests/fixtures/api_game.json``: the start view, the current views of seat 0 and the
spectators, and the whole event and action logs, as the API answered them. With ``--out DIR``
it writes ``DIR/tests/fixtures/api_game.json`` instead, as ``make_fixtures.py`` does.

The service draws the game's id, tokens and seed from :mod:`secrets`; here they come from a
seeded generator, and the times it wrote are replaced by fixed ones in the same order, so the
same service writes the same file byte for byte (``tests/test_web_fixtures.py`` regenerates it
and compares). Rerun it when the API's shapes or the engine change.
"""

from __future__ import annotations

import json
import random
import re
import secrets
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

from flask import Flask
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from make_fixtures import FIXTURES, web_folder  # noqa: E402 - this script's neighbour

from service import create_app  # noqa: E402 - importable once ROOT is on the path
from service.kernel.vocabulary import SERVICE_EVENT_TYPES  # noqa: E402
from service.migrate import upgrade  # noqa: E402
from service.plumbing.extensions import db  # noqa: E402
from tests.service.helpers import (  # noqa: E402
    NewGame,
    advance,
    auth,
    create_game,
    phase_of,
    read,
)

OUT = FIXTURES / "api_game.json"  # under the web folder
MONSTER_PHASES = 2
SECRETS_SEED = 34
# A fixed key, so the fixtures come out the same each time; random-looking, as the service asks.
FIXTURES_KEY = "fixtures-7c1f9e04b2d85a63e0f47b19c6d2a8e5f3b07d94a1c6e28b"
FIRST_TIME = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
# A time as the API writes it (RFC 3339 in UTC), a whole JSON string.
_TIME = re.compile(r'"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)"')


@contextmanager
def seeded_secrets(seed: int) -> Iterator[None]:
    """Draw every secret from a generator seeded with ``seed`` meanwhile, in place of the
    system's: the same calls then give the same game id, tokens and game seed."""
    rnd = random.Random(seed)

    def token_bytes(nbytes: int | None = None) -> bytes:
        return rnd.randbytes(secrets.DEFAULT_ENTROPY if nbytes is None else nbytes)

    # token_hex and token_urlsafe call token_bytes; randbits and choice are bound at import.
    with mock.patch.multiple(secrets, token_bytes=token_bytes, randbits=rnd.getrandbits,
                             choice=rnd.choice, randbelow=rnd.randrange):
        yield


def fixed_times(text: str) -> str:
    """Replace each time in the JSON ``text`` by a fixed one, a second apart in the order the
    times were (equal times stay equal): the file then says the same on every run."""
    times = sorted({m.group(1) for m in _TIME.finditer(text)}, key=datetime.fromisoformat)
    fixed = {t: (FIRST_TIME + timedelta(seconds=i)).isoformat().replace("+00:00", "Z")
             for i, t in enumerate(times)}
    return _TIME.sub(lambda m: f'"{fixed[m.group(1)]}"', text)


def take_back_twice(app: Flask, client: FlaskClient, game: NewGame) -> None:
    """Have the seat to act move, then ask to take the move back: the seat asked says no
    (``takeback_declined``), then, asked again, yes (``takeback``), so the log holds every
    event of a takeback."""
    seat = read(client, game, game.spectator_token)["to_move"]
    advance(app, client, game)
    for agree in (False, True):
        asked = client.post(game.url("/takeback"), json={}, headers=auth(game.seat_tokens[seat]))
        assert asked.status_code == 201, asked.get_data(as_text=True)
        for approver in asked.get_json()["request"]["approvers"]:
            answered = client.post(game.url("/takeback/answer"), json={"agree": agree},
                                   headers=auth(game.seat_tokens[approver]))
            assert answered.status_code == 200, answered.get_data(as_text=True)


def main(argv: list[str] | None = None) -> None:
    """Play the game through the API and write what it answered, under the web folder the
    command line names."""
    out = web_folder("Write the web page's API fixture from the real service.", argv) / OUT
    with tempfile.TemporaryDirectory() as folder, seeded_secrets(SECRETS_SEED):
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/api.sqlite3",
                          "PUBLIC_URL": "https://ff.example", "RATELIMIT_ENABLED": False,
                          "MAIL_DIR": f"{folder}/mail", "SECRET_KEY": FIXTURES_KEY})
        upgrade(app)
        client = app.test_client()
        game = create_game(client)
        start = read(client, game, game.seat_tokens[0])
        phases = 0
        while phases < MONSTER_PHASES:
            if phase_of(app, game) == "monster":
                phases += 1
            advance(app, client, game)
        take_back_twice(app, client, game)

        def log(kind: str) -> list[dict[str, Any]]:
            response = client.get(game.url(f"/{kind}?limit=500"), headers=auth(game.creator_token))
            return response.get_json()["items"]

        data = {
            "start": start,
            "seat0": read(client, game, game.seat_tokens[0]),
            "spectator": read(client, game, game.spectator_token),
            "events": log("events"),
            "actions": log("actions"),
        }
        with app.app_context():
            db.engine.dispose()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(fixed_times(json.dumps(data, indent=1, sort_keys=True)) + "\n",
                   encoding="utf-8")
    print(f"wrote {out}: {len(data['events'])} events, {len(data['actions'])} actions")
    # The page says each of the service's own events in words (js/model/logwords.js).
    (out.parent / "service_event_types.json").write_text(
        json.dumps(sorted(SERVICE_EVENT_TYPES)) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
