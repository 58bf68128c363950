"""Write ``fixtures/held_out_game.json``: the record of a whole game played through the service,
as a player downloads it, for the import test to replay (``test_held_out.py``).

    .venv/bin/python tests/records/make_held_out_record.py

The game is a real one of this release: three seats (Ann, Bob, and the computer at easy),
the experienced game with a random set-up, a time per move, a move taken back, a seat whose
time ran out, played to its end. Its seed is drawn afresh, so each run writes another game;
the committed file is one such game, held out from the code that wrote it: a later release
must still replay it to the very same final state.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from service import create_app  # noqa: E402
from service.features.deadlines.expiry import expire  # noqa: E402
from service.migrate import upgrade  # noqa: E402
from service.plumbing.columns import utcnow  # noqa: E402
from tests.computer.test_api import run_computer_jobs  # noqa: E402
from tests.service.conftest import app_config  # noqa: E402
from tests.service.helpers import (  # noqa: E402
    advance,
    auth,
    create_game,
    phase_of,
    read,
)

FIXTURE = Path(__file__).parent / "fixtures" / "held_out_game.json"
SEATS = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}, {"computer": "easy"}]


def main() -> None:
    """Play the game and write its record."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(app_config(f"sqlite:///{folder}/record.sqlite3"))
        upgrade(app)
        client = app.test_client()
        game = create_game(client, SEATS, name="Held out", takebacks="free",
                           move_time_limit=3600, options={"experienced": True,
                                                          "random_setup": True})
        rng = random.Random(1)
        taken_back = timed_out = False
        for _ in range(5000):
            run_computer_jobs(app)
            if phase_of(app, game) == "over":
                break
            view = read(client, game, game.spectator_token)
            if view["phase"] == "figures" and view["to_move"] == 0 and not timed_out \
                    and view["position"]["game_turn"] == 2:
                with app.app_context():
                    expire(game.id, utcnow() + timedelta(hours=2))
                timed_out = True
                continue
            advance(app, client, game, rng)
            if not taken_back and view["to_move"] == 1 and view["phase"] == "figures":
                asked = client.post(game.url("/takeback"), headers=auth(game.seat_tokens[1]))
                taken_back = asked.status_code == 201 and asked.get_json()["status"] == "done"
        assert phase_of(app, game) == "over", "the game did not end"
        assert taken_back and timed_out
        record = client.get(game.url("/record"), headers=auth(game.spectator_token)).get_json()
    FIXTURE.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE.relative_to(ROOT)}: {len(record['entries'])} entries")


if __name__ == "__main__":
    main()
