"""Write the API-shaped fixture of the web page's tests from the real service.

Run from the repository root: ``.venv/bin/python web/tests/make_api_fixtures.py``. It creates
a basic game through the API (Flask's test client on a temporary SQLite database), keeps the
game view the seats saw at the start, plays until two monster phases have passed, and writes
``web/tests/fixtures/api_game.json``: the start view, the current views of seat 0 and the
spectators, and the whole event and action logs, as the API answered them. Rerun it when the
API's shapes change.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from service import create_app  # noqa: E402 - importable once ROOT is on the path
from service.extensions import db  # noqa: E402
from service.migrate import upgrade  # noqa: E402
from tests.service.helpers import (  # noqa: E402
    advance,
    auth,
    create_game,
    phase_of,
    read,
)

OUT = ROOT / "web" / "tests" / "fixtures" / "api_game.json"
MONSTER_PHASES = 2


def main() -> None:
    """Play the game through the API and write what it answered."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/api.sqlite3",
                          "PUBLIC_URL": "https://ff.example", "RATELIMIT_ENABLED": False,
                          "MAIL_DIR": f"{folder}/mail", "SECRET_KEY": "fixtures-" + "k" * 32})
        upgrade(app)
        client = app.test_client()
        game = create_game(client)
        start = read(client, game, game.seat_tokens[0])
        phases = 0
        while phases < MONSTER_PHASES:
            if phase_of(app, game) == "monster":
                phases += 1
            advance(app, client, game)

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
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(data['events'])} events, "
          f"{len(data['actions'])} actions")


if __name__ == "__main__":
    main()
